// The bundle budget of issue 39, checked against the production build (run after `npm run build -w
// @cowcare/web`; CI runs it in `npm test` right after that build):
//   npx tsx apps/web/scripts/check-bundle-budget.ts            judge, exit 1 when a page is over
//   npx tsx apps/web/scripts/check-bundle-budget.ts --record   also write the sizes into bundle-budget.json
// Sizes are gzip at zlib's default level (what Vite's build report shows), in kB of 1,000 bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { format, resolveConfig } from 'prettier';
import { chunkKey, criticalPath, judge, type Budget, type Manifest, type PageMeasure } from './bundle-budget';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const budgetFile = path.join(webRoot, 'bundle-budget.json');

const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as Budget;
let manifest: Manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
} catch {
  console.error('No build manifest: run `npm run build -w @cowcare/web` first.');
  process.exit(1);
}

const gzipped = new Map<string, number>();
const gzipSize = (file: string): number => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file))).length;
    gzipped.set(file, size);
  }
  return size;
};

// The heaviest catalogue: a page is judged as the user whose language costs most sees it.
const heaviest = budget.catalogues
  .map((key) => {
    const file = manifest[key]?.file;
    if (!file) throw new Error(`Catalogue "${key}" is not in the build manifest: update bundle-budget.json`);
    return { key, size: gzipSize(file) };
  })
  .sort((a, b) => b.size - a.size)[0];

const sizesOf = (files: string[]) =>
  Object.fromEntries(files.map((file) => [chunkKey(file), gzipSize(file)]));
const measures: Record<string, PageMeasure> = {};
for (const [page, { routes }] of Object.entries(budget.pages)) {
  const files = criticalPath(manifest, routes, heaviest ? [heaviest.key] : []);
  measures[page] = { js: sizesOf(files.js), css: sizesOf(files.css) };
}

const verdict = judge(budget, measures);
if (heaviest) console.log(`Each page with the heaviest catalogue, ${heaviest.key}.`);
for (const line of verdict.lines) console.log(line);
for (const [page, measure] of Object.entries(measures)) {
  const list = Object.entries(measure.js)
    .sort((a, b) => b[1] - a[1])
    .map(([key, size]) => `${key} ${(size / 1000).toFixed(1)}`);
  console.log(`  ${page} JS chunks (kB gzip): ${list.join(', ')}`);
}

if (process.argv.includes('--record')) {
  // In the repository's style, so `npm run lint` passes after a record.
  const options = { ...(await resolveConfig(budgetFile)), filepath: budgetFile };
  writeFileSync(budgetFile, await format(JSON.stringify({ ...budget, measured: measures }), options));
  console.log(`Recorded the sizes in ${path.relative(process.cwd(), budgetFile)}.`);
}
if (!verdict.ok) {
  console.error(
    'Over the bundle budget (issue 39). Split what grew out of the first load, or raise the limit with a reason.',
  );
  process.exit(1);
}
