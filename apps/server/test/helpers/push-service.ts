import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './free-port';

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * A local push service (the npm package web-push-testing) on loopback, in a child process: it hands out
 * subscriptions as a browser's push service would, checks each push's VAPID signature against the key the
 * subscription was made with, decrypts the payload (RFC 8291) and keeps it for the test to read.
 */
export interface LocalPushService {
  /** `http://localhost:<port>`: what the app's PUSH_SERVICES must name for it to send there. */
  origin: string;
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The decrypted payloads received for a subscription, oldest first. */
  messages(subscription: TestSubscription): Promise<string[]>;
  /** The browser unsubscribed: the service answers 410 from now on. */
  expire(subscription: TestSubscription): Promise<void>;
  stop(): Promise<void>;
}

const serverScript = (): string => {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('web-push-testing/package.json')), 'src/bin/server.js');
};

const started = (child: ChildProcess): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`web-push-testing did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web-push-testing exited (${code}): ${output}`));
    });
  });

export const startLocalPushService = async (): Promise<LocalPushService> => {
  const port = await freePort();
  const child = spawn(process.execPath, [serverScript(), String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await started(child);
  const origin = `http://localhost:${port}`;
  const post = async <T>(pathname: string, body: unknown): Promise<T> => {
    const response = await fetch(`${origin}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return (isJson ? await response.json() : undefined) as T;
  };
  return {
    origin,
    async subscribe(applicationServerKey) {
      const { data } = await post<{ data: TestSubscription }>('/subscribe', {
        // its check wants the form-encoded string a browser's options would not have
        userVisibleOnly: 'true',
        applicationServerKey,
      });
      return data;
    },
    async messages(subscription) {
      const { data } = await post<{ data: { messages: string[] } }>('/get-notifications', {
        clientHash: subscription.clientHash,
      });
      return data.messages;
    },
    async expire(subscription) {
      await post(`/expire-subscription/${subscription.clientHash}`, {});
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
};
