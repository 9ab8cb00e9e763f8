// The contract's calls over real HTTP, for the chat benchmark: one timed form that never throws (the measured
// sends count their failures) and one that does (arranging users, friends and groups must not fail quietly).
import type { RouteBody, RouteData, RouteDefinition, RouteParams } from '@cowcare/contract/route';
import { apiPath, fillPath } from '@cowcare/contract/route';

export interface CallInput<R> {
  token?: string;
  params?: RouteParams<R>;
  body?: RouteBody<R>;
}

export interface Answer {
  /** The HTTP status, or 0 when no answer came (refused, reset, timed out). */
  status: number;
  text: string;
  /** From the start of the request to the whole answer read, in milliseconds. */
  ms: number;
}

const TIMEOUT_MS = 30_000;

export const timedCall = async <R extends RouteDefinition>(
  baseUrl: string,
  route: R,
  input: CallInput<R> = {},
): Promise<Answer> => {
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}${apiPath({ path: fillPath(route.path, input.params ?? {}) })}`, {
      method: route.method,
      headers: {
        ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
        ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - startedAt };
  } catch (error) {
    // fetch's own message ("fetch failed") says nothing; its cause does (ECONNRESET, ...).
    const cause = (error as { cause?: unknown }).cause;
    const why = cause instanceof Error ? `: ${cause.name}: ${cause.message}` : '';
    return { status: 0, text: `${String(error)}${why}`, ms: performance.now() - startedAt };
  }
};

/** The call's `data`; anything but a 200 throws with the server's answer. */
export const mustCall = async <R extends RouteDefinition>(
  baseUrl: string,
  route: R,
  input: CallInput<R> = {},
): Promise<RouteData<R>> => {
  const answer = await timedCall(baseUrl, route, input);
  if (answer.status !== 200) {
    throw new Error(`${route.method} ${route.path} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  return (JSON.parse(answer.text) as { data: RouteData<R> }).data;
};

/** Runs `work` on every item, at most `limit` at once; answers the results in the items' order. */
export const eachLimited = async <T, U>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<U>,
): Promise<U[]> => {
  const results: U[] = new Array<U>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};
