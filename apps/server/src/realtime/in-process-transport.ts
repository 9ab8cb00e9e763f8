import type { BusTransport } from './bus';
import type { FarmEventFanout } from './farm-event-fanout';

/**
 * One instance (the embedded default): an event goes straight to this process's subscribers, without
 * encoding it, and only once something listens.
 */
export const createInProcessTransport = (fanout: FarmEventFanout): BusTransport => {
  let listening = false;
  return {
    async publish(farmId, message) {
      if (listening) fanout.dispatch(farmId, message);
    },
    async listen() {
      listening = true;
    },
    async ping() {
      // Nothing between instances: this process is the broker.
    },
    async close() {
      listening = false;
    },
  };
};
