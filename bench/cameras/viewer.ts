// A viewer as hls.js behaves: the playlist again every target duration (2 s), each new segment fetched once.

export interface ViewerResult {
  segments: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const watch = async (playlistUrl: string, until: number): Promise<ViewerResult> => {
  const seen = new Set<string>();
  let errors = 0;
  while (Date.now() < until) {
    const playlist = await fetch(playlistUrl);
    if (playlist.ok) {
      const segments = (await playlist.text()).split('\n').filter((line) => line.endsWith('.ts'));
      for (const segment of segments.filter((name) => !seen.has(name))) {
        const response = await fetch(playlistUrl.replace('index.m3u8', segment));
        if (response.ok) {
          await response.arrayBuffer();
          seen.add(segment);
        } else errors += 1;
      }
    } else {
      await playlist.arrayBuffer();
      errors += 1;
    }
    await sleep(2_000);
  }
  return { segments: seen.size, errors };
};

/**
 * From "open camera" to the first segment in hand, as a player sees it: the playlist asked for (and asked
 * again each second while the server says the stream is starting), then its first segment.
 */
export const timeToFirstFrame = async (playlistUrl: string): Promise<number> => {
  const started = performance.now();
  for (;;) {
    const playlist = await fetch(playlistUrl);
    if (playlist.ok) {
      const first = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts'));
      if (first) {
        const segment = await fetch(playlistUrl.replace('index.m3u8', first));
        if (segment.ok) {
          await segment.arrayBuffer();
          return performance.now() - started;
        }
      }
    } else await playlist.arrayBuffer();
    if (performance.now() - started > 60_000) throw new Error('no first frame within 60 s');
    await sleep(1_000);
  }
};
