import { existsSync } from 'node:fs';
import type { CameraProtocol } from '@cowcare/contract/routes/cameras';
import type { CameraCredentials } from './camera-secrets';
import type { FfmpegSource } from './hls-pipeline';

/** Small and slow on purpose: the embedded default shares a small machine with the herd's pipeline. */
const CHEAP_H264 = [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-tune',
  'zerolatency',
  '-pix_fmt',
  'yuv420p',
  // a keyframe every 2 s at 5 fps, so each 2-second HLS segment starts with one
  '-g',
  '10',
  '-keyint_min',
  '10',
  '-sc_threshold',
  '0',
  '-b:v',
  '150k',
  '-an',
];

export interface CameraAddress {
  ip: string;
  port: number;
  protocol: CameraProtocol;
  streamPath: string;
}

/** The URL ffmpeg pulls; credentials percent-encoded into it (never logged: see the pipeline's log lines). */
export const cameraUrl = (camera: CameraAddress, credentials: CameraCredentials): string => {
  const host = camera.ip.includes(':') && !camera.ip.startsWith('[') ? `[${camera.ip}]` : camera.ip;
  const user =
    credentials.username !== null || credentials.password !== null
      ? `${encodeURIComponent(credentials.username ?? '')}:${encodeURIComponent(credentials.password ?? '')}@`
      : '';
  const streamPath = camera.streamPath.startsWith('/') ? camera.streamPath : `/${camera.streamPath}`;
  return `${camera.protocol}://${user}${host}:${camera.port}${streamPath}`;
};

/**
 * RTSP from an IP camera or recorder is H.264 already: copied into HLS, it costs next to no CPU. HTTP
 * (MJPEG snapshots streams) is re-encoded small.
 */
export const cameraSource = (camera: CameraAddress, credentials: CameraCredentials): FfmpegSource => {
  const url = cameraUrl(camera, credentials);
  if (camera.protocol === 'rtsp') {
    // -stimeout: give up on a silent camera after 5 s (microseconds), so "offline" shows soon. TCP first: RTP
    // over UDP rarely crosses the port forwarding a farm's router does; a camera that refuses it gets UDP.
    const encode = ['-c:v', 'copy', '-an'];
    const input = (transport: 'tcp' | 'udp') => [
      '-rtsp_transport',
      transport,
      '-stimeout',
      '5000000',
      '-i',
      url,
    ];
    return { input: input('tcp'), encode, fallback: { input: input('udp'), encode } };
  }
  return {
    input: ['-i', url],
    encode: ['-vf', 'scale=640:-2,fps=5', ...CHEAP_H264],
  };
};

export interface DemoCow {
  code: string;
  /** Her activity against her usual: 1 is an ordinary hour, 2 twice as restless (a cow in heat). */
  restlessness: number;
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/Library/Fonts/Arial.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];

export const findLabelFont = (): string | undefined => FONT_CANDIDATES.find((file) => existsSync(file));

/** A text option of drawtext, quoted; the characters that would end the quoting or an option are left out. */
const filterText = (value: string): string => `'${value.replace(/['\\:,;[\]]/g, '')}'`;
/** A font path as a filter option: forward slashes, the drive's colon escaped (C\:/Windows/…). */
const fontOption = (file: string): string => `fontfile=${file.replace(/\\/g, '/').replace(/:/g, '\\:')}`;

export const RESTLESS = 1.6;
const WIDTH = 320;
const HEIGHT = 180;

/**
 * One cow as a labelled tag wandering around her place in the pen: how far and how fast she moves follows
 * her restlessness, and a restless cow (a cow in heat) is drawn orange. Positions are expressions of the
 * frame time `t`, so ffmpeg animates them itself; nothing is sent to it while it runs.
 */
const cowFilter = (cow: DemoCow, index: number, count: number, font: string): string => {
  const columns = Math.min(4, count);
  const rows = Math.ceil(count / columns);
  const cellWidth = WIDTH / columns;
  const cellHeight = (HEIGHT - 24) / rows;
  const cx = Math.round(cellWidth * (index % columns) + cellWidth / 2 - 18);
  const cy = Math.round(24 + cellHeight * Math.floor(index / columns) + cellHeight / 2 - 6);
  const level = Math.max(0.2, Math.min(3, cow.restlessness));
  const reach = Math.round(Math.min(cellWidth / 2 - 20, 4 + level * 9));
  const period = (6 / level).toFixed(2);
  const phase = (index * 1.7).toFixed(2);
  const restless = cow.restlessness >= RESTLESS;
  return [
    `drawtext=${fontOption(font)}`,
    `text=${filterText(cow.code)}`,
    'fontsize=11',
    `fontcolor=${restless ? 'white' : 'black'}`,
    'box=1',
    `boxcolor=${restless ? '0xe8590c' : '0xf8f9fa'}@0.95`,
    'boxborderw=4',
    `x=${cx}+${reach}*sin(2*PI*t/${period}+${phase})`,
    `y=${cy}+${Math.round(reach * 0.5)}*cos(2*PI*t/(${period}*1.3)+${phase})`,
  ].join(':');
};

/**
 * Demo footage: the farm's herd (its first cows by code, up to twelve) as labelled tags moving as much as
 * their activity says, with a clock, on a field-green background; 320×180 at 5 fps. Without a font on the
 * machine the tags cannot be drawn, so the footage is the clock-less test pattern instead (still video
 * through the same pipeline).
 */
export const demoSource = (cows: readonly DemoCow[], title: string, font = findLabelFont()): FfmpegSource => {
  const background = `color=c=0x4a6b35:s=${WIDTH}x${HEIGHT}:r=5`;
  if (!font) {
    return { input: ['-re', '-f', 'lavfi', '-i', `testsrc2=s=${WIDTH}x${HEIGHT}:r=5`], encode: CHEAP_H264 };
  }
  const herd = cows.slice(0, 12);
  const header = [
    `drawtext=${fontOption(font)}`,
    `text=${filterText(`${title}  %{localtime}`)}`,
    'fontsize=10',
    'fontcolor=white',
    'box=1',
    'boxcolor=black@0.4',
    'boxborderw=3',
    'x=4',
    'y=4',
  ].join(':');
  const filters = [header, ...herd.map((cow, index) => cowFilter(cow, index, herd.length, font))];
  return {
    input: ['-re', '-f', 'lavfi', '-i', background],
    encode: ['-vf', filters.join(','), ...CHEAP_H264],
  };
};

/** Cows of a farm that has none yet: one of them restless, so the footage shows what heat looks like. */
export const SAMPLE_HERD: readonly DemoCow[] = [
  { code: 'C1001', restlessness: 0.8 },
  { code: 'C1002', restlessness: 1 },
  { code: 'C1003', restlessness: 2.4 },
  { code: 'C1004', restlessness: 0.6 },
  { code: 'C1005', restlessness: 1.1 },
  { code: 'C1006', restlessness: 0.9 },
];
