// Every installed package supports the oldest Node.js the project promises (package.json `engines`): a
// dependency that needs a newer one is a fault waiting to happen, and `npm ci` warns EBADENGINE about it.
// Run by `npm run lint`; it names each package and what it needs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const promised = readJson('package.json').engines.node;
const oldest = semver.minVersion(promised);
const lock = readJson('package-lock.json');

const unsupported = Object.entries(lock.packages)
  .filter(([location, entry]) => location !== '' && typeof entry.engines?.node === 'string')
  .filter(([, entry]) => !semver.satisfies(oldest, entry.engines.node, { includePrerelease: true }))
  .map(
    ([location, entry]) =>
      `${location.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${entry.engines.node}`,
  );

if (unsupported.length > 0) {
  console.error(
    `The project promises node ${promised}, but these packages need more:\n  ${unsupported.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Every package supports node ${oldest} (engines: ${promised}).`);
