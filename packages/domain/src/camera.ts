// Farm cameras (spec §3/§9). Cameras sit behind one recorder whose channels are forwarded on ports 40001,
// 40006, 40011, … so the channel number is (port − 40001) / 5 + 1 and is shown after the camera name.

export const CAMERA_FIRST_CHANNEL_PORT = 40_001;
export const CAMERA_PORT_STEP = 5;

/**
 * Notices that carry a still from the cow's camera (issue 37): estrus detected (101), severe fever (203) and
 * calving expected within 24 h (501), the moments a farmer wants to look at her before walking out.
 */
export const NOTICE_CODES_WITH_SNAPSHOT: readonly number[] = [101, 203, 501];

/** A camera as the server lists it; legacy data carries the port as a string. */
export interface CameraRecord {
  readonly name?: string | null;
  readonly ip?: string | null;
  readonly port?: number | string | null;
}

export interface UsableCamera {
  readonly name: string;
  readonly displayName: string;
  readonly ip: string;
  readonly port: number;
  /** Undefined when the port is outside the channel scheme. */
  readonly channel: number | undefined;
}

/** Undefined unless the port lands exactly on a channel (n a whole number from 1): a fractional or zero "channel" would mislead. */
export function cameraChannel(port: number): number | undefined {
  const channel = (port - CAMERA_FIRST_CHANNEL_PORT) / CAMERA_PORT_STEP + 1;
  return Number.isInteger(channel) && channel >= 1 ? channel : undefined;
}

/** `name (n)`; just the name when the port has no channel number. */
export function cameraDisplayName(name: string, port: number): string {
  const channel = cameraChannel(port);
  return channel === undefined ? name : `${name} (${channel})`;
}

function parsePort(port: number | string | null | undefined): number | undefined {
  const value = typeof port === 'string' && /^\d+$/.test(port.trim()) ? Number(port.trim()) : port;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65_535
    ? value
    : undefined;
}

/**
 * Drops every camera that lacks a usable ip or port, not only those lacking both: the player needs both to
 * connect, so a half-configured entry would only show a broken tile. A blank name falls back to the ip.
 */
export function usableCameras(cameras: readonly CameraRecord[]): UsableCamera[] {
  const usable: UsableCamera[] = [];
  for (const camera of cameras) {
    const ip = camera.ip?.trim() ?? '';
    const port = parsePort(camera.port);
    if (ip === '' || port === undefined) continue;
    const name = camera.name?.trim() || ip;
    usable.push({ name, displayName: cameraDisplayName(name, port), ip, port, channel: cameraChannel(port) });
  }
  return usable;
}
