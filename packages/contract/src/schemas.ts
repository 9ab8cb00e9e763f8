import { Type, type Static } from '@sinclair/typebox';
import { EARLIEST_RECORD_DAY, LATEST_RECORD_DAY } from '@cowcare/domain/calendar-date';

/** Shared wire shapes. Field names are the spec's (section 3); the server maps them at the edge. */

export const LanguageKeySchema = Type.Union([
  Type.Literal('ch'),
  Type.Literal('ko'),
  Type.Literal('en'),
  Type.Literal('pty'),
  Type.Literal('rb'),
  Type.Literal('ru'),
  Type.Literal('th'),
  Type.Literal('idn'),
  Type.Literal('vn'),
]);
export type LanguageKey = Static<typeof LanguageKeySchema>;

/** The largest value of a PostgreSQL `integer` (int4), the type of every `serial` id column. */
export const MAX_INT4 = 2_147_483_647;

/** A row id of a `serial` column: a larger number could only fail in the database, so it is refused here. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_INT4 });
export const IdParam = Id;
/**
 * A row id of a `bigserial` column (notices). JavaScript holds integers exactly only up to 2^53 - 1, so that
 * is the bound, not the column's.
 */
export const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

// The days a farm's records may name live in the domain, so the web's date pickers share them without
// loading the schemas.
export { EARLIEST_RECORD_DAY, LATEST_RECORD_DAY };

/** A date in an answer: the shape only. */
export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
/** A date a client sends: a real calendar day (the `date` format refuses 2023-02-30) within the record days. */
export const CalendarDate = Type.String({
  format: 'date',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  formatMinimum: EARLIEST_RECORD_DAY,
  formatMaximum: LATEST_RECORD_DAY,
  description: `YYYY-MM-DD, from ${EARLIEST_RECORD_DAY} to ${LATEST_RECORD_DAY}`,
});
/**
 * A moment a client sends, with its offset. The day it falls on is read as written (the farmer's local day),
 * so an estrus at 06:00+09:00 counts for that day and not the UTC day before.
 */
export const EventTime = Type.String({
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt ].*([Zz]|[+-]\\d{2}:?\\d{2})$',
  formatMinimum: `${EARLIEST_RECORD_DAY}T00:00:00+14:00`,
  formatMaximum: `${LATEST_RECORD_DAY}T23:59:59-12:00`,
  description: `ISO-8601 with offset, from ${EARLIEST_RECORD_DAY} to ${LATEST_RECORD_DAY}`,
});
export const DateTimeString = Type.String({ format: 'date-time', description: 'ISO-8601 with offset' });
export const FarmNumber = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' });
export const CountryCode = Type.String({
  minLength: 2,
  maxLength: 2,
  pattern: '^[A-Z]{2}$',
  description: 'ISO 3166-1 alpha-2',
});

/** A user's role in their farm (architecture §10): an owner may do everything, staff the herd's daily work. */
export const FarmRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('staff')]);
export type FarmRole = Static<typeof FarmRoleSchema>;

export const UserSchema = Type.Object({
  id: Id,
  username: Type.String(),
  name: Type.String(),
  FarmNumber: Type.String(),
  city: Type.String(),
  country: Type.String(),
  phone: Type.String(),
  avatar: Type.String(),
  language: LanguageKeySchema,
  cid: Type.String(),
  sensorfilter: Type.String({ description: 'comma-joined selected sensor-state names (zts, zt)' }),
  isadmin: Type.Boolean(),
  role: FarmRoleSchema,
});
export type User = Static<typeof UserSchema>;

export const TokenPairSchema = Type.Object({
  token: Type.String({ description: 'access token (JWT), lives at most 2 hours' }),
  refreshToken: Type.String({ description: 'single-use refresh token' }),
});

export const SessionSchema = Type.Composite([TokenPairSchema, Type.Object({ user: UserSchema })]);
export type Session = Static<typeof SessionSchema>;

export const TranslationStringSchema = Type.Object({
  dbname: Type.String({ description: 'the key' }),
  chname: Type.String(),
  koname: Type.String(),
  enname: Type.String(),
  ptyname: Type.String(),
  rbname: Type.String(),
  runame: Type.String(),
  thname: Type.String(),
  idnname: Type.String(),
  vnname: Type.String(),
});
export type TranslationString = Static<typeof TranslationStringSchema>;

export const PregnancyCheckDaysSchema = Type.Object({
  Ultrasonic: Type.Integer({ minimum: 1, maximum: 365 }),
  Inspection: Type.Integer({ minimum: 1, maximum: 365 }),
  Rectal: Type.Integer({ minimum: 1, maximum: 365 }),
  Hormone: Type.Integer({ minimum: 1, maximum: 365 }),
  External: Type.Integer({ minimum: 1, maximum: 365 }),
});
export type PregnancyCheckDays = Static<typeof PregnancyCheckDaysSchema>;

export const UserMessageSchema = Type.Object({
  id: Id,
  userId: Id,
  message: Type.String(),
  time: DateTimeString,
});
export type UserMessage = Static<typeof UserMessageSchema>;
