// The broker rights docs/operations.md gives the server's account, on a Mosquitto of the test's own with
// passwords and ACLs (the machine's broker lets anyone in). Required in CI, where MQTT_URL says Mosquitto is
// installed (its `mosquitto` and `mosquitto_passwd` are used); locally it runs when MQTT_URL is set.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { freePort } from './helpers/free-port';
import { createTestApp, testConfig } from './helpers/test-app';
import { describeWithServices } from './helpers/required-services';
import { waitFor } from './ingest-fixtures';

const mqttUrl = process.env.MQTT_URL;

describeWithServices("the server's broker account", mqttUrl ? undefined : 'MQTT_URL', () => aclSuite());

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A Mosquitto with one account, `ingest`, whose rights are `acl`; answers its URL with the credentials. */
const startBroker = async (acl: string[]): Promise<{ url: string; stop: () => void }> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-acl-'));
  // Started as root, Mosquitto drops to its own user, which must be able to read the files.
  chmodSync(dir, 0o755);
  const port = await freePort();
  execFileSync('mosquitto_passwd', ['-b', '-c', path.join(dir, 'passwd'), 'ingest', 'ingest-secret']);
  writeFileSync(path.join(dir, 'acl'), ['user ingest', ...acl, ''].join('\n'));
  writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${path.join(dir, 'passwd')}`,
      `acl_file ${path.join(dir, 'acl')}`,
      'persistence false',
      '',
    ].join('\n'),
  );
  const broker: ChildProcess = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], {
    stdio: 'ignore',
  });
  await waitFor(() => accepts(port));
  return {
    url: `mqtt://ingest:ingest-secret@127.0.0.1:${port}`,
    stop: () => {
      broker.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

function aclSuite() {
  const { mqttTopicRoot: root, mqttShareGroup: group } = testConfig();
  const readings = [`topic read $share/${group}/${root}/+/+/readings`, `topic read ${root}/+/+/readings`];
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('with the rights the operations guide lists, every member joins', async () => {
    const broker = await startBroker([...readings, `topic readwrite ${root}/_server/lost-members`]);
    stops.push(broker.stop);
    const testApp = await createTestApp({ mqttUrl: broker.url, ingestConcurrency: 2 });
    try {
      expect(testApp.services.mqtt?.connectionCount()).toBe(2);
    } finally {
      await testApp.close();
    }
  });

  it('without the rights to the will topic, the server does not start, and says what is missing', async () => {
    const broker = await startBroker(readings);
    stops.push(broker.stop);
    await expect(createTestApp({ mqttUrl: broker.url, ingestConcurrency: 2 })).rejects.toThrow(
      /does not pass .*_server\/lost-members to this server: its account needs to read and write it/,
    );
  });
}
