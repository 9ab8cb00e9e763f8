import { Type, type Static } from '@sinclair/typebox';

/** WebSocket close codes the server uses (4000-4999 is the application range of RFC 6455). */
export const SOCKET_CLOSE_CODES = {
  unauthorized: 4401,
  badMessage: 4400,
  serverShutdown: 1001,
} as const;

export const SOCKET_PATH = '/socket';

/** Client -> server. `user` is informational only: the server trusts the token, not this. */
export const ClientSocketMessage = Type.Object({
  type: Type.Union([Type.Literal('register'), Type.Literal('ping')]),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  user: Type.Optional(
    Type.Object(
      { id: Type.Number(), name: Type.String(), city: Type.String() },
      { additionalProperties: true },
    ),
  ),
});
export type ClientSocketMessage = Static<typeof ClientSocketMessage>;

/** Server -> client types. Later issues add notice, cowinfo, sensorzt, paysuccess and chat events. */
export type ServerSocketMessage =
  | { type: 'register_res'; data: { userId: number; registered: true } }
  | { type: 'pong'; data: { time: string } }
  | { type: 'error'; data: { code: string; msg: string } };
