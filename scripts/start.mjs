// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (embedded database, demo farm) on http://localhost:4499.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'packages/locales/src',
  'packages/contract/src',
  'packages/domain/src',
];

const newestChange = (target) => {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
};

const webBuildIsCurrent = () =>
  existsSync(builtIndex) &&
  statSync(builtIndex).mtimeMs >=
    Math.max(...webSources.map((source) => newestChange(path.join(root, source))));

if (!webBuildIsCurrent()) {
  console.log('Building the web app (first run or changed sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cowcare/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
