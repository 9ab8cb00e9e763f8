import type { PeerChannels } from './bus';

/**
 * Events addressed to an audience other than a farm (people's chat sockets, the support consoles), on a
 * channel of their own beside the farm events, so a farm handler never sees them and the reverse. Over the
 * wire every instance (this one too) hears an event back and delivers it; in-process it goes straight to the
 * handlers. Payloads cross process boundaries, so `parse` checks them before a handler trusts them.
 */
export class PeerEvents<Event> {
  private readonly handlers = new Set<(event: Event) => void>();
  private listening: Promise<unknown> | undefined;

  constructor(
    private readonly wire: PeerChannels | undefined,
    private readonly channel: string,
    private readonly parse: (value: unknown) => Event | undefined,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Rejects when the wire refused it; the caller then delivers it here (`dispatch`). */
  async publish(event: Event): Promise<void> {
    if (this.wire) await this.wire.publish(this.channel, JSON.stringify(event));
    else this.dispatch(event);
  }

  async subscribe(handler: (event: Event) => void): Promise<() => Promise<void>> {
    this.listening ??= this.wire
      ? this.wire.listen(this.channel, (payload) => this.receive(payload))
      : Promise.resolve();
    await this.listening;
    const entry = (event: Event) => handler(event);
    this.handlers.add(entry);
    return async () => {
      this.handlers.delete(entry);
    };
  }

  clear(): void {
    this.handlers.clear();
  }

  dispatch(event: Event): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        this.onError(error);
      }
    }
  }

  private receive(payload: string): void {
    let event: Event | undefined;
    try {
      event = this.parse(JSON.parse(payload));
    } catch (error) {
      this.onError(error);
      return;
    }
    if (event) this.dispatch(event);
    else this.onError(new Error(`a malformed event on ${this.channel} was dropped`));
  }
}

/** An object with a string `type`: the least a socket message must be before it is sent on. */
export const isTypedMessage = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
