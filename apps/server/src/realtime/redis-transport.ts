import { Redis } from 'ioredis';
import type { BusTransport } from './bus';

/**
 * Redis pub/sub. A connection in subscriber mode cannot publish, so there are two: the publisher is made
 * at once, the subscriber on the first listen, shared by every channel listened to.
 */
export const createRedisTransport = (
  url: string,
  onError: (error: Error) => void,
  onReconnect: (what: string) => void,
): BusTransport => {
  const watch = (connection: Redis, name: string) => watched(connection, name, onError, onReconnect);
  const publisher = watch(new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 }), 'publisher');
  let connectedOnce = false;
  publisher.once('ready', () => {
    connectedOnce = true;
  });
  let subscriber: Redis | undefined;
  const receivers = new Map<string, (payload: string) => void>();
  const subscriberConnection = (): Redis => {
    if (!subscriber) {
      subscriber = watch(publisher.duplicate(), 'subscriber');
      subscriber.on('message', (from: string, payload: string) => receivers.get(from)?.(payload));
    }
    return subscriber;
  };
  return {
    async publish(channel, payload) {
      // Queued while reconnecting, a publish would wait out several attempts (seconds) before failing, and
      // the detection round publishing it with it. Only the first connection is waited for.
      if (connectedOnce && publisher.status !== 'ready') {
        throw new Error(`Redis is not connected (${publisher.status})`);
      }
      await publisher.publish(channel, payload);
    },
    async listen(channel, receive) {
      if (receivers.has(channel)) throw new Error(`already listening on ${channel}`);
      const connection = subscriberConnection();
      receivers.set(channel, receive);
      // Resolves after Redis confirmed SUBSCRIBE, so nothing published afterwards is missed.
      await connection.subscribe(channel);
      return async () => {
        receivers.delete(channel);
        if (connection.status === 'ready') await connection.unsubscribe(channel);
      };
    },
    async ping() {
      // A subscriber connection may send PING too (Redis answers it in subscribe mode).
      await Promise.all([publisher.ping(), subscriber?.ping()]);
    },
    async close() {
      await publisher.quit();
      if (subscriber) await subscriber.quit();
    },
  };
};

/**
 * Reports a connection's failure once until it is ready again, and its return. ioredis reconnects on its own
 * and emits an error at every attempt; with no listener it prints each one as an unhandled error.
 */
const watched = (
  connection: Redis,
  name: string,
  onError: (error: Error) => void,
  onReconnect: (what: string) => void,
): Redis => {
  let reported = false;
  connection.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    onError(new Error(`Redis connection lost: ${error.message}`));
  });
  connection.on('ready', () => {
    if (reported) onReconnect(`Redis ${name} connection`);
    reported = false;
  });
  return connection;
};
