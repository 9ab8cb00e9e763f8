// A Mosquitto of a test's own with the dynamic-security plugin, set up as docs/operations.md tells an
// operator to: an admin account for the server's gateway sync and an `ingest` account with the server's
// rights, both made with mosquitto_ctrl. Every other account is the server's to make.
import { execFileSync } from 'node:child_process';
import mqtt from 'mqtt';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { mosquittoProcess } from './private-mosquitto';

export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export const dynsecAvailable = (): boolean => existsSync(DYNSEC_PLUGIN);

export interface DynsecMosquitto {
  readonly port: number;
  /** The admin account the server drives the plugin with (MQTT_DYNSEC_URL). */
  readonly adminUrl: string;
  /** The server's own account (MQTT_URL), with the rights of docs/operations.md. */
  readonly ingestUrl: string;
  /** `mosquitto_ctrl dynsec …` as the admin, answering what it printed. */
  ctrl(...args: string[]): string;
  url(username: string, password: string): string;
  /** One command on the plugin's control topic, for what mosquitto_ctrl cannot say; throws its error. */
  command(command: Record<string, unknown>): Promise<void>;
  /** A graceful stop; the plugin's accounts stay in its file for `start`. */
  stop(): Promise<void>;
  /** A new process on the same configuration and port; resolves once it accepts connections. */
  start(): Promise<void>;
  remove(): Promise<void>;
}

const ADMIN = { username: 'cowcare-admin', password: 'admin-secret' };
const INGEST = { username: 'ingest', password: 'ingest-secret' };

/** The server account's rights, as docs/operations.md lists them for the plugin. */
const serverRoleAcls = (root: string, group: string): string[][] => [
  ['subscribePattern', `$share/${group}/${root}/+/+/readings`],
  ['subscribePattern', `${root}/+/+/readings`],
  ['subscribePattern', `${root}/_server/lost-members`],
  ['publishClientSend', `${root}/_server/lost-members`],
];

export const startDynsecMosquitto = async (topic: {
  root: string;
  group: string;
}): Promise<DynsecMosquitto> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-dynsec-'));
  // Started as root, Mosquitto drops to its own user, which must read and write the plugin's file.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const store = path.join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', store, ADMIN.username, ADMIN.password], {
    stdio: 'ignore',
  });
  chmodSync(store, 0o666);
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${store}`,
      'persistence false',
      '',
    ].join('\n'),
  );
  const { stop, start } = await mosquittoProcess(config, port);
  const ctrl = (...args: string[]): string =>
    execFileSync(
      'mosquitto_ctrl',
      ['-h', '127.0.0.1', '-p', String(port), '-u', ADMIN.username, '-P', ADMIN.password, 'dynsec', ...args],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  ctrl('createRole', 'cowcare-server');
  for (const [type, topicFilter] of serverRoleAcls(topic.root, topic.group)) {
    ctrl('addRoleACL', 'cowcare-server', type!, topicFilter!, 'allow', '5');
  }
  ctrl('createClient', INGEST.username, '-p', INGEST.password);
  ctrl('addClientRole', INGEST.username, 'cowcare-server', '5');
  const url = (username: string, password: string) =>
    `mqtt://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  return {
    port,
    adminUrl: url(ADMIN.username, ADMIN.password),
    ingestUrl: url(INGEST.username, INGEST.password),
    ctrl,
    url,
    async command(command) {
      const admin = await mqtt.connectAsync(url(ADMIN.username, ADMIN.password), { reconnectPeriod: 0 });
      try {
        await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response');
        const answer = new Promise<{ error?: string }>((resolve) =>
          admin.once('message', (_topic, payload) => {
            const parsed = JSON.parse(payload.toString()) as { responses: { error?: string }[] };
            resolve(parsed.responses[0] ?? {});
          }),
        );
        await admin.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands: [command] }));
        const { error } = await answer;
        if (error) throw new Error(`${String(command.command)}: ${error}`);
      } finally {
        await admin.endAsync();
      }
    },
    stop,
    start,
    async remove() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
