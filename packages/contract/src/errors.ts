import { Type, type Static } from '@sinclair/typebox';

/** Stable error codes: clients switch on these, never on messages. */
export const ERROR_CODES = {
  validation: 'E_VALIDATION',
  unauthorized: 'E_UNAUTHORIZED',
  tokenExpired: 'E_TOKEN_EXPIRED',
  forbidden: 'E_FORBIDDEN',
  notFound: 'E_NOT_FOUND',
  upgradeRequired: 'E_UPVERSION',
  conflict: 'E_CONFLICT',
  throttled: 'E_THROTTLED',
  badCredentials: 'E_BAD_CREDENTIALS',
  /** 403 on login and refresh: support disabled the user; only customer service can enable them again. */
  accountDisabled: 'E_ACCOUNT_DISABLED',
  usernameTaken: 'E_USERNAME_TAKEN',
  farmNumberTaken: 'E_FARM_NUMBER_TAKEN',
  /** 403: a staff token on a call only the farm's owners may make (architecture §10). */
  ownerOnly: 'E_OWNER_ONLY',
  /** 403 on login and refresh: an owner removed the user from their farm. */
  removedFromFarm: 'E_REMOVED_FROM_FARM',
  /** 404: no open invitation has this code (never made, or withdrawn by an owner). */
  invitationUnknown: 'E_INVITATION_UNKNOWN',
  /** 409: the invitation code was used already; it works once. */
  invitationUsed: 'E_INVITATION_USED',
  /** 409: the invitation code is past its expiry. */
  invitationExpired: 'E_INVITATION_EXPIRED',
  /** 409: the user to add belongs to another farm that has members or data of its own. */
  memberOfAnotherFarm: 'E_MEMBER_OF_ANOTHER_FARM',
  /** 409: the user to add is a member of this farm already. */
  alreadyMember: 'E_ALREADY_MEMBER',
  /** 409: several users have this phone number; add by username instead. */
  phoneAmbiguous: 'E_PHONE_AMBIGUOUS',
  /** 409: the change would leave the farm without an owner. */
  lastOwner: 'E_LAST_OWNER',
  refreshInvalid: 'E_REFRESH_INVALID',
  originalPasswordIncorrect: 'E_ORIGINAL_PASSWORD_INCORRECT',
  passwordConfirmMismatch: 'E_PASSWORD_CONFIRM_MISMATCH',
  passwordSameAsOriginal: 'E_PASSWORD_SAME_AS_ORIGINAL',
  bossPasswordNotSet: 'E_BOSS_PASSWORD_NOT_SET',
  bossPasswordIncorrect: 'E_BOSS_PASSWORD_INCORRECT',
  bossGrantRequired: 'E_BOSS_GRANT_REQUIRED',
  payloadTooLarge: 'E_PAYLOAD_TOO_LARGE',
  /** 431: the request line and headers together pass Node's limit (16 KiB), before any route is chosen. */
  headersTooLarge: 'E_HEADERS_TOO_LARGE',
  /** 408: the client did not finish sending its request in time. */
  requestTimeout: 'E_REQUEST_TIMEOUT',
  unsupportedFileType: 'E_UNSUPPORTED_FILE_TYPE',
  insufficientBalance: 'E_INSUFFICIENT_BALANCE',
  /** 400: a payment webhook whose signature, timestamp or body did not check out; it changed nothing. */
  webhookRejected: 'E_WEBHOOK_REJECTED',
  cowTypeNameTaken: 'E_COW_TYPE_NAME_TAKEN',
  ingestBusy: 'E_INGEST_BUSY',
  /** 409: a sensor id is unique on the platform, and another farm has registered this one. */
  sensorOtherFarm: 'E_SENSOR_OTHER_FARM',
  gatewayNameTaken: 'E_GATEWAY_NAME_TAKEN',
  unavailable: 'E_UNAVAILABLE',
  internal: 'E_INTERNAL',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  code: Type.String(),
  msg: Type.String(),
  /** Per-field problems of a validation failure. */
  details: Type.Optional(
    Type.Array(
      Type.Object({
        path: Type.String(),
        message: Type.String(),
        /** What is wrong with the field, as a stable code (e.g. future, beforeBirthday), when the server knows. */
        rule: Type.Optional(Type.String()),
      }),
    ),
  ),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Body of the 409 answer when the client's `version` header is below the server's minimum. */
export const UpgradeRequiredBody = Type.Object({
  success: Type.Literal(false),
  code: Type.Literal('E_UPVERSION'),
  msg: Type.String(),
  upversion: Type.String(),
});
export type UpgradeRequiredBody = Static<typeof UpgradeRequiredBody>;

/** Header names of the wire. */
export const HEADERS = {
  version: 'version',
  bossGrant: 'x-boss-grant',
} as const;
