// The server process seen through its inspector (it runs with `--inspect=127.0.0.1:<port>`): a full garbage
// collection before a memory reading, so heap in use is the live heap rather than a random point of the
// collector's saw; and, with --profile, a CPU profile of the loaded phase alone. The inspector open but idle
// costs the server nothing measurable; a session is attached only while it is used.
import WebSocket from 'ws';

/** NODE_OPTIONS for a server the benchmark inspects. */
export const inspectorOption = (port: number): string =>
  [process.env.NODE_OPTIONS, `--inspect=127.0.0.1:${port}`].filter(Boolean).join(' ');

const ANSWER_TIMEOUT_MS = 60_000;

export interface InspectorSession {
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  close(): void;
}

export const openInspector = async (inspectorPort: number): Promise<InspectorSession> => {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl?: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`the inspector on port ${inspectorPort} lists no target`);
  const session = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
  await new Promise((resolve, reject) => {
    session.once('open', resolve);
    session.once('error', reject);
  });
  let nextId = 0;
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = (nextId += 1);
        const timer = setTimeout(
          () => reject(new Error(`the inspector did not answer ${method}`)),
          ANSWER_TIMEOUT_MS,
        );
        const onMessage = (raw: Buffer) => {
          const answer = JSON.parse(raw.toString()) as { id?: number; result?: unknown; error?: unknown };
          if (answer.id !== id) return;
          clearTimeout(timer);
          session.off('message', onMessage);
          if (answer.error) reject(new Error(`${method}: ${JSON.stringify(answer.error)}`));
          else resolve(answer.result);
        };
        session.on('message', onMessage);
        session.send(JSON.stringify({ id, method, params }));
      }),
    close: () => session.close(),
  };
};

export const collectGarbage = async (inspectorPort: number): Promise<void> => {
  const session = await openInspector(inspectorPort);
  try {
    // Twice: objects whose finalizers the first collection ran are freed by the second.
    await session.call('HeapProfiler.collectGarbage');
    await session.call('HeapProfiler.collectGarbage');
  } finally {
    session.close();
  }
};

/** Starts the sampling profiler; the answer stops it and answers the profile (a `.cpuprofile`'s JSON). */
export const startProfile = async (inspectorPort: number): Promise<() => Promise<unknown>> => {
  const session = await openInspector(inspectorPort);
  await session.call('Profiler.enable');
  await session.call('Profiler.setSamplingInterval', { interval: 500 });
  await session.call('Profiler.start');
  return async () => {
    try {
      return ((await session.call('Profiler.stop')) as { profile: unknown }).profile;
    } finally {
      session.close();
    }
  };
};
