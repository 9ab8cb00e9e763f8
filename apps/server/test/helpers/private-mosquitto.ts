// A Mosquitto of a test's own on a free port, with accounts, ACLs and persistence as docs/operations.md
// configures one, so the test can restart the broker under a running server without touching the machine's
// shared broker.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface BrokerAccount {
  username: string;
  password: string;
  /** ACL lines under `user {username}`, e.g. `topic read a/b`. */
  rights: string[];
}

export interface PrivateMosquitto {
  readonly port: number;
  /** `mqtt://user:password@127.0.0.1:{port}` for one of its accounts. */
  urlFor(account: Pick<BrokerAccount, 'username' | 'password'>): string;
  /** A graceful stop, as `systemctl stop mosquitto`: on SIGTERM it saves its sessions and their queued messages. */
  stop(): Promise<void>;
  /** A new process on the same configuration, data and port; resolves once it accepts connections. */
  start(): Promise<void>;
  remove(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const waitUntilAccepting = async (port: number, broker: ChildProcess): Promise<void> => {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (broker.exitCode !== null) throw new Error(`mosquitto exited with ${broker.exitCode}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port} within 10 s`);
};

const writeConfig = (dir: string, port: number, accounts: readonly BrokerAccount[]): string => {
  const passwd = path.join(dir, 'passwd');
  accounts.forEach((account, index) => {
    const create = index === 0 ? ['-c'] : [];
    execFileSync('mosquitto_passwd', ['-b', ...create, passwd, account.username, account.password]);
  });
  const acl = accounts.flatMap((account) => [`user ${account.username}`, ...account.rights, '']);
  writeFileSync(path.join(dir, 'acl'), acl.join('\n'));
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwd}`,
      `acl_file ${path.join(dir, 'acl')}`,
      // As docs/operations.md: sessions and their queued QoS 1 messages survive a restart.
      'persistence true',
      `persistence_location ${dir}/`,
      'max_queued_messages 100000',
      '',
    ].join('\n'),
  );
  return config;
};

/**
 * A `mosquitto -c config` that accepts connections on `port`: `stop` is graceful (SIGTERM: it saves its
 * sessions), `start` runs a new process on the same configuration.
 */
export const mosquittoProcess = async (
  config: string,
  port: number,
): Promise<{ stop: () => Promise<void>; start: () => Promise<void> }> => {
  const launch = async () => {
    const broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
    await waitUntilAccepting(port, broker);
    return broker;
  };
  let broker = await launch();
  return {
    stop: async () => {
      if (broker.exitCode !== null || broker.signalCode !== null) return;
      const exited = once(broker, 'exit');
      broker.kill('SIGTERM');
      await exited;
    },
    start: async () => {
      broker = await launch();
    },
  };
};

export const startPrivateMosquitto = async (
  accounts: readonly BrokerAccount[],
): Promise<PrivateMosquitto> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-mosquitto-'));
  // Started as root, Mosquitto drops to its own user, which must read the files and write its database.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const config = writeConfig(dir, port, accounts);
  const { stop, start } = await mosquittoProcess(config, port);
  return {
    port,
    urlFor: ({ username, password }) =>
      `mqtt://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
