// Every route of the contract fuzzed from its own schemas (test/helpers/route-fuzz.ts): valid requests on a
// farm's own ids and one-field mutations with boundary and hostile values, called as the route's kind of
// caller. Every answer is 2xx or 4xx in the documented shape, never 5xx; nothing a route accepted makes a
// page of the farm fail to read; the server keeps answering. A fixed seed and few runs per route here;
// bench/fuzz/run.ts runs the same with a random seed and as many runs as asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { SENSOR_DATA_CALLS } from '@cowcare/contract/routes/charts';
import {
  arrangeFuzzFarm,
  describeFinding,
  fuzzingOrder,
  fuzzRoute,
  openFuzzApp,
  type FuzzApp,
  type FuzzFarm,
} from './helpers/route-fuzz';

/** The CI seed; FUZZ_SEED replays another (bench/fuzz prints the one it drew). */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_432);
/** Requests per route: enough to try each field with several hostile values, within CI's minutes. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Routes that write nothing: they share one farm, where every other route gets a farm of its own. */
const readsOnly = (route: RouteDefinition) =>
  route.method === 'GET' || Object.values(SENSOR_DATA_CALLS).includes(route);

let fuzzApp: FuzzApp;
let sharedFarm: FuzzFarm;

beforeAll(async () => {
  fuzzApp = await openFuzzApp();
  sharedFarm = await arrangeFuzzFarm(fuzzApp);
});
afterAll(() => fuzzApp.close());

describe('every route of the contract, fuzzed from its schemas', () => {
  it.each(fuzzingOrder(allRoutes).map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 2xx or a 4xx in shape, and the farm still reads',
    async (_name, route) => {
      const farm = readsOnly(route) ? sharedFarm : await arrangeFuzzFarm(fuzzApp);
      const findings = await fuzzRoute(fuzzApp, route, farm, { numRuns: RUNS, seed: SEED });
      const health = await fuzzApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, 'the server still answers').toBe(200);
      expect(findings.map(describeFinding)).toEqual([]);
    },
    120_000,
  );
});
