import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folder rules of apps/web (see its README): features never import each other, and shared code
 * (lib, components, config) never imports features or the app. Only src/app composes features.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Relative imports of a file, resolved to paths below src (e.g. `features/auth/api/login`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(
    (match) => match[1] ?? '',
  );
  return specifiers.map((specifier) =>
    relative(src, resolve(dirname(file), specifier))
      .split(sep)
      .join('/'),
  );
}

const area = (path: string) => {
  const [top, second] = path.split('/');
  return top === 'features' ? `features/${second}` : (top ?? '');
};

describe('folder boundaries', () => {
  const files = sourceFiles(src).filter((file) => !file.includes(`${sep}test${sep}`));

  it('features do not import other features or the app', () => {
    const offending = files.flatMap((file) => {
      const from = relative(src, file).split(sep).join('/');
      if (!from.startsWith('features/')) return [];
      return importsOf(file)
        .filter((to) => to.startsWith('app/') || (to.startsWith('features/') && area(to) !== area(from)))
        .map((to) => `${from} -> ${to}`);
    });
    expect(offending).toEqual([]);
  });

  it('shared code (lib, components, config) does not import features or the app', () => {
    const offending = files.flatMap((file) => {
      const from = relative(src, file).split(sep).join('/');
      if (!/^(lib|components|config)\//.test(from)) return [];
      return importsOf(file)
        .filter((to) => to.startsWith('features/') || to.startsWith('app/'))
        .map((to) => `${from} -> ${to}`);
    });
    expect(offending).toEqual([]);
  });
});
