import type { BusTransport } from './bus';

/** One instance: an event goes straight to this process's subscribers (the embedded default). */
export const createInProcessTransport = (): BusTransport => {
  let receive: ((payload: string) => void) | undefined;
  return {
    async send(payload) {
      receive?.(payload);
    },
    async listen(handler) {
      receive = handler;
    },
    async close() {
      receive = undefined;
    },
  };
};
