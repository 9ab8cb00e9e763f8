import { Type, type Static } from '@sinclair/typebox';
import type { PeerChannels } from './bus';
import { checkedJson } from './checked-json';

/**
 * Logins that just ended (decision 0006): their rows in `login_sessions` are revoked, so HTTP calls with
 * their tokens already fail; every instance closes the sockets it holds for them. Session ids rather than
 * the user: a password change ends the logins that existed then, not one made a moment later.
 */
export const LoginRevocation = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  sessionIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 })),
});
export type LoginRevocation = Static<typeof LoginRevocation>;

export type LoginRevocationHandler = (revocation: LoginRevocation) => void;

/** Beside the farm events' channel, so two installs sharing a broker never close each other's sockets. */
export const loginRevocationsChannel = (busChannel: string): string => `${busChannel}.login-revocations`;

/**
 * The login revocations of one instance: handed to this instance's handlers at once (its sockets close
 * before the revoking call answers), and to the other instances over the wire when there is one. An
 * instance also hears its own revocations back from the wire; closing a closed login again does nothing.
 */
export class LoginRevocations {
  private readonly handlers = new Set<LoginRevocationHandler>();
  private listening: Promise<unknown> | undefined;

  constructor(
    private readonly wire: PeerChannels | undefined,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Rejects when the wire refused it; this instance's handlers have been told by then anyway. */
  async publish(revocation: LoginRevocation): Promise<void> {
    this.dispatch(revocation);
    await this.wire?.publish(this.channel, JSON.stringify(revocation));
  }

  /** Resolves once revocations from the other instances reach `handler`; the returned function ends it. */
  async subscribe(handler: LoginRevocationHandler): Promise<() => Promise<void>> {
    this.listening ??= this.wire
      ? this.wire.listen(this.channel, (payload) => this.receive(payload))
      : Promise.resolve();
    await this.listening;
    // A wrapper per subscription, so subscribing the same function twice is two subscriptions.
    const entry: LoginRevocationHandler = (revocation) => handler(revocation);
    this.handlers.add(entry);
    return async () => {
      this.handlers.delete(entry);
    };
  }

  clear(): void {
    this.handlers.clear();
  }

  private receive(payload: string): void {
    const revocation = checkedJson(LoginRevocation, payload);
    if (revocation) this.dispatch(revocation);
    else this.onError(new Error('a malformed login revocation from the bus was dropped'));
  }

  private dispatch(revocation: LoginRevocation): void {
    for (const handler of this.handlers) {
      try {
        handler(revocation);
      } catch (error) {
        // One failing subscriber must not keep the others' sockets open.
        this.onError(error);
      }
    }
  }
}
