// What watching a camera costs the embedded server: CPU and memory of the server and its ffmpeg with 1 and 4
// viewers of one RTSP camera (a loopback camera: an RTSP server fed by ffmpeg, H.264 as an IP camera sends)
// and of the demo footage, against the same server idle; and the time from "open camera" to the first
// segment in hand, cold (ffmpeg not running yet). Not a test: it writes RESULTS.md next to this file.
// Run: npx tsx bench/cameras/run.ts [--seconds 60]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@cowcare/contract/api';
import { apiPath, fillPath, type RouteDefinition } from '@cowcare/contract/route';
import { freePort } from '../../apps/server/test/helpers/free-port';
import { startLoopbackCamera } from '../../apps/server/test/helpers/loopback-camera';
import { describeMachine } from '../machine';
import { startServerProcess, type ServerProcess } from '../server-process';
import { measureTree, type Usage } from './process-usage';
import { timeToFirstFrame, watch } from './viewer';

const here = path.dirname(fileURLToPath(import.meta.url));
const secondsFlag = process.argv.indexOf('--seconds');
const SECONDS = secondsFlag > 0 ? Number(process.argv[secondsFlag + 1]) : 60;
/** Short, so the cold starts can be repeated; the viewers' 2-s polling keeps a watched stream running. */
const IDLE_SECONDS = 5;
const COLD_STARTS = 3;

const callApi = async (
  server: ServerProcess,
  token: string,
  route: RouteDefinition,
  init: { params?: Record<string, string | number>; body?: unknown } = {},
) => {
  const response = await fetch(
    `${server.baseUrl}${apiPath({ path: fillPath(route.path, init.params ?? {}) })}`,
    {
      method: route.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    },
  );
  const body = (await response.json()) as { data: unknown };
  if (!response.ok) throw new Error(`${route.path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
};

const sum = (values: Record<string, number>) =>
  Object.values(values).reduce((total, value) => total + value, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Row {
  scenario: string;
  usage: Usage;
  segments?: number;
  errors?: number;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cowcare-bench-cameras-'));
const server = await startServerProcess({
  DATA_DIR: dataDir,
  SIMULATOR: 'false',
  JOBS: 'false',
  MQTT_PORT: String(await freePort()),
  CAMERA_IDLE_SECONDS: String(IDLE_SECONDS),
});
const camera = await startLoopbackCamera({ username: 'barn', password: 'bench-pass' });
try {
  const login = await fetch(`${server.baseUrl}/api/login/login/loginApp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const added = (await callApi(server, token, api.cameras.addCamera, {
    body: {
      name: 'Bench',
      ip: camera.ip,
      port: camera.port,
      streamPath: camera.streamPath,
      username: 'barn',
      password: 'bench-pass',
    },
  })) as { id: number };
  const playlistOf = async (source: 'camera' | 'demo') => {
    const ticket = (await (source === 'camera'
      ? callApi(server, token, api.cameras.cameraStream, { params: { id: added.id } })
      : callApi(server, token, api.cameras.demoStream))) as { url: string };
    return `${server.baseUrl}${ticket.url}`;
  };

  console.log('measuring the idle server');
  const rows: Row[] = [
    { scenario: 'server idle (baseline)', usage: await measureTree(server.pid, SECONDS / 2) },
  ];
  const firstFrames: Record<string, number[]> = { camera: [], demo: [] };
  for (const source of ['camera', 'demo'] as const) {
    console.log(`${source}: cold starts`);
    for (let start = 0; start < COLD_STARTS; start += 1) {
      firstFrames[source]?.push(await timeToFirstFrame(await playlistOf(source)));
      // nobody watches: stopped after the idle time and a sweep
      await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + 3) * 1000));
    }
    for (const viewers of [1, 4]) {
      console.log(`${source}: ${viewers} viewer(s)`);
      const url = await playlistOf(source);
      await timeToFirstFrame(url);
      const until = Date.now() + SECONDS * 1000;
      const [usage, ...results] = await Promise.all([
        measureTree(server.pid, SECONDS - 2),
        ...Array.from({ length: viewers }, () => watch(url, until)),
      ]);
      const label =
        source === 'camera' ? 'RTSP camera (H.264 copied)' : 'demo footage (rendered, 320×180, 5 fps)';
      rows.push({
        scenario: `${label}, ${viewers} viewer${viewers > 1 ? 's' : ''}`,
        usage,
        segments: results.reduce((total, result) => total + (result as { segments: number }).segments, 0),
        errors: results.reduce((total, result) => total + (result as { errors: number }).errors, 0),
      });
      await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + 3) * 1000));
    }
  }

  const baseline = rows[0]?.usage;
  const lines = [
    '# Cameras: what watching costs the embedded server',
    '',
    `Run: \`npx tsx bench/cameras/run.ts --seconds ${SECONDS}\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${describeMachine()}.`,
    '',
    'The real server (PGlite, simulator and jobs off) with the demo farm; a loopback RTSP camera (rtsp-streaming-server fed',
    'by ffmpeg: H.264 320×180, 5 fps, a keyframe a second; its own CPU is not counted, it stands for the camera).',
    `Viewers behave as hls.js does: the playlist every 2 s, each new segment once. CPU is the share of one core over ${SECONDS - 2} s`,
    'of the server and the processes it started (its ffmpeg), from /proc; memory is resident at the end.',
    '',
    '| scenario | server CPU | ffmpeg CPU | total CPU | × idle | server RSS | ffmpeg RSS | segments fetched | errors |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => {
      const server = row.usage.corePercent.node ?? 0;
      const ffmpeg = row.usage.corePercent.ffmpeg ?? 0;
      const total = sum(row.usage.corePercent);
      const ratio = baseline ? total / Math.max(0.1, sum(baseline.corePercent)) : NaN;
      return `| ${row.scenario} | ${server.toFixed(1)} % | ${ffmpeg.toFixed(1)} % | ${total.toFixed(1)} % | ${ratio.toFixed(1)} | ${(row.usage.residentMib.node ?? 0).toFixed(0)} MiB | ${(row.usage.residentMib.ffmpeg ?? 0).toFixed(0)} MiB | ${row.segments ?? '–'} | ${row.errors ?? '–'} |`;
    }),
    '',
    `Time from "open camera" to the first segment in hand, cold (ffmpeg started by that request), ${COLD_STARTS} starts each:`,
    '',
    '| source | each (s) | median (s) |',
    '| --- | --- | --- |',
    ...Object.entries(firstFrames).map(
      ([source, times]) =>
        `| ${source === 'camera' ? 'RTSP camera' : 'demo footage'} | ${times.map((ms) => (ms / 1000).toFixed(1)).join(', ')} | ${(median(times) / 1000).toFixed(1)} |`,
    ),
    '',
  ];
  writeFileSync(path.join(here, 'RESULTS.md'), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await server.stop();
  await camera.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
