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
export const createNatsTransport = (
  url: string,
  subject: string,
  onReconnect: (what: string) => void,
): BusTransport => {
  let connection: Promise<NatsConnection> | undefined;
  const reportReconnects = async (nats: NatsConnection) => {
    for await (const status of nats.status()) {
      if (status.type === Events.Reconnect) onReconnect('NATS connection');
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
      attempt.then(reportReconnects).catch(() => undefined);
    }
    return connection;
  };
  return {
    async publish(farmId, message) {
      (await connected()).publish(subject, encoder.encode(JSON.stringify({ farmId, message })));
    },
    async listen(receive) {
      const nats = await connected();
      nats.subscribe(subject, {
        callback: (error, message) => {
          if (!error) receive(decoder.decode(message.data));
        },
      });
      // The server has registered the subscription once this round trip is back.
      await nats.flush();
    },
    async ping() {
      await (await connected()).flush();
    },
    async close() {
      if (connection) await (await connection).drain();
    },
  };
};
