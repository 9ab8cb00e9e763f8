import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { BigId, CountryCode, DateTimeString, EventTime, FarmNumber, Id } from '../schemas';

const tag = 'notices';

/** Unread notices of this many days make up `list` / `listb` (the badge and the "new" part of the tab). */
export const RECENT_NOTICE_DAYS = 7;
/** At most this many unread notices in `list` / `listb`, newest first. */
export const RECENT_NOTICE_LIMIT = 200;
/** `all` / `allb`: the newest notices of any age, read or not, at most this many. */
export const NOTICE_HISTORY_LIMIT = 500;

/**
 * A notification with the spec's fields (§3: cowid, sensor, noticecode, time) and what the notice tab
 * filters and shows: `code` is the cow's code (C…), `group` the code group as the filter sends it
 * (hyphen-joined, e.g. '201-202-203-204'), `details` the values that triggered it (their names and types by
 * code in notice-details.ts), `readed` 1 once marked read.
 */
/**
 * A still from the cow's camera on her estrus, severe-fever and calving notices (issue 37): being taken
 * (`pending`), there (`taken`, with `url` to the JPEG), or not to be had (`failed`: the camera was `offline` or
 * refused its credentials, `unauthorized`). `camera` names the camera it came from.
 */
export const NoticeSnapshotSchema = Type.Object({
  state: Type.Union([Type.Literal('pending'), Type.Literal('taken'), Type.Literal('failed')]),
  camera: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  takenAt: Type.Union([DateTimeString, Type.Null()]),
  failure: Type.Union([Type.Literal('offline'), Type.Literal('unauthorized'), Type.Null()]),
});
export type NoticeSnapshot = Static<typeof NoticeSnapshotSchema>;

export const NoticeSchema = Type.Object({
  id: BigId,
  cowid: Type.Union([Id, Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()], {
    description: "the cow's code, null for farm-wide notices",
  }),
  sensor: Type.Union([Type.Integer(), Type.Null()]),
  noticecode: Type.Integer({ description: 'architecture §6: 101 … 1102' }),
  time: DateTimeString,
  group: Type.String({ description: "the code's group, hyphen-joined ('201-202-203-204')" }),
  details: Type.Record(Type.String(), Type.Unknown()),
  readed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** Only on notices whose cow has a camera (NOTICE_CODES_WITH_SNAPSHOT). */
  snapshot: Type.Optional(NoticeSnapshotSchema),
});
export type Notice = Static<typeof NoticeSchema>;

/** The spec's path shape: `{country}/{FarmNumber}/{phone}`; the phone must be the caller's own (403). */
const NoticeParams = Type.Object({
  country: CountryCode,
  FarmNumber,
  phone: Type.String({ minLength: 5, maxLength: 20, pattern: '^\\+?[0-9 -]+$' }),
});
const scopes = { country: 'country', FarmNumber: 'farmNumber' } as const;

export const getNoticeData = defineRoute({
  method: 'GET',
  path: 'common/common/getNoticeData/:country/:FarmNumber/:phone',
  access: 'user',
  tag,
  summary:
    `Sensor and health notices (every code but the reproduction reminders 601-603): list = unread of the ` +
    `last ${RECENT_NOTICE_DAYS} days (at most ${RECENT_NOTICE_LIMIT}), all = the newest ${NOTICE_HISTORY_LIMIT}, ` +
    "both newest first. 403 when the phone is not the caller's.",
  params: NoticeParams,
  scopes,
  data: Type.Object({ list: Type.Array(NoticeSchema), all: Type.Array(NoticeSchema) }),
});

export const getNoticeDatab = defineRoute({
  method: 'GET',
  path: 'common/common/getNoticeDatab/:country/:FarmNumber/:phone',
  access: 'user',
  tag,
  summary:
    'Reproduction reminders (601 pregnancy check due, 602 expected estrus due, 603 expected calving near): ' +
    'listb = unread of the last 7 days, allb = the newest 500, like getNoticeData',
  params: NoticeParams,
  scopes,
  data: Type.Object({ listb: Type.Array(NoticeSchema), allb: Type.Array(NoticeSchema) }),
});

export const NoticeGroupCountSchema = Type.Object({
  group: Type.String({ description: "hyphen-joined codes, e.g. '201-202-203-204'" }),
  count: Type.Integer({ minimum: 0 }),
});

/** How far back "today" may begin: the start of a day anywhere on Earth is less than 48 hours ago. */
export const NOTICE_DAY_MAX_HOURS = 48;

export const getNoticeDatabtd = defineRoute({
  method: 'GET',
  path: 'common/common/getNoticeDatabtd/:country/:FarmNumber/:phone',
  access: 'user',
  tag,
  summary:
    "Today's counts per code group, all 11 groups in architecture §6 order (zeros included). The server " +
    "does not know the farm's time zone, so the app sends the start of its own day as `since`; without it, " +
    "'today' is the 24 hours up to now.",
  params: NoticeParams,
  query: Type.Object({
    since: Type.Optional(
      Type.String({
        ...EventTime,
        description: `Start of the caller's day; within the last ${NOTICE_DAY_MAX_HOURS} hours.`,
      }),
    ),
  }),
  scopes,
  data: Type.Object({ tdcnlist: Type.Array(NoticeGroupCountSchema) }),
});

export const readNotices = defineRoute({
  method: 'PUT',
  path: 'common/common/readnotice',
  access: 'user',
  tag,
  summary:
    "Mark notices read. All ids must be the farm's own: one foreign or unknown id is 404 and nothing is " +
    'marked. Answers how many were unread before.',
  body: Type.Object({
    ids: Type.Array(BigId, { minItems: 1, maxItems: 1000 }),
  }),
  data: Type.Object({ updated: Type.Integer({ minimum: 0 }) }),
});
