// How ffmpeg's last words become the camera state a farmer reads: a refused password, an offline camera,
// or a transport to fall back from.
import { describe, expect, it } from 'vitest';
import { failureOf, refusedTransport } from '../src/modules/cameras/hls-pipeline';

describe("reading ffmpeg's error output", () => {
  it('reads a 401 answer as a refused password', () => {
    const stderr =
      'rtsp://cam:wrong@10.0.0.7:554/live: Server returned 401 Unauthorized (authorization failed)';
    expect(failureOf(stderr)).toBe('unauthorized');
  });

  it("does not read a recorder channel's port (40011) in the URL as a 401", () => {
    expect(failureOf('rtsp://10.0.0.7:40011/ch3: Connection refused')).toBe('offline');
    expect(failureOf('rtsp://10.0.0.7:40116/ch24: Connection timed out')).toBe('offline');
  });

  it('tells a refused transport (461) from a camera that is down', () => {
    expect(refusedTransport('method SETUP failed: 461 Unsupported Transport')).toBe(true);
    expect(refusedTransport('rtsp://10.0.0.7:46100/live: Connection refused')).toBe(false);
  });
});
