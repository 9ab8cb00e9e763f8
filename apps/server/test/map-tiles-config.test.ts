import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { configProblems } from './helpers/config-problems';

// The map's tiles are configuration (docs/location.md): OpenStreetMap by default with its attribution; a
// wrong template fails the start with a clear line, not every map in every browser.
const dataDir = mkdtempSync(path.join(tmpdir(), 'cowcare-map-config-'));
const base = { TOKEN_SECRET: 'x'.repeat(40), CAMERA_SECRET: 'y'.repeat(40), DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const problemsOf = (env: Record<string, string>): string[] => configProblems({ ...base, ...env });

describe('map tiles configuration', () => {
  it("defaults to OpenStreetMap's standard tiles with their attribution", () => {
    expect(loadConfig(base).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenStreetMap</a> contributors'),
      maxZoom: 19,
    });
  });

  it('takes another tile server with its own attribution and zoom', () => {
    const config = loadConfig({
      ...base,
      MAP_TILE_URL: 'http://tiles.farm.lan/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Farm tiles',
      MAP_TILE_MAX_ZOOM: '21',
    });
    expect(config.mapTiles).toEqual({
      url: 'http://tiles.farm.lan/{z}/{x}/{y}.png',
      attribution: 'Farm tiles',
      maxZoom: 21,
    });
  });

  it.each([
    [{ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_MAX_ZOOM: '30' }, 'MAP_TILE_MAX_ZOOM'],
  ])('refuses %j', (env, name) => {
    expect(problemsOf(env).join('\n')).toContain(name);
  });
});
