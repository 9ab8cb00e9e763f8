import { Type, type Static } from '@sinclair/typebox';
import { INVITATION_CODE_DAYS } from '@cowcare/domain/constants';
import { defineRoute } from '../route';
import { DateTimeString, FarmRoleSchema, Id, IdParam, LanguageKeySchema, SessionSchema } from '../schemas';
import { NewUsername, Password, PersonName, Phone } from './auth';

const tag = 'staff';

/** Days an invitation code works after it is made. */
export const INVITATION_DAYS = INVITATION_CODE_DAYS;

/**
 * An invitation code as typed: letters and digits, spaces and dashes being ignored (the app shows it as
 * `ABCDE-FGH23`), whatever the case.
 */
export const InvitationCode = Type.String({ minLength: 6, maxLength: 32, pattern: '^[A-Za-z0-9 -]+$' });

export const FarmMemberSchema = Type.Object({
  id: Id,
  username: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  role: FarmRoleSchema,
  /** The caller: an owner sees which row is their own. */
  you: Type.Boolean(),
});
export type FarmMember = Static<typeof FarmMemberSchema>;

export const FarmInvitationSchema = Type.Object({
  id: Id,
  createdAt: DateTimeString,
  expiresAt: DateTimeString,
  /** Who made it: a member's name. */
  createdBy: Type.String(),
});
export type FarmInvitation = Static<typeof FarmInvitationSchema>;

export const listStaff = defineRoute({
  method: 'GET',
  path: 'staff/members',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: "The farm's members with their roles (owners first), and the invitation codes still open",
  data: Type.Object({
    members: Type.Array(FarmMemberSchema),
    invitations: Type.Array(FarmInvitationSchema, { description: 'open ones only, newest first' }),
  }),
});

export const addMember = defineRoute({
  method: 'POST',
  path: 'staff/members',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Add an existing CowCare user as staff, by username or phone. They qualify when they belong to no farm ' +
    '(removed from one) or when their own farm has no cows and no other member; a user of another farm ' +
    'with cows or members answers 409 E_MEMBER_OF_ANOTHER_FARM. Their logins end, so they log in again ' +
    'into this farm',
  body: Type.Object({
    login: Type.String({ minLength: 1, maxLength: 64, description: 'a username or a phone number' }),
  }),
  data: FarmMemberSchema,
});

export const changeMemberRole = defineRoute({
  method: 'PUT',
  path: 'staff/members/:id/role',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    "Change a member's role; the farm keeps at least one owner (409 E_LAST_OWNER). Takes effect on the " +
    "member's next call",
  params: Type.Object({ id: IdParam }),
  body: Type.Object({ role: FarmRoleSchema }),
  data: FarmMemberSchema,
});

export const removeMember = defineRoute({
  method: 'DELETE',
  path: 'staff/members/:id',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Remove a member from the farm: every login of theirs ends at once (their sockets close with 4440) and ' +
    'they cannot log in until an owner adds them again. The farm keeps at least one owner (409 E_LAST_OWNER)',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id, removed: Type.Literal(true) }),
});

export const createInvitation = defineRoute({
  method: 'POST',
  path: 'staff/invitations',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: `Make a one-time invitation code for a new person to join as staff; it works for ${INVITATION_DAYS} days. The code is shown only in this answer`,
  data: Type.Composite([FarmInvitationSchema, Type.Object({ code: Type.String() })]),
});

export const withdrawInvitation = defineRoute({
  method: 'DELETE',
  path: 'staff/invitations/:id',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: 'Withdraw an open invitation code of the farm: it stops working at once',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id, withdrawn: Type.Literal(true) }),
});

export const joinFarm = defineRoute({
  method: 'POST',
  path: 'login/login/joinfarm',
  access: 'public',
  tag,
  summary:
    "Register a new user into the farm of an invitation code, as staff (instead of creating a farm); the code's " +
    'farm gives the farm number, country and city. 404 E_INVITATION_UNKNOWN, 409 E_INVITATION_USED or ' +
    'E_INVITATION_EXPIRED. Answers a logged-in session',
  body: Type.Object({
    invitationCode: InvitationCode,
    username: NewUsername,
    password: Password,
    name: PersonName,
    phone: Phone,
    language: Type.Optional(LanguageKeySchema),
  }),
  data: SessionSchema,
});
