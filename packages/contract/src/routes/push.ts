import { Type, type Static } from '@sinclair/typebox';
import { noticeGroupOfCode } from '@cowcare/domain/notice-codes';
import { defineRoute } from '../route';
import { DateTimeString, Id } from '../schemas';

// Web Push (architecture §15, issue 39; docs/push.md). The seed's push client id (`setiotusercid`) is one
// opaque segment of a path; a browser's subscription is an endpoint URL and two keys, so it has calls of its own.

const tag = 'push';

/**
 * base64url without padding, as PushSubscription.toJSON() gives the keys. The length is in the pattern too:
 * a generator of matching text (the route fuzz) then makes texts of the right length.
 */
const Base64Url = (minLength: number, maxLength: number) =>
  Type.String({ minLength, maxLength, pattern: `^[A-Za-z0-9_-]{${minLength},${maxLength}}$` });

export const PushSubscriptionSchema = Type.Object({
  endpoint: Type.String({
    minLength: 12,
    maxLength: 2048,
    pattern: '^https?://[^\\s]{5,2040}$',
    description: "the push service's URL for this browser (PushSubscription.endpoint)",
  }),
  keys: Type.Object({
    /** The browser's P-256 public key: 65 bytes, 87 characters. */
    p256dh: Base64Url(80, 100),
    /** The 16-byte authentication secret: 22 characters. */
    auth: Base64Url(16, 32),
  }),
  /** What the user calls this device in the list ("Pixel 7, Chrome"); the server keeps it as written. */
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
});

/** A device that receives the user's pushes, as the user sees it (never the endpoint: it is the device's address). */
export const PushDeviceSchema = Type.Object({
  id: Id,
  label: Type.String(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com). */
  service: Type.String(),
  createdAt: DateTimeString,
  lastSentAt: Type.Union([DateTimeString, Type.Null()]),
});
export type PushDevice = Static<typeof PushDeviceSchema>;

const Clock = Type.String({
  minLength: 5,
  maxLength: 5,
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: 'HH:MM, 24-hour',
});

const KNOWN_NOTICE_CODES = Array.from({ length: 1200 }, (_, code) => code).filter(
  (code) => noticeGroupOfCode(code) !== undefined,
);

export const PushChoicesSchema = Type.Object({
  /** Notice codes pushed to this user (architecture §6); the rest wait on the notice tab. */
  codes: Type.Array(Type.Union(KNOWN_NOTICE_CODES.map((code) => Type.Literal(code))), {
    maxItems: KNOWN_NOTICE_CODES.length,
    uniqueItems: true,
  }),
  /** Null: no quiet hours. Start after end spans midnight. */
  quietHours: Type.Union([Type.Object({ start: Clock, end: Clock }), Type.Null()]),
  /** Severe fever and calving are pushed during quiet hours too. */
  severeDuringQuietHours: Type.Boolean(),
  /** IANA zone of the user's device; quiet hours are read in it. */
  timeZone: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' }),
});
export type PushChoicesBody = Static<typeof PushChoicesSchema>;

export const pushKey = defineRoute({
  method: 'GET',
  path: 'push/push/key',
  access: 'user',
  tag,
  summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
  data: Type.Object({ publicKey: Base64Url(80, 100) }),
});

export const addPushDevice = defineRoute({
  method: 'POST',
  path: 'push/push/devices',
  access: 'user',
  tag,
  summary:
    "Register this browser's push subscription for the logged-in user (again with the same endpoint: " +
    'the keys and label are replaced, and a subscription another user had on this browser moves to this one)',
  body: PushSubscriptionSchema,
  data: PushDeviceSchema,
});

export const listPushDevices = defineRoute({
  method: 'GET',
  path: 'push/push/devices',
  access: 'user',
  tag,
  summary: "The logged-in user's devices that receive push, newest first",
  data: Type.Array(PushDeviceSchema),
});

export const removePushDevice = defineRoute({
  method: 'DELETE',
  path: 'push/push/devices/:deviceId',
  access: 'user',
  tag,
  summary: "Stop pushing to one of the user's devices (404 for another user's)",
  params: Type.Object({ deviceId: Id }),
  data: Type.Object({ removed: Type.Literal(true) }),
});

export const getPushChoices = defineRoute({
  method: 'GET',
  path: 'push/push/choices',
  access: 'user',
  tag,
  summary: 'What the user is woken for: notice codes, quiet hours, severe notices during them',
  data: PushChoicesSchema,
});

export const setPushChoices = defineRoute({
  method: 'PUT',
  path: 'push/push/choices',
  access: 'user',
  tag,
  summary: "Save the user's push choices (an unknown time zone is 400)",
  body: PushChoicesSchema,
  data: PushChoicesSchema,
});

export const renewPushDevice = defineRoute({
  method: 'POST',
  path: 'push/push/devices/renew',
  access: 'public',
  tag,
  summary:
    "The service worker's `pushsubscriptionchange`: the browser's push service replaced a subscription, and " +
    'the old endpoint (known only to that browser and its push service) names the device to move to the new ' +
    'one. No token: the worker has none. 404 when the old endpoint is not a device.',
  body: Type.Object({
    oldEndpoint: PushSubscriptionSchema.properties.endpoint,
    endpoint: PushSubscriptionSchema.properties.endpoint,
    keys: PushSubscriptionSchema.properties.keys,
  }),
  data: Type.Object({ renewed: Type.Literal(true) }),
});
