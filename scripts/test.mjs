// `npm test`: type checks, lint, every workspace's tests (the server's on PGlite and, when DATABASE_URL
// is set, on PostgreSQL), a web build and its bundle budget, then the browser tests in Chromium. Ends with
// one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const jsonReporter = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${path.join(resultsDir, `${name}.json`)}`,
];

const steps = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  {
    name: 'domain',
    command: ['npx', 'vitest', 'run', '--root', 'packages/domain', ...jsonReporter('domain')],
  },
  {
    name: 'contract',
    command: [
      'npx',
      'vitest',
      'run',
      '--typecheck',
      '--root',
      'packages/contract',
      ...jsonReporter('contract'),
    ],
  },
  {
    name: 'locales',
    command: ['npx', 'vitest', 'run', '--root', 'packages/locales', ...jsonReporter('locales')],
  },
  { name: 'web', command: ['npx', 'vitest', 'run', '--root', 'apps/web', ...jsonReporter('web')] },
  // The server script runs vitest once per database and names each report after it.
  {
    name: 'server',
    command: ['node', 'apps/server/scripts/test-both-databases.mjs', ...jsonReporter('server')],
  },
  { name: 'web build', command: ['npm', 'run', 'build', '-w', '@cowcare/web'] },
  // Issue 39: the JS and CSS each page loads before it draws, against apps/web/bundle-budget.json (seconds).
  { name: 'bundle budget', command: ['npm', 'run', 'budget', '-w', '@cowcare/web'] },
  { name: 'e2e', command: ['npx', 'vitest', 'run', '--root', 'e2e', ...jsonReporter('e2e')] },
];

const only = process.argv.slice(2);
const failedSteps = [];
// What each step cost on this machine, so the README's table and CI's time budget can be checked.
const stepSeconds = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  console.log(`\n>>> ${step.name}: ${step.command.join(' ')}`);
  const [command, ...args] = step.command;
  const startedAt = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  stepSeconds.push([step.name, Math.round((Date.now() - startedAt) / 1000)]);
  if (result.status !== 0) failedSteps.push(step.name);
}

let passed = 0;
let failed = 0;
let skipped = 0;
// Repeated at the very end because CI keeps only the tail of a long log.
const failedTests = [];
for (const file of existsSync(resultsDir) ? readdirSync(resultsDir) : []) {
  const report = JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const testFile of report.testResults ?? []) {
    for (const test of testFile.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const firstLine = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedTests.push(`${file}: ${path.relative(root, testFile.name)} > ${test.fullName}\n    ${firstLine}`);
    }
  }
}
console.log(`\nTime per step: ${stepSeconds.map(([name, seconds]) => `${name} ${seconds} s`).join(', ')}`);
if (failedTests.length > 0) console.error(`\nFailed tests:\n${failedTests.join('\n')}`);
if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
