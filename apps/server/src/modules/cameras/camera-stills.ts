import { spawn } from 'node:child_process';
import { failureOf, refusedTransport, type FfmpegSource } from './hls-pipeline';

/** A still a phone shows well and a notice list loads fast: at most 640 px wide, JPEG quality ~80. */
const STILL_OUTPUT = ['-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '5', '-f', 'image2pipe'];
const STILL_OUTPUT_CODEC = ['-c:v', 'mjpeg', 'pipe:1'];
/** A camera that has not given a frame by then is not going to: a keyframe comes every few seconds. */
const STILL_TIMEOUT_MS = 20_000;
const MAX_STILL_BYTES = 2_000_000;

export type StillResult = { ok: true; jpeg: Buffer } | { ok: false; failure: 'offline' | 'unauthorized' };

const runFfmpeg = (
  ffmpegPath: string,
  source: FfmpegSource,
): Promise<{ jpeg: Buffer | undefined; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        ...source.input,
        ...STILL_OUTPUT,
        ...STILL_OUTPUT_CODEC,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_STILL_BYTES) chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), STILL_TIMEOUT_MS);
    child.once('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const jpeg = Buffer.concat(chunks);
      const whole = code === 0 && size <= MAX_STILL_BYTES && jpeg[0] === 0xff && jpeg[1] === 0xd8;
      resolve({ jpeg: whole ? jpeg : undefined, stderr });
    });
  });

/** One frame of the camera as JPEG, through the same source (and transport fallback) as its live video. */
export const grabStill = async (ffmpegPath: string, source: FfmpegSource): Promise<StillResult> => {
  let attempt = await runFfmpeg(ffmpegPath, source);
  if (!attempt.jpeg && source.fallback && refusedTransport(attempt.stderr)) {
    attempt = await runFfmpeg(ffmpegPath, source.fallback);
  }
  return attempt.jpeg ? { ok: true, jpeg: attempt.jpeg } : { ok: false, failure: failureOf(attempt.stderr) };
};
