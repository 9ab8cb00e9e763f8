import { Type, type Static } from '@sinclair/typebox';
import { DateString, Id } from './schemas';

/** Stored Korean status values (architecture §7); 발정감지 is accepted as 발정탐지 on input. */
export const StoredCowStatus = Type.Union([
  Type.Literal('도태'),
  Type.Literal('발정탐지'),
  Type.Literal('발정감지'),
  Type.Literal('비육'),
  Type.Literal('설정대기'),
  Type.Literal('임신'),
  Type.Literal('포유'),
  Type.Literal('임신감정'),
]);

export const CowCode = Type.String({
  maxLength: 13,
  pattern: '^C[0-9]{1,12}$',
  description: 'C followed by digits',
});
export const SensorId = Type.Integer({ minimum: 1, maximum: 99_999_999 });

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableDate = Type.Union([DateString, Type.Null()]);

/**
 * A cow on the wire, with the spec's field names (§3). Derived values:
 * - `fever`: temperature deviation current − (average + tempadd, default 0: decision 0013) in °C;
 * - `activity`: activity deviation in percent of the average;
 * - `drink`: drinking events per day over the last 7 days; `drink_current`: in the last 24 hours;
 * - `mage`: age in whole months from `birthday`.
 * Each reproduction date has an `…Auto` flag: true when the server computed it, false when set by hand.
 */
export const CowSchema = Type.Object({
  id: Id,
  code: Type.String(),
  sensor: Type.Union([Type.Integer(), Type.Null()]),
  sensorKind: Type.Union([Type.Literal('neck'), Type.Literal('pill'), Type.Null()]),
  sensorzt: Type.Union([Type.Literal(0), Type.Literal(1)]),
  status: Type.String({ description: 'stored Korean value' }),
  parity: Type.Integer({ minimum: 0 }),
  birthday: NullableDate,
  mage: Type.Union([Type.Integer(), Type.Null()]),
  sex: Type.Union([Type.Literal('female'), Type.Literal('male')]),
  damId: Type.Union([Id, Type.Null()]),
  sireCode: Type.Union([Type.String(), Type.Null()]),
  drink: NullableNumber,
  drink_current: NullableNumber,
  fever: Type.Union([Type.Number(), Type.Null()], {
    description:
      'temp_current − (temp_avg + tempadd, default 0), °C (decision 0013 bands: < −0.5 low, < 0.5 normal, …)',
  }),
  temp_current: Type.Union([Type.Number(), Type.Null()], {
    description:
      "°C: her newest reading; a pill's newest outside a drink (a cold drink's dip is not her body)",
  }),
  temp_avg: Type.Union([Type.Number(), Type.Null()], {
    description:
      "°C: her mean over the 10 UTC days before her newest reading's day, a pill's without its drinks",
  }),
  tempadd: NullableNumber,
  activity: Type.Union([Type.Number(), Type.Null()], {
    description:
      'percent difference of activity_current from activity_avg (decision 0013 bands: < −20 low, < 10 normal)',
  }),
  activity_current: Type.Union([Type.Number(), Type.Null()], {
    description:
      'her mean count over her last two hours once detection has judged her (decision 0013), else her newest reading',
  }),
  activity_avg: Type.Union([Type.Number(), Type.Null()], {
    description:
      "her usual over those two hours (her 7-day mean at each reading's UTC hour); until detection has judged her, her mean at the UTC hour of her newest reading over the 7 days before, else her 7-day mean",
  }),
  lastReadingAt: Type.Union([Type.String(), Type.Null()]),
  readed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  typeid: Type.Union([Id, Type.Null()]),
  typename: Type.Union([Type.String(), Type.Null()]),
  city: Type.String(),
  country: Type.String(),
  lastEstrus: NullableDate,
  lastFertilization: NullableDate,
  recentChildbirth: NullableDate,
  pregnancyTest: NullableDate,
  pregnancyTestAuto: Type.Boolean(),
  expectedDelivery: NullableDate,
  expectedDeliveryAuto: Type.Boolean(),
  expectedEstrus: NullableDate,
  expectedEstrusAuto: Type.Boolean(),
  culledAt: Type.Union([Type.String(), Type.Null()]),
});
export type Cow = Static<typeof CowSchema>;
