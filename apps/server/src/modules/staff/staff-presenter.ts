import type { FarmInvitation, FarmMember } from '@cowcare/contract/routes/staff';
import type { InvitationRecord, MemberRecord } from './staff-repository';

export const presentMember = (member: MemberRecord, callerId: number): FarmMember => ({
  id: member.id,
  username: member.username,
  name: member.name,
  phone: member.phone,
  role: member.role,
  you: member.id === callerId,
});

export const presentInvitation = (invitation: InvitationRecord): FarmInvitation => ({
  id: invitation.id,
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
  createdBy: invitation.createdBy,
});
