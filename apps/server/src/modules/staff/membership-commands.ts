import { ERROR_CODES } from '@cowcare/contract/errors';
import type { FarmRole } from '@cowcare/contract/schemas';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import { revokeAllSessionsOfUser, type RevokedSessions } from '../auth/sessions-repository';
import {
  countOwners,
  findCandidates,
  lockFarmMembership,
  lockMember,
  markRemoved,
  placeMember,
  setMemberRole,
  type CandidateRecord,
  type MemberRecord,
} from './staff-repository';

const lastOwner = () =>
  conflict(ERROR_CODES.lastOwner, 'The farm must keep at least one owner: make someone else owner first');

const noSuchMember = () => notFound('No such member of this farm');

/** Whether the user may be moved into another farm: no farm of their own with people or data in it. */
const isFree = (candidate: CandidateRecord): boolean =>
  candidate.removedFromFarm || (candidate.otherMembers === 0 && !candidate.farmHasData);

/**
 * Adds an existing user to the owner's farm as staff, found by username or phone. A user who belongs to no
 * farm (an owner removed them) or whose own farm is empty (no cows, money, gateways or other member)
 * moves in; that empty farm stays, without members. Anyone else belongs to a farm of their own and is
 * refused (409 E_MEMBER_OF_ANOTHER_FARM): moving them would leave their farm's data behind. Their logins
 * end, so they log in again into this farm; the caller closes the ended logins' sockets.
 */
export const addExistingUser = (
  db: Database,
  owner: AuthUser,
  login: string,
): Promise<{ member: MemberRecord; revoked: RevokedSessions }> =>
  db.transaction(async (tx) => {
    await lockFarmMembership(tx, owner.farmId);
    const candidates = await findCandidates(tx, login.trim());
    // A username match wins over phone matches: usernames are unique, phones are not.
    const byUsername = candidates.find((user) => user.username.toLowerCase() === login.trim().toLowerCase());
    if (!byUsername && candidates.length > 1) {
      throw conflict(
        ERROR_CODES.phoneAmbiguous,
        'Several users have this phone number: add the person by their username',
      );
    }
    const candidate = byUsername ?? candidates[0];
    if (!candidate || candidate.disabled) throw notFound('No CowCare user has this username or phone');
    if (candidate.farmId === owner.farmId && !candidate.removedFromFarm) {
      throw conflict(ERROR_CODES.alreadyMember, 'This person is a member of this farm already');
    }
    if (!isFree(candidate)) {
      throw conflict(
        ERROR_CODES.memberOfAnotherFarm,
        'This person belongs to another farm. They must be removed from it before they can join yours',
      );
    }
    await placeMember(tx, candidate.id, owner.farmId, 'staff');
    const revoked = await revokeAllSessionsOfUser(tx, candidate.id, 'joined another farm');
    return { member: { ...candidate, farmId: owner.farmId, role: 'staff' as const }, revoked };
  });

/** Changes a member's role; the farm keeps at least one owner. Counts from the member's next call. */
export const changeRole = (
  db: Database,
  owner: AuthUser,
  memberId: number,
  role: FarmRole,
): Promise<MemberRecord> =>
  db.transaction(async (tx) => {
    await lockFarmMembership(tx, owner.farmId);
    const member = await lockMember(tx, owner.farmId, memberId);
    if (!member) throw noSuchMember();
    if (member.role === role) return member;
    if (member.role === 'owner' && (await countOwners(tx, owner.farmId)) <= 1) throw lastOwner();
    await setMemberRole(tx, memberId, role);
    return { ...member, role };
  });

/**
 * Removes a member from the farm and ends every login of theirs in one transaction (as support's disabling
 * does): from the commit on their tokens fail; the caller closes their sockets. The farm keeps an owner.
 */
export const removeMember = (
  db: Database,
  owner: AuthUser,
  memberId: number,
): Promise<{ revoked: RevokedSessions }> =>
  db.transaction(async (tx) => {
    await lockFarmMembership(tx, owner.farmId);
    const member = await lockMember(tx, owner.farmId, memberId);
    if (!member) throw noSuchMember();
    if (member.role === 'owner' && (await countOwners(tx, owner.farmId)) <= 1) throw lastOwner();
    await markRemoved(tx, memberId, owner.userId);
    return { revoked: await revokeAllSessionsOfUser(tx, memberId, 'removed from the farm') };
  });
