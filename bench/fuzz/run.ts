// The route fuzzing of apps/server/test/fuzz-routes.test.ts for longer: every route of the contract (or those
// whose path holds --route), --runs requests each, on a seed drawn at random unless --seed gives one. Prints
// the seed first, then each distinct fault as found (the request that showed it and the server's error), and
// exits 1 when there was any. Not a test: nothing here runs in CI.
//
//   npx tsx bench/fuzz/run.ts --runs 500                 # PGlite, a random seed
//   npx tsx bench/fuzz/run.ts --runs 500 --seed 1234     # replay a seed
//   DATABASE_URL=postgres://… npx tsx bench/fuzz/run.ts --runs 500 --database postgres
import { parseArgs } from 'node:util';
import { allRoutes } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { SENSOR_DATA_CALLS } from '@cowcare/contract/routes/charts';
import {
  arrangeFuzzFarm,
  describeFinding,
  fuzzingOrder,
  fuzzRoute,
  openFuzzApp,
  type FuzzFarm,
  type FuzzFinding,
} from '../../apps/server/test/helpers/route-fuzz';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string' },
    route: { type: 'string', default: '' },
    database: { type: 'string', default: 'pglite' },
  },
});

const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error(
    'usage: npx tsx bench/fuzz/run.ts --runs N [--seed S] [--route text] [--database pglite|postgres]',
  );
  process.exit(2);
}
if (values.database === 'postgres' && !process.env.DATABASE_URL) {
  console.error('--database postgres needs DATABASE_URL (a scratch database is made beside it and dropped)');
  process.exit(2);
}
// The test helpers choose the database from these, as the server suite does.
process.env.TEST_DATABASE = values.database;

/** As in the CI test: routes that write nothing share a farm, every other gets a farm of its own. */
const readsOnly = (route: RouteDefinition) =>
  route.method === 'GET' || Object.values(SENSOR_DATA_CALLS).includes(route);

const main = async (): Promise<number> => {
  const routes = fuzzingOrder(allRoutes).filter((route) => route.path.includes(values.route));
  console.log(`seed ${seed}, ${runs} runs per route, ${routes.length} routes, on ${values.database}`);
  console.log(
    `replay: npx tsx bench/fuzz/run.ts --runs ${runs} --seed ${seed}${values.route ? ` --route ${values.route}` : ''}`,
  );
  const fuzzApp = await openFuzzApp();
  const findings: FuzzFinding[] = [];
  const started = performance.now();
  try {
    const sharedFarm: FuzzFarm = await arrangeFuzzFarm(fuzzApp);
    for (const route of routes) {
      const farm = readsOnly(route) ? sharedFarm : await arrangeFuzzFarm(fuzzApp);
      const statuses = new Map<number, number>();
      const routeStarted = performance.now();
      const found = await fuzzRoute(fuzzApp, route, farm, {
        numRuns: runs,
        seed,
        onRequest: (_request, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
      });
      const seconds = ((performance.now() - routeStarted) / 1000).toFixed(1);
      const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      console.log(`${route.method} ${route.path}: ${answered.join(' ')} in ${seconds} s`);
      for (const finding of found) console.log(`  FAULT ${describeFinding(finding)}`);
      findings.push(...found);
    }
  } finally {
    await fuzzApp.close();
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\n${findings.length} distinct faults in ${minutes} min (seed ${seed})`);
  for (const finding of findings) console.log(`- ${describeFinding(finding)}`);
  return findings.length === 0 ? 0 : 1;
};

process.exitCode = await main();
