import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';

export type FarmEventHandler = (farmId: number, message: ServerSocketMessage) => void;

interface FarmEvent {
  farmId: number;
  message: ServerSocketMessage;
}

/** Payloads cross process boundaries, so they are checked before a handler trusts their farm id. */
const parseFarmEvent = (payload: string): FarmEvent | undefined => {
  const value: unknown = JSON.parse(payload);
  if (typeof value !== 'object' || value === null) return undefined;
  const { farmId, message } = value as Record<string, unknown>;
  const validFarm = typeof farmId === 'number' && Number.isInteger(farmId) && farmId > 0;
  const validMessage =
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { type?: unknown }).type === 'string';
  return validFarm && validMessage ? { farmId, message: message as ServerSocketMessage } : undefined;
};

/** The handlers of one instance; every received event goes to each of them. */
export class FarmEventFanout {
  private readonly handlers = new Set<FarmEventHandler>();

  constructor(private readonly onError: (error: unknown) => void) {}

  add(handler: FarmEventHandler): () => Promise<void> {
    // A wrapper per subscription, so subscribing the same function twice is two subscriptions.
    const entry: FarmEventHandler = (farmId, message) => handler(farmId, message);
    this.handlers.add(entry);
    return async () => {
      this.handlers.delete(entry);
    };
  }

  /** An event from the wire: checked, then dispatched. */
  deliver(payload: string): void {
    let event: FarmEvent | undefined;
    try {
      event = parseFarmEvent(payload);
    } catch (error) {
      this.onError(error);
      return;
    }
    if (!event) {
      this.onError(new Error('a bus event without a farm id or message type was dropped'));
      return;
    }
    this.dispatch(event.farmId, event.message);
  }

  /** Hands the event to every handler; handlers must not change it (they all get the same object). */
  dispatch(farmId: number, message: ServerSocketMessage): void {
    for (const handler of this.handlers) {
      try {
        handler(farmId, message);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        this.onError(error);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}
