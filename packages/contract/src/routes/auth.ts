import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { CountryCode, FarmNumber, LanguageKeySchema, SessionSchema, TokenPairSchema } from '../schemas';

const tag = 'auth';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
/** A new user's fields, shared by registering a farm and joining one with an invitation code. */
export const NewUsername = Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' });
export const PersonName = Type.String({ minLength: 1, maxLength: 64 });
export const Phone = Type.String({ minLength: 5, maxLength: 20, pattern: '^\\+?[0-9 -]+$' });

export const login = defineRoute({
  method: 'POST',
  path: 'login/login/loginApp',
  access: 'public',
  tag,
  summary: 'Log in with username and password; throttled per account and per address',
  body: Type.Object({
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  }),
  data: SessionSchema,
});

export const register = defineRoute({
  method: 'POST',
  path: 'login/login/register',
  access: 'public',
  tag,
  summary: 'Create a farm user (and the farm when the farm number is new); answers a logged-in session',
  body: Type.Object({
    username: NewUsername,
    password: Password,
    name: PersonName,
    phone: Phone,
    country: CountryCode,
    FarmNumber,
    city: Type.String({ minLength: 1, maxLength: 64 }),
    language: Type.Optional(LanguageKeySchema),
  }),
  data: SessionSchema,
});

export const refreshToken = defineRoute({
  method: 'POST',
  path: 'login/login/refreshTokenLoginApp',
  access: 'public',
  tag,
  summary: 'Trade a refresh token for a new pair; a refresh token works once, reuse revokes the whole login',
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }),
  data: TokenPairSchema,
});

export const logout = defineRoute({
  method: 'POST',
  path: 'login/login/logout',
  access: 'user',
  tag,
  summary: 'End this login: its refresh tokens stop working',
  body: Type.Object({ refreshToken: Type.Optional(Type.String({ maxLength: 512 })) }),
  data: Type.Object({ loggedOut: Type.Literal(true) }),
});

export const agreement = defineRoute({
  method: 'GET',
  path: 'login/login/agreement/:kind/:lang',
  access: 'public',
  tag,
  summary: 'The user service agreement or the privacy policy in a language (falls back to en)',
  params: Type.Object({
    kind: Type.Union([Type.Literal('service'), Type.Literal('privacy')]),
    lang: LanguageKeySchema,
  }),
  data: Type.Object({
    kind: Type.String(),
    lang: LanguageKeySchema,
    title: Type.String(),
    body: Type.String(),
    updatedAt: Type.String(),
  }),
});

export const changePassword = defineRoute({
  method: 'PUT',
  path: 'user/user/password',
  access: 'user',
  tag,
  summary: 'Change the password; success revokes every refresh token of the user',
  body: Type.Object({
    original: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    new: Password,
    confirm: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  }),
  data: Type.Object({ changed: Type.Literal(true) }),
});
