// The judging half of the bundle budget (issue 39): which built files a page needs before it can draw, and
// whether their gzipped size keeps within the budget. No file access here, so a unit test can feed it a
// manifest; check-bundle-budget.ts reads the build and prints the verdict.

/** One entry of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  /** Manifest keys (source paths) of the route modules the page renders at first paint. */
  routes: string[];
  /** This page's own limits, where they differ from `limits` (kB of gzip). */
  jsKb?: number;
  cssKb?: number;
}

export interface Budget {
  /** Limits in kB (1,000 bytes) of gzip of each page, unless the page has its own: over them the check fails. */
  limits: { jsKb: number; cssKb: number };
  /** Issue 39's target; printed beside the limits while they are above it. */
  goal: { jsKb: number; cssKb: number };
  pages: Record<string, PageBudget>;
  /**
   * Manifest keys of the language catalogues loaded on demand: a page's first paint waits for the user's
   * one, so each page is judged with the heaviest of them (a Thai or Russian user's load).
   */
  catalogues: string[];
  /** Gzipped bytes per chunk (keyed by chunkKey) at the last `--record`, to say which chunk grew. */
  measured: Record<string, { js: Record<string, number>; css: Record<string, number> }>;
}

export interface PageFiles {
  js: string[];
  css: string[];
}

/** The file name without its content hash: `assets/api-client-BiDunSpp.js` → `api-client.js`. */
export const chunkKey = (file: string): string =>
  (file.split('/').at(-1) ?? file).replace(/-[A-Za-z0-9_-]{8}(\.[a-z]+)$/, '$1');

/**
 * The page's critical path: the entry chunk (index.html's script) and everything it imports statically,
 * transitively (the modulepreload chain), then each route module of the page with its own static imports,
 * then `extra` (a catalogue). Dynamic imports are not followed: they load when used, not before the page
 * draws. CSS is what those chunks carry.
 */
export function criticalPath(
  manifest: Manifest,
  routes: readonly string[],
  extra: readonly string[] = [],
): PageFiles {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`"${key}" is not in the build manifest (renamed or moved? update bundle-budget.json)`);
    }
    js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entryKey, ...routes, ...extra]) visit(key);
  return { js, css };
}

export interface PageMeasure {
  js: Record<string, number>;
  css: Record<string, number>;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, size) => sum + size, 0);

/** Chunks that are new or grew since the recorded sizes, the largest growth first. */
export function growth(now: Record<string, number>, before: Record<string, number> | undefined): string[] {
  return Object.entries(now)
    .map(([key, size]) => ({ key, size, was: before?.[key] }))
    .filter(({ size, was }) => was === undefined || size > was)
    .sort((a, b) => b.size - (b.was ?? 0) - (a.size - (a.was ?? 0)))
    .map(({ key, size, was }) =>
      was === undefined
        ? `${key} (new, ${kb(size)} kB)`
        : `${key} +${kb(size - was)} kB (${kb(was)} → ${kb(size)} kB)`,
    );
}

export interface Verdict {
  ok: boolean;
  lines: string[];
}

/** Each page's JS and CSS against the limits; a page over a limit says by how much and what grew. */
export function judge(budget: Budget, measures: Record<string, PageMeasure>): Verdict {
  const lines: string[] = [];
  let ok = true;
  for (const [page, measure] of Object.entries(measures)) {
    const recorded = budget.measured[page];
    for (const kind of ['js', 'css'] as const) {
      const own = budget.pages[page];
      const limitKb = kind === 'js' ? (own?.jsKb ?? budget.limits.jsKb) : (own?.cssKb ?? budget.limits.cssKb);
      const goalKb = kind === 'js' ? budget.goal.jsKb : budget.goal.cssKb;
      const size = total(measure[kind]);
      const over = size - limitKb * 1000;
      const label = `${page}: ${kind.toUpperCase()} ${kb(size)} kB gzip of ${limitKb} kB`;
      if (over <= 0) {
        const toGoal = size - goalKb * 1000;
        lines.push(`ok   ${label}` + (toGoal > 0 ? ` (goal ${goalKb} kB: ${kb(toGoal)} kB to go)` : ''));
        continue;
      }
      ok = false;
      const grown = growth(measure[kind], recorded?.[kind]);
      lines.push(
        `OVER ${label}: ${kb(over)} kB too much.` +
          (grown.length > 0
            ? ` Grown since bundle-budget.json: ${grown.join('; ')}`
            : ' No chunk grew since bundle-budget.json.'),
      );
    }
  }
  return { ok, lines };
}
