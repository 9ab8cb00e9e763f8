// Which of Mantine's per-component style sheets the app needs (issue 39: all of `@mantine/core/styles.css`
// was 37 kB of gzip before any page drew; the CSS budget is 30). The components the app imports from
// `@mantine/core`, followed through Mantine's own modules to every CSS module they use (a Select needs the
// Combobox's, Input's, Popover's…), in the order Mantine's full sheet has them, so later rules still win.
//   npx tsx apps/web/scripts/mantine-styles.ts   prints the @import lines of src/mantine-styles.css
// scripts/mantine-styles.test.ts fails when the app uses a component whose sheet is not imported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mantineRoot = path.join(webRoot, 'node_modules', '@mantine', 'core');
/** Sheets every app needs, before the components' (Mantine's docs). */
const BASE_SHEETS = ['baseline', 'default-css-variables', 'global'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Components the app shows through another Mantine package: @mantine/notifications' toasts. */
const INDIRECT_COMPONENTS = ['Notification'];

/** Component names the app imports as values from `@mantine/core`, and those it shows indirectly. */
export function usedComponents(srcDir = path.join(webRoot, 'src')): Set<string> {
  const names = new Set<string>(INDIRECT_COMPONENTS);
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim().split(/\s/)[0] ?? '';
        if (/^[A-Z]/.test(name) && !part.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The style sheets (names in `@mantine/core/styles/`) the app's components use, in Mantine's order. */
export function neededSheets(components: Iterable<string> = usedComponents()): string[] {
  const esm = path.join(mantineRoot, 'esm');
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const match of text.matchAll(/(?:import|export)[^;]*?from\s*["'](\.[^"']+)["']/g)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      if (target.endsWith('.module.mjs')) sheets.add(path.basename(target, '.module.mjs'));
      else visit(target);
    }
  };
  for (const name of components) {
    const source = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "(\\./[^"]+)"`).exec(index)?.[1];
    if (source) visit(path.join(esm, source));
  }
  const full = readFileSync(path.join(mantineRoot, 'styles.css'), 'utf8');
  const position = (sheet: string) =>
    full.indexOf(
      readFileSync(path.join(mantineRoot, 'styles', `${sheet}.css`), 'utf8')
        .trim()
        .slice(0, 60),
    );
  return [...BASE_SHEETS, ...[...sheets].sort((a, b) => position(a) - position(b))];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const sheet of neededSheets()) console.log(`@import '@mantine/core/styles/${sheet}.css';`);
}
