import { Type, type Static } from '@sinclair/typebox';
import type { ChatMessage } from './chat-schemas';
import type { ServiceConversation } from './routes/admin';

/**
 * The support console's socket (issue 35): `/socket/support?token=<admin token>`. It carries the
 * customer-service inbox of every farm live and which agent has which conversation open, so several agents
 * never answer the same farmer twice. Under `/socket` so a proxy that passes the farm socket passes it too.
 */
export const SUPPORT_SOCKET_PATH = '/socket/support';

/** Client -> server: register and ping as on the farm sockets, and which conversation the agent has open. */
export const SupportClientMessage = Type.Union([
  Type.Object({
    type: Type.Union([Type.Literal('register'), Type.Literal('ping')]),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    user: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
  Type.Object({
    type: Type.Literal('viewing'),
    data: Type.Object({
      conversationId: Type.Union([Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }), Type.Null()]),
    }),
    user: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
]);
export type SupportClientMessage = Static<typeof SupportClientMessage>;

/** An agent with the console open, and the conversation they are looking at (null: the inbox). */
export interface AgentPresence {
  adminId: number;
  name: string;
  conversationId: number | null;
}

/**
 * Server -> console. `servicechat`: a customer-service conversation changed (a farmer wrote, an agent
 * answered or read it), with the new message if there is one; `presence`: every agent online now.
 */
export type SupportSocketMessage =
  | { type: 'register_res'; data: { adminId: number; registered: true } }
  | { type: 'pong'; data: { time: string } }
  | { type: 'error'; data: { code: string; msg: string } }
  | { type: 'servicechat'; data: { conversation: ServiceConversation; message: ChatMessage | null } }
  | { type: 'presence'; data: { agents: AgentPresence[] } };
