// Notice codes (architecture §6; the spec only says there are 11 groups of numeric codes). 306 (paddock
// breach) is ours, in the activity group. 204, 213, 304 and 305,
// the crossings of the user's own alert lines (alert-line-crossings.ts), extend §6's table in the group of
// what they measure. On the wire a group is its codes joined with hyphens, which is what the notice filter
// sends and expects.

/** Readings came from a sensor that no active cow of the farm wears: the farm assigns it to a cow. */
export const UNASSIGNED_SENSOR_NOTICE = 703;

/**
 * Her GPS positions stayed outside her paddock for 10 minutes (the virtual fence, issue 37; geo-fence.ts).
 * In the activity group: it is about where and how she moves, and a farm that mutes activity notices
 * mutes it with them.
 */
export const PADDOCK_BREACH_NOTICE = 306;

export const NOTICE_GROUPS = [
  'estrus',
  'fever',
  'lowTemperature',
  'activity',
  'drinking',
  'calving',
  'reproductionReminders',
  'sensor',
  'healthFollowUp',
  'account',
  'platform',
] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];

export interface NoticeCodeDefinition {
  readonly code: number;
  readonly name: string;
}

export interface NoticeGroupDefinition {
  /** 1-based position in the architecture's table. */
  readonly number: number;
  readonly name: string;
  readonly codes: readonly NoticeCodeDefinition[];
}

export const NOTICE_GROUP_DEFINITIONS: Readonly<Record<NoticeGroup, NoticeGroupDefinition>> = {
  estrus: {
    number: 1,
    name: 'Estrus',
    codes: [
      { code: 101, name: 'Estrus detected' },
      { code: 102, name: 'Insemination window open' },
      { code: 103, name: 'Estrus suspected (weak signal)' },
    ],
  },
  fever: {
    number: 2,
    name: 'Fever',
    codes: [
      { code: 201, name: 'Slight fever' },
      { code: 202, name: 'Moderate fever' },
      { code: 203, name: 'Severe fever' },
      { code: 204, name: 'Temperature above your alert line' },
    ],
  },
  lowTemperature: {
    number: 3,
    name: 'Low temperature',
    codes: [
      { code: 211, name: 'Temperature below baseline' },
      { code: 212, name: 'Sudden temperature drop' },
      { code: 213, name: 'Temperature below your alert line' },
    ],
  },
  activity: {
    number: 4,
    name: 'Activity',
    codes: [
      { code: 301, name: 'Low activity' },
      { code: 302, name: 'Inactive for hours' },
      { code: 303, name: 'Unusually high activity without estrus context' },
      { code: 304, name: 'Activity above your alert line' },
      { code: 305, name: 'Activity below your alert line' },
      { code: 306, name: 'Outside her paddock' },
    ],
  },
  drinking: {
    number: 5,
    name: 'Drinking',
    codes: [
      { code: 401, name: 'Low drinking' },
      { code: 402, name: 'No drinking for 12 h' },
    ],
  },
  calving: {
    number: 6,
    name: 'Calving',
    codes: [
      { code: 501, name: 'Calving expected within 24 h' },
      { code: 502, name: 'Calving overdue' },
    ],
  },
  reproductionReminders: {
    number: 7,
    name: 'Reproduction reminders',
    codes: [
      { code: 601, name: 'Pregnancy check due' },
      { code: 602, name: 'Expected estrus due' },
      { code: 603, name: 'Expected calving near' },
    ],
  },
  sensor: {
    number: 8,
    name: 'Sensor',
    codes: [
      { code: 701, name: 'Sensor offline' },
      { code: 702, name: 'Sensor back online' },
      { code: 703, name: 'Readings from an unassigned sensor' },
    ],
  },
  healthFollowUp: {
    number: 9,
    name: 'Health follow-up',
    codes: [{ code: 801, name: 'Treatment follow-up due' }],
  },
  account: {
    number: 10,
    name: 'Account',
    codes: [
      { code: 901, name: 'Low wallet balance' },
      { code: 902, name: 'Payment received' },
      { code: 903, name: 'Charge applied' },
    ],
  },
  platform: {
    number: 11,
    name: 'Platform',
    codes: [
      { code: 1101, name: 'Announcement' },
      { code: 1102, name: 'App update available' },
    ],
  },
};

const GROUP_BY_CODE: ReadonlyMap<number, NoticeGroup> = new Map(
  NOTICE_GROUPS.flatMap((group) =>
    NOTICE_GROUP_DEFINITIONS[group].codes.map(({ code }): [number, NoticeGroup] => [code, group]),
  ),
);

const NAME_BY_CODE: ReadonlyMap<number, string> = new Map(
  NOTICE_GROUPS.flatMap((group) =>
    NOTICE_GROUP_DEFINITIONS[group].codes.map(({ code, name }): [number, string] => [code, name]),
  ),
);

export function noticeCodesOf(group: NoticeGroup): number[] {
  return NOTICE_GROUP_DEFINITIONS[group].codes.map(({ code }) => code);
}

/** '201-202-203-204' for fever. */
export function noticeGroupWireValue(group: NoticeGroup): string {
  return noticeCodesOf(group).join('-');
}

export function noticeGroupOfCode(code: number): NoticeGroup | undefined {
  return GROUP_BY_CODE.get(code);
}

export function noticeCodeName(code: number): string | undefined {
  return NAME_BY_CODE.get(code);
}

/**
 * The group whose codes the wire value lists, in any order. A value listing only part of a group, codes of
 * two groups or an unknown code is undefined: the filter works on whole groups, so those are not filters
 * this app sent.
 */
export function parseNoticeGroupWireValue(wire: string): NoticeGroup | undefined {
  const parts = wire.split('-');
  if (!parts.every((part) => /^\d+$/.test(part))) return undefined;
  const codes = new Set(parts.map(Number));
  const [first] = codes;
  const group = first === undefined ? undefined : noticeGroupOfCode(first);
  if (group === undefined) return undefined;
  const groupCodes = noticeCodesOf(group);
  return codes.size === groupCodes.length && groupCodes.every((code) => codes.has(code)) ? group : undefined;
}

/** A heat the collar detected: the reproduction KPIs count it as a heat seen (docs/kpis.md). */
export const ESTRUS_DETECTED_NOTICE_CODE = 101;
