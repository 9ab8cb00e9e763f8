import { Type, type Static } from '@sinclair/typebox';

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

export const Id = Type.Integer({ minimum: 1 });
export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const DateTimeString = Type.String({ format: 'date-time', description: 'ISO-8601 with offset' });
export const FarmNumber = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' });
export const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });

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
