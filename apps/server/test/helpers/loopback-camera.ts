import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

/** A stand-in IP camera on loopback (see loopback-camera-process.mjs): what a test adds as a farm camera. */
export interface LoopbackCamera {
  ip: '127.0.0.1';
  port: number;
  streamPath: string;
  username: string | undefined;
  password: string | undefined;
  stop: () => Promise<void>;
}

/** What an owner types on the cameras page to add this camera (a wrong password to see it refused). */
export const cameraFormOf = (camera: LoopbackCamera, name: string, password = camera.password ?? '') => ({
  name,
  ip: camera.ip,
  port: camera.port,
  streamPath: camera.streamPath,
  username: camera.username,
  password,
});

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loopback-camera-process.mjs');

/** UDP ports for RTP, away from the ephemeral range's start so two test workers rarely meet. */
const rtpPortStart = (): number => 30_000 + 2 * Math.floor(Math.random() * 10_000);

const readyOrExit = (child: ChildProcess): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`the loopback camera exited (${code}) before it was ready`)),
    );
  });

export const startLoopbackCamera = async (
  credentials: { username: string; password: string } | undefined = undefined,
): Promise<LoopbackCamera> => {
  const clientPort = await freePort();
  const options = {
    publishPort: await freePort(),
    clientPort,
    rtpPortStart: rtpPortStart(),
    streamPath: '/barn',
    ...credentials,
  };
  const child = spawn(process.execPath, [script, JSON.stringify(options)], {
    // stdin stays open while this process lives: the camera stops when it closes
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await readyOrExit(child);
  return {
    ip: '127.0.0.1',
    port: clientPort,
    streamPath: options.streamPath,
    username: credentials?.username,
    password: credentials?.password,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};
