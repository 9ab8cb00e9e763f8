import { describe, expect, it } from 'vitest';
import { chunkKey, criticalPath, judge, type Budget, type Manifest } from './bundle-budget';

// A build in miniature: the entry imports React and the UI kit; the login route imports the UI kit and a
// form; the cow list imports the UI kit and lazily a chart, which must not count.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-AAAAAAAA.js',
    isEntry: true,
    imports: ['_react-BBBBBBBB.js', '_kit-CCCCCCCC.js'],
    dynamicImports: ['src/login.tsx', 'src/cow-list.tsx'],
    css: ['assets/index-DDDDDDDD.css'],
  },
  '_react-BBBBBBBB.js': { file: 'assets/react-BBBBBBBB.js' },
  '_kit-CCCCCCCC.js': { file: 'assets/kit-CCCCCCCC.js', imports: ['_react-BBBBBBBB.js'] },
  'src/login.tsx': {
    file: 'assets/login-EEEEEEEE.js',
    isDynamicEntry: true,
    imports: ['_kit-CCCCCCCC.js', '_form-FFFFFFFF.js'],
  },
  '_form-FFFFFFFF.js': { file: 'assets/form-FFFFFFFF.js', css: ['assets/form-GGGGGGGG.css'] },
  'src/cow-list.tsx': {
    file: 'assets/cow-list-HHHHHHHH.js',
    isDynamicEntry: true,
    imports: ['_kit-CCCCCCCC.js'],
    dynamicImports: ['src/chart.tsx'],
  },
  'src/chart.tsx': { file: 'assets/chart-IIIIIIII.js', isDynamicEntry: true },
  'locales/ru.ts': { file: 'assets/ru-JJJJJJJJ.js', isDynamicEntry: true },
};

const budget = (measured: Budget['measured'] = {}): Budget => ({
  limits: { jsKb: 10, cssKb: 2 },
  goal: { jsKb: 10, cssKb: 2 },
  pages: { login: { routes: ['src/login.tsx'] } },
  catalogues: ['locales/ru.ts'],
  measured,
});

describe('bundle budget', () => {
  it("counts the entry, its static imports, the route's chunk and its imports, and the catalogue, once each", () => {
    expect(criticalPath(manifest, ['src/login.tsx'], ['locales/ru.ts'])).toEqual({
      js: [
        'assets/index-AAAAAAAA.js',
        'assets/react-BBBBBBBB.js',
        'assets/kit-CCCCCCCC.js',
        'assets/login-EEEEEEEE.js',
        'assets/form-FFFFFFFF.js',
        'assets/ru-JJJJJJJJ.js',
      ],
      css: ['assets/index-DDDDDDDD.css', 'assets/form-GGGGGGGG.css'],
    });
  });

  it('leaves out what a page imports lazily', () => {
    expect(criticalPath(manifest, ['src/cow-list.tsx']).js).not.toContain('assets/chart-IIIIIIII.js');
  });

  it('says so when a route is no longer in the build', () => {
    expect(() => criticalPath(manifest, ['src/gone.tsx'])).toThrow(/src\/gone.tsx.*bundle-budget.json/);
  });

  it('names chunks without their hash, so a rebuild compares with the recorded sizes', () => {
    expect(chunkKey('assets/api-client-BiDunSpp.js')).toBe('api-client.js');
    expect(chunkKey('assets/index--FH_KB6I.css')).toBe('index.css');
  });

  it('passes a page within its limits', () => {
    const verdict = judge(budget(), {
      login: { js: { 'index.js': 6000, 'kit.js': 4000 }, css: { 'index.css': 2000 } },
    });
    expect(verdict.ok).toBe(true);
  });

  it('fails a page over its limit, says by how much and which chunk grew since the recorded sizes', () => {
    const recorded = { login: { js: { 'index.js': 6000, 'kit.js': 3000 }, css: { 'index.css': 1000 } } };
    const verdict = judge(budget(recorded), {
      login: { js: { 'index.js': 6000, 'kit.js': 5500, 'chart.js': 1000 }, css: { 'index.css': 1000 } },
    });
    expect(verdict.ok).toBe(false);
    const over = verdict.lines.find((line) => line.startsWith('OVER login: JS'));
    expect(over).toContain('12.5 kB gzip of 10 kB: 2.5 kB too much');
    // The largest growth first; an unchanged chunk is not named.
    expect(over).toMatch(/kit\.js \+2\.5 kB \(3\.0 → 5\.5 kB\); chart\.js \(new, 1\.0 kB\)/);
    expect(over).not.toContain('index.js');
    expect(verdict.lines).toContain('ok   login: CSS 1.0 kB gzip of 2 kB');
  });

  it('holds a page to its own limit where it has one, and prints how far the goal is', () => {
    const withOwn = { ...budget(), pages: { login: { routes: ['src/login.tsx'], jsKb: 13 } } };
    const verdict = judge(withOwn, { login: { js: { 'index.js': 12_500 }, css: {} } });
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toContain('ok   login: JS 12.5 kB gzip of 13 kB (goal 10 kB: 2.5 kB to go)');
  });
});
