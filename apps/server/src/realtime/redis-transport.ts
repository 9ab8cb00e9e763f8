import { Redis } from 'ioredis';
import type { BusTransport } from './bus';

/**
 * Redis pub/sub. A connection in subscriber mode cannot publish, so there are two: the publisher is made
 * at once, the subscriber on first listen.
 */
export const createRedisTransport = (url: string, channel: string): BusTransport => {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  let subscriber: Redis | undefined;
  return {
    async publish(farmId, message) {
      await publisher.publish(channel, JSON.stringify({ farmId, message }));
    },
    async listen(receive) {
      subscriber = publisher.duplicate();
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) receive(payload);
      });
      // Resolves after Redis confirmed SUBSCRIBE, so nothing published afterwards is missed.
      await subscriber.subscribe(channel);
    },
    async close() {
      await publisher.quit();
      if (subscriber) await subscriber.quit();
    },
  };
};
