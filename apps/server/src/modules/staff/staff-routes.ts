import { api } from '@cowcare/contract/api';
import { INVITATION_DAYS } from '@cowcare/contract/routes/staff';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { AppError, notFound, throttled } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { startSession } from '../auth/auth-routes';
import { closeSocketsOfEndedLogins } from '../auth/ended-logins';
import { hashPassword } from '../auth/passwords';
import { presentUser } from '../users/user-presenter';
import { findUserById } from '../users/users-repository';
import { hashInvitationCode, newInvitationCode } from './invitation-codes';
import { publishMemberRole } from '../../realtime/farm-changes';
import { joinFarmWithCode, unknownInvitation } from './join-farm';
import { addExistingUser, changeRole, removeMember } from './membership-commands';
import { presentInvitation, presentMember } from './staff-presenter';
import {
  insertInvitation,
  listMembers,
  listOpenInvitations,
  withdrawOpenInvitation,
} from './staff-repository';

/** The farm's people (architecture §10). Every call but joinfarm is owner-only by its contract flag. */
export const staffRoutes = (services: Services) => [
  bind(api.staff.listStaff, async ({ user }) => {
    const [members, invitations] = await Promise.all([
      listMembers(services.db, user.farmId),
      listOpenInvitations(services.db, user.farmId),
    ]);
    return {
      members: members.map((member) => presentMember(member, user.userId)),
      invitations: invitations.map(presentInvitation),
    };
  }),

  bind(api.staff.addMember, async ({ body, user }) => {
    const { member, revoked } = await addExistingUser(services.db, user, body.login);
    await closeSocketsOfEndedLogins(services.bus, revoked);
    return presentMember(member, user.userId);
  }),

  bind(api.staff.changeMemberRole, async ({ params, body, user }) => {
    const member = await changeRole(services.db, user, params.id, body.role);
    await publishMemberRole(services.bus, user.farmId, params.id, body.role);
    return presentMember(member, user.userId);
  }),

  bind(api.staff.removeMember, async ({ params, user }) => {
    const { revoked } = await removeMember(services.db, user, params.id);
    await closeSocketsOfEndedLogins(services.bus, revoked);
    return { id: params.id, removed: true as const };
  }),

  bind(api.staff.createInvitation, async ({ user }) => {
    const code = newInvitationCode();
    const invitation = await insertInvitation(services.db, {
      farmId: user.farmId,
      codeHash: hashInvitationCode(code),
      createdByUserId: user.userId,
      days: INVITATION_DAYS,
    });
    return { ...presentInvitation(invitation), code };
  }),

  bind(api.staff.withdrawInvitation, async ({ params, user }) => {
    if (!(await withdrawOpenInvitation(services.db, user.farmId, params.id))) {
      throw notFound('No open invitation of this farm has this id');
    }
    return { id: params.id, withdrawn: true as const };
  }),

  bind(api.staff.joinFarm, async ({ body, ip }) => {
    const passwordHash = await hashPassword(body.password);
    // Only an unknown code counts: a used or expired one is a real code, and a taken username no guess.
    const attempt = await services.invitationThrottle.guard(ip, () =>
      joinFarmWithCode(services.db, { ...body, passwordHash }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === ERROR_CODES.invitationUnknown) return undefined;
        throw error;
      }),
    );
    if (attempt.outcome === 'throttled') {
      throw throttled(attempt.retryAfterSeconds, 'Too many unknown invitation codes. Try again later.');
    }
    if (attempt.outcome === 'failed') throw unknownInvitation();
    const userId = attempt.value;
    const user = await findUserById(services.db, userId);
    if (!user) throw new Error(`joined user ${userId} not found`);
    return { ...(await startSession(services, userId)), user: presentUser(user) };
  }),
];
