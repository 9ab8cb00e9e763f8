import { connect, type NatsConnection } from 'nats';
import type { BusTransport } from './bus';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** NATS core subjects: at-most-once like Redis pub/sub, which is what live socket pushes need. */
export const createNatsTransport = (url: string, subject: string): BusTransport => {
  let connection: Promise<NatsConnection> | undefined;
  const connected = () => (connection ??= connect({ servers: url, name: 'cowcare-bus' }));
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
