// A stand-in IP camera on loopback, in a process of its own so stopping it is one signal: an RTSP server
// from the npm registry (rtsp-streaming-server) fed by the ffmpeg that `npm ci` installs, publishing a
// moving test pattern in H.264 as a camera does. Prints "ready" once the stream can be played.
// Argument: JSON { publishPort, clientPort, rtpPortStart, streamPath, username?, password? }.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import RtspStreamingServer from 'rtsp-streaming-server';

const require = createRequire(import.meta.url);
const ffmpegPath = require('@ffmpeg-installer/ffmpeg').path;
const options = JSON.parse(process.argv[2] ?? '{}');
const RtspServer = RtspStreamingServer.default ?? RtspStreamingServer;

const server = new RtspServer({
  serverPort: options.publishPort,
  clientPort: options.clientPort,
  rtpPortStart: options.rtpPortStart,
  rtpPortCount: 40,
  clientServerHooks: options.username
    ? {
        authentication: async (username, password) =>
          username === options.username && password === options.password,
      }
    : {},
});
await server.start();

// 5 fps, a keyframe a second: the same shape as a camera's sub-stream, small enough for a 2-core runner.
const publisher = spawn(
  ffmpegPath,
  [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x180:r=5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '5',
    '-b:v',
    '200k',
    '-f',
    'rtsp',
    `rtsp://127.0.0.1:${options.publishPort}${options.streamPath}`,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
publisher.on('exit', (code) => {
  console.error(`loopback camera: the publishing ffmpeg exited (${code})`);
  process.exit(1);
});

const stop = () => {
  publisher.removeAllListeners('exit');
  publisher.kill('SIGKILL');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The test that started it died without stopping it (a killed worker): its end of stdin closes.
process.stdin.on('end', stop);
process.stdin.resume();

const mounted = () => server.Mounts.getMount(`rtsp://127.0.0.1:${options.clientPort}${options.streamPath}`);
for (let waited = 0; !mounted(); waited += 100) {
  if (waited > 15_000) {
    console.error('loopback camera: the stream did not come up');
    stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
// the mount exists from ANNOUNCE; the first keyframe follows within a second
await new Promise((resolve) => setTimeout(resolve, 1000));
console.log('ready');
