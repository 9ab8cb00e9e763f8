import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { SupportSocketMessage } from '@cowcare/contract/support-socket';
import { isTypedMessage } from './peer-events';

/**
 * Events for people rather than farms (the chat, decision 0019): a message goes to the chat sockets of the
 * users named, whatever their farm, on every instance.
 */
export type UserEventHandler = (userIds: readonly number[], message: ServerSocketMessage) => void;

export interface UserEvent {
  userIds: number[];
  message: ServerSocketMessage;
}

export const userEventsChannel = (busChannel: string): string => `${busChannel}.user-events`;

export const parseUserEvent = (value: unknown): UserEvent | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { userIds, message } = value as Record<string, unknown>;
  const validUsers =
    Array.isArray(userIds) && userIds.every((id) => typeof id === 'number' && Number.isInteger(id) && id > 0);
  return validUsers && isTypedMessage(message)
    ? { userIds: userIds as number[], message: message as ServerSocketMessage }
    : undefined;
};

/** Events for every open support console (the customer-service inbox, the agents' presence). */
export type SupportEventHandler = (message: SupportSocketMessage) => void;

export const supportEventsChannel = (busChannel: string): string => `${busChannel}.support-events`;

export const parseSupportEvent = (value: unknown): SupportSocketMessage | undefined =>
  isTypedMessage(value) ? (value as SupportSocketMessage) : undefined;
