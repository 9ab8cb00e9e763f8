import type { User } from '@cowcare/contract/schemas';

/** Why a session ended; the app shows the login page in every case. */
export type LogoutReason = 'user' | 'expired' | 'password-changed';

/**
 * Events of the app. Socket messages arrive as `socket_<type>` (architecture §5); their payload is the
 * message's `data`, typed where the contract names the type.
 */
export type AppEvents = {
  loginSuccess: { user: User };
  logout: { reason: LogoutReason };
  /** The socket was closed by the server because its token was refused (close code 4401). */
  socketUnauthorized: undefined;
  /** The server ended the login behind the socket (close code 4440); the socket does not reconnect. */
  socketLoginEnded: undefined;
  /**
   * A top-up the user came back from was found paid (the return page's own check), for when its socket
   * paysuccess went out before this page's socket was connected (decision 0026).
   */
  paymentConfirmed: { orderId: number };
} & { [K in `socket_${string}`]: unknown };

type Handler<T> = (payload: T) => void;

export interface EventBus<Events extends Record<string, unknown>> {
  on<K extends keyof Events & string>(type: K, handler: Handler<Events[K]>): () => void;
  emit<K extends keyof Events & string>(type: K, payload: Events[K]): void;
}

export function createEventBus<Events extends Record<string, unknown>>(): EventBus<Events> {
  const handlers = new Map<string, Set<Handler<never>>>();
  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    emit(type, payload) {
      // Copy first: a handler may unsubscribe while we iterate.
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          (handler as Handler<typeof payload>)(payload);
        } catch (error) {
          // One broken listener must not stop the others (or the emitter).
          console.error(`Event handler for ${type} failed`, error);
        }
      }
    },
  };
}

/** The app's one bus: auth events and socket messages. */
export const appEvents = createEventBus<AppEvents>();
