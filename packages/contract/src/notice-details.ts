import { Type, type Static, type TObject } from '@sinclair/typebox';

/**
 * The values stored with a notice (`details` on the wire), by code: what raised it, for the notice's line
 * in the app. The server writes these names (detection, ingest and the daily jobs); the app reads them.
 * Codes not listed here carry no values the app shows.
 */

const Moment = Type.String({ description: 'ISO-8601, UTC' });
const Day = Type.String({ description: 'YYYY-MM-DD' });
const Value = Type.Number();

/** 101-103: the episode as the estrus detector found it. */
export const EstrusDetailsSchema = Type.Object({
  onset: Moment,
  peak: Moment,
  windowStart: Moment,
  windowEnd: Moment,
  /** Activity over the last 12 hours ÷ her usual for those hours, when the alert was raised. */
  riseRatio: Value,
  peakRatio: Value,
});

/** 201-203 and 211-212: the reading that completed the hold, against her 10-day average. */
export const TemperatureDetailsSchema = Type.Object({
  temperature: Value,
  average: Value,
  deviation: Value,
  heldDeviation: Value,
  heldSince: Moment,
  episodeStart: Moment,
  /** 212: the level the temperature fell from. */
  reference: Type.Optional(Value),
});

/** 301-303: activity over the window ÷ her usual for the same hours. */
export const ActivityDetailsSchema = Type.Object({
  ratio: Value,
  activity: Value,
  baseline: Value,
  windowHours: Value,
  episodeStart: Moment,
});

/** 204, 213, 304, 305: the reading beyond the user's line. */
export const AlertLineDetailsSchema = Type.Object({ value: Value, line: Value, episodeStart: Moment });

/** 306: the stretch of her GPS positions outside her paddock (geo-fence.ts), and where she was last. */
export const PaddockBreachDetailsSchema = Type.Object({
  paddockId: Value,
  paddock: Type.String({ description: "the paddock's name" }),
  since: Moment,
  lat: Value,
  lon: Value,
});

/** 401-402: her drinks in the last 24 hours against her daily mean. */
export const DrinkingDetailsSchema = Type.Object({
  eventsLast24Hours: Value,
  dailyMean: Value,
  hoursSinceLastDrink: Value,
  episodeStart: Moment,
});

/** 501: the fall of her temperature, hour by hour against the day before. */
export const CalvingDetailsSchema = Type.Object({
  drop: Value,
  pairedHours: Value,
  daysToExpected: Value,
  expectedCalvingDate: Type.Union([Day, Type.Null()]),
  episodeStart: Moment,
});

export const CalvingOverdueDetailsSchema = Type.Object({ expectedCalvingDate: Day, daysOverdue: Value });
export const PregnancyCheckDueDetailsSchema = Type.Object({ pregnancyCheckDate: Day });
export const ExpectedEstrusDueDetailsSchema = Type.Object({ expectedEstrusDate: Day });
export const ExpectedCalvingNearDetailsSchema = Type.Object({ expectedCalvingDate: Day, daysLeft: Value });

export const SensorOfflineDetailsSchema = Type.Object({
  sensor: Type.Integer(),
  lastReadingAt: Type.Union([Moment, Type.Null()]),
  missedIntervals: Type.Integer(),
});
export const SensorBackOnlineDetailsSchema = Type.Object({
  sensor: Type.Integer(),
  lastReadingBefore: Moment,
  backAt: Moment,
});
export const UnassignedSensorDetailsSchema = Type.Object({
  sensor: Type.Integer(),
  readings: Type.Integer(),
  firstReadingAt: Moment,
});

/** A platform notice (1101, 1102): support's own words, in the language support wrote them. */
export const PlatformNoticeDetailsSchema = Type.Object({ title: Type.String(), body: Type.String() });

export const NOTICE_DETAILS_SCHEMAS = {
  101: EstrusDetailsSchema,
  102: EstrusDetailsSchema,
  103: EstrusDetailsSchema,
  201: TemperatureDetailsSchema,
  202: TemperatureDetailsSchema,
  203: TemperatureDetailsSchema,
  204: AlertLineDetailsSchema,
  211: TemperatureDetailsSchema,
  212: TemperatureDetailsSchema,
  213: AlertLineDetailsSchema,
  301: ActivityDetailsSchema,
  302: ActivityDetailsSchema,
  303: ActivityDetailsSchema,
  304: AlertLineDetailsSchema,
  305: AlertLineDetailsSchema,
  306: PaddockBreachDetailsSchema,
  401: DrinkingDetailsSchema,
  402: DrinkingDetailsSchema,
  501: CalvingDetailsSchema,
  502: CalvingOverdueDetailsSchema,
  601: PregnancyCheckDueDetailsSchema,
  602: ExpectedEstrusDueDetailsSchema,
  603: ExpectedCalvingNearDetailsSchema,
  701: SensorOfflineDetailsSchema,
  702: SensorBackOnlineDetailsSchema,
  703: UnassignedSensorDetailsSchema,
  1101: PlatformNoticeDetailsSchema,
  1102: PlatformNoticeDetailsSchema,
} as const satisfies Record<number, TObject>;

export type DetailedNoticeCode = keyof typeof NOTICE_DETAILS_SCHEMAS;
export type NoticeDetailsOf<Code extends DetailedNoticeCode> = Static<(typeof NOTICE_DETAILS_SCHEMAS)[Code]>;

export const isDetailedNoticeCode = (code: number): code is DetailedNoticeCode =>
  Object.hasOwn(NOTICE_DETAILS_SCHEMAS, code);
