import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let testApp: TestApp;
let webDistDir: string;

beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'cowcare-dist-'));
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><title>CowCare</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDistDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testApp = await createTestApp({ webDistDir });
});
afterAll(async () => {
  await testApp.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('the web app in history mode', () => {
  it.each(['/', '/pages/login/login', '/pages/index/notice', '/pages/overviews/datagl', '/choose-location'])(
    'answers %s with index.html, not cached',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files without the long cache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(response.statusCode).toBe(404);
  });

  it('serves a file added after start (a rebuilt app) without a restart', async () => {
    writeFileSync(path.join(webDistDir, 'assets', 'index-rebuilt.js'), 'console.log("new")');
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-rebuilt.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('new');
  });

  it('never answers an unknown API path with the page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/common/common/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'E_NOT_FOUND' });
  });
});

describe('compression', () => {
  it('gzips a large JSON answer when the client accepts it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
