import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { PeerChannels } from './bus';

/**
 * Events for people rather than farms (the chat, decision 0019): a message goes to the chat sockets of the
 * users named, whatever their farm, on every instance. On their own channel beside the farm events, so a
 * farm handler never sees a user event and the reverse.
 */
export type UserEventHandler = (userIds: readonly number[], message: ServerSocketMessage) => void;

export const userEventsChannel = (busChannel: string): string => `${busChannel}.user-events`;

/** Payloads cross process boundaries, so the user ids are checked before a handler trusts them. */
const parseUserEvent = (payload: string): { userIds: number[]; message: ServerSocketMessage } | undefined => {
  const value: unknown = JSON.parse(payload);
  if (typeof value !== 'object' || value === null) return undefined;
  const { userIds, message } = value as Record<string, unknown>;
  const validUsers =
    Array.isArray(userIds) && userIds.every((id) => typeof id === 'number' && Number.isInteger(id) && id > 0);
  const validMessage =
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { type?: unknown }).type === 'string';
  return validUsers && validMessage
    ? { userIds: userIds as number[], message: message as ServerSocketMessage }
    : undefined;
};

export class UserEvents {
  private readonly handlers = new Set<UserEventHandler>();
  private listening: Promise<unknown> | undefined;

  constructor(
    private readonly wire: PeerChannels | undefined,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Over the wire every instance (this one too) hears it back and delivers it; in-process it goes straight
   * to the handlers. Rejects when the wire refused it; the caller then delivers it here (`dispatch`).
   */
  async publish(userIds: readonly number[], message: ServerSocketMessage): Promise<void> {
    if (userIds.length === 0) return;
    if (this.wire) await this.wire.publish(this.channel, JSON.stringify({ userIds, message }));
    else this.dispatch(userIds, message);
  }

  async subscribe(handler: UserEventHandler): Promise<() => Promise<void>> {
    this.listening ??= this.wire
      ? this.wire.listen(this.channel, (payload) => this.receive(payload))
      : Promise.resolve();
    await this.listening;
    const entry: UserEventHandler = (userIds, message) => handler(userIds, message);
    this.handlers.add(entry);
    return async () => {
      this.handlers.delete(entry);
    };
  }

  clear(): void {
    this.handlers.clear();
  }

  dispatch(userIds: readonly number[], message: ServerSocketMessage): void {
    for (const handler of this.handlers) {
      try {
        handler(userIds, message);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        this.onError(error);
      }
    }
  }

  private receive(payload: string): void {
    let event: ReturnType<typeof parseUserEvent>;
    try {
      event = parseUserEvent(payload);
    } catch (error) {
      this.onError(error);
      return;
    }
    if (event) this.dispatch(event.userIds, event.message);
    else this.onError(new Error('a malformed user event from the bus was dropped'));
  }
}
