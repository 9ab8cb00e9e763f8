import type { CameraSecrets } from './camera-secrets';

// A stream ticket is one path segment: `<farmId>-<source>-<expires>-<signature>`, the source `c<cameraId>`
// or `demo`. It sits in the path, not the query, so the segment URLs of the playlist (relative) inherit it:
// a video element sends no bearer token, and Safari's native HLS player could not add one.

export type StreamSource = { kind: 'camera'; cameraId: number } | { kind: 'demo' };

export interface StreamTicket {
  farmId: number;
  source: StreamSource;
  expiresAt: number;
}

const sourceText = (source: StreamSource): string =>
  source.kind === 'demo' ? 'demo' : `c${source.cameraId}`;

const sourceOf = (text: string): StreamSource | undefined => {
  if (text === 'demo') return { kind: 'demo' };
  const match = /^c([1-9][0-9]{0,9})$/.exec(text);
  return match ? { kind: 'camera', cameraId: Number(match[1]) } : undefined;
};

/** The key the pipeline knows a stream by; one ffmpeg per key, whoever watches. */
export const streamKey = (farmId: number, source: StreamSource): string => `${farmId}-${sourceText(source)}`;

export const issueTicket = (secrets: CameraSecrets, ticket: StreamTicket): string => {
  const unsigned = `${streamKey(ticket.farmId, ticket.source)}-${Math.floor(ticket.expiresAt / 1000)}`;
  return `${unsigned}-${secrets.sign(unsigned)}`;
};

export type TicketCheck = { ok: true; ticket: StreamTicket } | { ok: false; reason: 'forged' | 'expired' };

export const checkTicket = (secrets: CameraSecrets, text: string, now = Date.now()): TicketCheck => {
  const match = /^([1-9][0-9]{0,9})-(demo|c[0-9]{1,10})-([0-9]{1,12})-([A-Za-z0-9_-]{43})$/.exec(text);
  const source = match ? sourceOf(match[2] ?? '') : undefined;
  if (!match || !source) return { ok: false, reason: 'forged' };
  const [, farm = '', sourcePart = '', expires = '', signature = ''] = match;
  if (!secrets.verify(`${farm}-${sourcePart}-${expires}`, signature)) return { ok: false, reason: 'forged' };
  const expiresAt = Number(expires) * 1000;
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, ticket: { farmId: Number(farm), source, expiresAt } };
};
