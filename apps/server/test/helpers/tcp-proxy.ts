import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis, NATS, an MQTT broker), so a test can take the
 * service away from one app without stopping it for everyone else on the machine.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  readonly url: string;
  /** Connections stay open, but nothing passes any more: a service that hangs. */
  stall(): void;
  /** Every connection is dropped and new ones are refused: a service that is gone. */
  cut(): Promise<void>;
  /** Every connection is dropped, and new ones are refused while `meanwhile` runs: a service restarting. */
  interrupt(meanwhile: () => Promise<void>): Promise<void>;
}

export const startTcpProxy = async (target: string): Promise<TcpProxy> => {
  const targetUrl = new URL(target);
  const targetPort = Number(targetUrl.port);
  const pairs = new Set<[Socket, Socket]>();
  let stalled = false;
  let refusing = false;
  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
  };
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
    upstream.connect(targetPort, targetUrl.hostname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    port,
    url: url.toString(),
    stall() {
      stalled = true;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropAll();
      await closed;
    },
    async interrupt(meanwhile) {
      refusing = true;
      dropAll();
      try {
        await meanwhile();
      } finally {
        refusing = false;
      }
    },
  };
};
