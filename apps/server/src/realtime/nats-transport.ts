import { connect, Events, type NatsConnection } from 'nats';
import type { BusTransport } from './bus';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Reconnect for as long as it takes, every half second: the client's default gives up after 10 attempts 2 s
 * apart, and a connection it closed would never carry an event again (Redis's client retries for good too).
 */
const RECONNECT = { maxReconnectAttempts: -1, reconnectTimeWait: 500 } as const;

/** NATS core subjects: at-most-once like Redis pub/sub, which is what live socket pushes need. */
export const createNatsTransport = (url: string, onReconnect: (what: string) => void): BusTransport => {
  let connection: Promise<NatsConnection> | undefined;
  /** Between a lost connection and its return: the client would buffer a publish until then. */
  let disconnected = false;
  const followStatus = async (nats: NatsConnection) => {
    for await (const status of nats.status()) {
      if (status.type === Events.Disconnect) disconnected = true;
      if (status.type === Events.Reconnect) {
        disconnected = false;
        onReconnect('NATS connection');
      }
    }
  };
  const connected = () => {
    if (!connection) {
      const attempt = connect({ servers: url, name: 'cowcare-bus', ...RECONNECT });
      // A first connection that failed is tried again on the next call, not kept.
      attempt.catch(() => {
        if (connection === attempt) connection = undefined;
      });
      connection = attempt;
      attempt.then(followStatus).catch(() => undefined);
    }
    return connection;
  };
  return {
    async publish(subject, payload) {
      // Refused like Redis's while it is away, rather than held in the client's buffer for as long as that
      // takes: a live event then reaches this instance's sockets at once, a hand-off is detected here.
      if (disconnected) throw new Error('NATS is not connected');
      (await connected()).publish(subject, encoder.encode(payload));
    },
    async listen(subject, receive) {
      const nats = await connected();
      const subscription = nats.subscribe(subject, {
        callback: (error, message) => {
          if (!error) receive(decoder.decode(message.data));
        },
      });
      // The server has registered the subscription once this round trip is back.
      await nats.flush();
      return async () => subscription.unsubscribe();
    },
    async ping() {
      await (await connected()).flush();
    },
    async close() {
      if (connection) await (await connection).drain();
    },
  };
};
