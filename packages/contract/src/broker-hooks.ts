import { Type, type Static } from '@sinclair/typebox';

/**
 * The hooks an external EMQX or VerneMQ calls to ask the server whether a gateway may log in, publish or
 * subscribe (docs/operations.md, "Gateway accounts on EMQX or VerneMQ"). Their bodies and answers are the
 * brokers' own formats, not the app's `{success, data}` envelope: these are the brokers' wire, not ours.
 */
export const BROKER_HOOKS_PATH = '/api/broker-hooks';

const Username = Type.String({ maxLength: 256 });
const Topic = Type.String({ minLength: 1, maxLength: 1024 });
const Address = Type.String({ maxLength: 64 });

/** EMQX 5 HTTP authentication, with the body template the operations guide gives. */
export const EmqxAuthenticationBody = Type.Object(
  {
    username: Username,
    password: Type.String({ maxLength: 1024 }),
    clientid: Type.Optional(Type.String({ maxLength: 256 })),
    peerhost: Type.Optional(Address),
  },
  { additionalProperties: false },
);
export type EmqxAuthenticationBody = Static<typeof EmqxAuthenticationBody>;

/** EMQX 5 HTTP authorization. */
export const EmqxAuthorizationBody = Type.Object(
  {
    username: Username,
    topic: Topic,
    action: Type.Union([Type.Literal('publish'), Type.Literal('subscribe'), Type.Literal('all')]),
    clientid: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type EmqxAuthorizationBody = Static<typeof EmqxAuthorizationBody>;

/** `ignore`: not a gateway of ours; EMQX asks its next authenticator or authorizer. */
export const EmqxAnswer = Type.Object({
  result: Type.Union([Type.Literal('allow'), Type.Literal('deny'), Type.Literal('ignore')]),
  is_superuser: Type.Optional(Type.Boolean()),
});
export type EmqxAnswer = Static<typeof EmqxAnswer>;

/** The VerneMQ webhooks the server answers, named by the `vernemq-hook` header. */
export const VERNEMQ_HOOKS = [
  'auth_on_register',
  'auth_on_register_m5',
  'auth_on_publish',
  'auth_on_publish_m5',
  'auth_on_subscribe',
  'auth_on_subscribe_m5',
] as const;
export type VernemqHook = (typeof VERNEMQ_HOOKS)[number];

/** One body for every hook: VerneMQ sends more fields than these (payload, properties), which are ignored. */
export const VernemqHookBody = Type.Object(
  {
    username: Type.Optional(Type.Union([Username, Type.Null()])),
    password: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
    peer_addr: Type.Optional(Address),
    client_id: Type.Optional(Type.String({ maxLength: 256 })),
    mountpoint: Type.Optional(Type.String({ maxLength: 256 })),
    topic: Type.Optional(Topic),
    topics: Type.Optional(
      Type.Array(Type.Object({ topic: Topic }, { additionalProperties: true }), { maxItems: 100 }),
    ),
  },
  { additionalProperties: true },
);
export type VernemqHookBody = Static<typeof VernemqHookBody>;

/** `next`: not a gateway of ours; VerneMQ asks its next plugin. */
export const VernemqAnswer = Type.Object({
  result: Type.Union([
    Type.Literal('ok'),
    Type.Literal('next'),
    Type.Object({ error: Type.Literal('not_allowed') }),
  ]),
});
export type VernemqAnswer = Static<typeof VernemqAnswer>;
