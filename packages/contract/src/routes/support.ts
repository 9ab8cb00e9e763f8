import { Type, type Static } from '@sinclair/typebox';
import { StoredCowStatus } from '../cow-schemas';
import { defineRoute } from '../route';
import { CountryCode, DateTimeString, FarmNumber, Id, IdParam, LanguageKeySchema } from '../schemas';

// The support console's calls (issue 35): an agent's view of the platform. Every one takes an admin token
// (a farm token is refused), and every one that changes something writes the audit log.
const tag = 'support';

export const FarmSummarySchema = Type.Object({
  id: Id,
  farmNumber: FarmNumber,
  country: Type.String(),
  /** The first owner's name, as support asks for them on the phone. */
  ownerName: Type.String(),
  language: LanguageKeySchema,
  cows: Type.Integer({ minimum: 0 }),
  gateways: Type.Integer({ minimum: 0 }),
  lastReadingAt: Type.Union([DateTimeString, Type.Null()]),
});
export type FarmSummary = Static<typeof FarmSummarySchema>;

export const listFarms = defineRoute({
  method: 'GET',
  path: 'admin/farms',
  access: 'admin',
  tag,
  summary:
    'Farms of the platform, newest first, at most 100; `q` matches a farm number, an owner name, username ' +
    'or phone.',
  query: Type.Object({ q: Type.Optional(Type.String({ maxLength: 64 })) }),
  data: Type.Array(FarmSummarySchema),
});

export const FarmViewSchema = Type.Object({
  farm: FarmSummarySchema,
  users: Type.Array(
    Type.Object({
      id: Id,
      username: Type.String(),
      name: Type.String(),
      phone: Type.String(),
      role: Type.String(),
      disabled: Type.Boolean(),
    }),
  ),
  cows: Type.Array(
    Type.Object({
      id: Id,
      code: Type.String(),
      status: StoredCowStatus,
      sensor: Type.Union([Type.Integer(), Type.Null()]),
      lastReadingAt: Type.Union([DateTimeString, Type.Null()]),
    }),
  ),
  gateways: Type.Array(
    Type.Object({
      id: Id,
      name: Type.String(),
      username: Type.String(),
      lastSeenAt: Type.Union([DateTimeString, Type.Null()]),
      lastAddress: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  sensors: Type.Array(
    Type.Object({
      sensor: Type.Integer(),
      cowCode: Type.Union([Type.String(), Type.Null()]),
      lastReadingAt: Type.Union([DateTimeString, Type.Null()]),
    }),
  ),
  notices: Type.Array(
    Type.Object({
      id: Id,
      code: Type.Integer(),
      cowCode: Type.Union([Type.String(), Type.Null()]),
      sensor: Type.Union([Type.Integer(), Type.Null()]),
      time: DateTimeString,
      read: Type.Boolean(),
    }),
  ),
  /** What the farm's users left in their message lists (user/user/insertmessage), newest first. */
  messages: Type.Array(
    Type.Object({ id: Id, username: Type.String(), message: Type.String(), time: DateTimeString }),
  ),
});
export type FarmView = Static<typeof FarmViewSchema>;

export const viewFarm = defineRoute({
  method: 'GET',
  path: 'admin/farms/:id',
  access: 'admin',
  tag,
  summary:
    'A farm read-only, as support needs it on a call: its users, cows (culled too, to restore), gateways, ' +
    'sensors, the latest 30 notices and the users’ messages.',
  params: Type.Object({ id: IdParam }),
  data: FarmViewSchema,
});

const NewsText = Type.Object({
  language: LanguageKeySchema,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Type.String({ minLength: 1, maxLength: 10_000 }),
});

export const NewsEntrySchema = Type.Object({
  id: Id,
  texts: Type.Array(NewsText),
  publishedAt: DateTimeString,
  publishedBy: Type.String(),
});
export type NewsEntry = Static<typeof NewsEntrySchema>;

export const publishNews = defineRoute({
  method: 'POST',
  path: 'admin/news',
  access: 'admin',
  tag,
  summary:
    'Publish a news item with its text in one or more languages (the first is shown where the reader’s ' +
    'language has none); at most one text per language.',
  body: Type.Object({ texts: Type.Array(NewsText, { minItems: 1, maxItems: 9 }) }),
  data: NewsEntrySchema,
});

export const listNews = defineRoute({
  method: 'GET',
  path: 'admin/news',
  access: 'admin',
  tag,
  summary: 'Every news item with all its texts, newest first, at most 100',
  data: Type.Array(NewsEntrySchema),
});

export const withdrawNews = defineRoute({
  method: 'DELETE',
  path: 'admin/news/:id',
  access: 'admin',
  tag,
  summary: 'Withdraw a news item: farms no longer see it',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id }),
});

export const PlatformNoticeTargetSchema = Type.Union([
  Type.Object({ kind: Type.Literal('all') }),
  Type.Object({ kind: Type.Literal('country'), country: CountryCode }),
  Type.Object({ kind: Type.Literal('farm'), farmId: Id }),
]);
export type PlatformNoticeTarget = Static<typeof PlatformNoticeTargetSchema>;

export const sendPlatformNotice = defineRoute({
  method: 'POST',
  path: 'admin/notices',
  access: 'admin',
  tag,
  summary:
    'A platform notice (1101 announcement, 1102 app update available) to every farm, a country’s farms or ' +
    'one farm: it lands on their notice tab and their open sockets at once. Answers how many farms got it.',
  body: Type.Object({
    code: Type.Union([Type.Literal(1101), Type.Literal(1102)]),
    target: PlatformNoticeTargetSchema,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ maxLength: 2000 }),
  }),
  data: Type.Object({ farms: Type.Integer({ minimum: 0 }) }),
});

export const AppVersionSettingSchema = Type.Object({
  /** Clients whose `version` header is below it get 409 with the latest version (spec §8). */
  minVersionCode: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  latestAppVersion: Type.String(),
});

export const getAppVersion = defineRoute({
  method: 'GET',
  path: 'admin/settings/app-version',
  access: 'admin',
  tag,
  summary: 'The minimum app version clients must run, and the latest version they are told to update to',
  data: AppVersionSettingSchema,
});

export const setAppVersion = defineRoute({
  method: 'PUT',
  path: 'admin/settings/app-version',
  access: 'admin',
  tag,
  summary:
    'Set the minimum app version: from then on every instance answers 409 to older clients (within 30 s ' +
    'on instances other than this one).',
  body: Type.Object({ minVersionCode: Type.Integer({ minimum: 0, maximum: 1_000_000 }) }),
  data: AppVersionSettingSchema,
});

export const AuditEntrySchema = Type.Object({
  id: Id,
  agent: Type.String(),
  action: Type.String({ description: 'e.g. restoreCow, disableUser, publishNews, sendPlatformNotice' }),
  target: Type.String({ description: 'what it acted on, e.g. cow 17, farm KR/F-100, all farms' }),
  details: Type.Record(Type.String(), Type.Unknown()),
  time: DateTimeString,
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const auditLog = defineRoute({
  method: 'GET',
  path: 'admin/audit',
  access: 'admin',
  tag,
  summary: 'What support did, newest first, 100 a page; `before` (an entry id) pages back',
  query: Type.Object({ before: Type.Optional(IdParam) }),
  data: Type.Array(AuditEntrySchema),
});

export const whoAmI = defineRoute({
  method: 'GET',
  path: 'admin/me',
  access: 'admin',
  tag,
  summary: 'The agent behind the admin token: the console shows who is signed in',
  data: Type.Object({ id: Id, username: Type.String(), name: Type.String() }),
});
