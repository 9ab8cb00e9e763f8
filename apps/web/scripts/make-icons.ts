// The app's PNG icons (web app manifest, iOS home screen, notification badge), drawn from public/favicon.svg
// by Chromium and committed in public/. Run again after changing the favicon:
//   npx tsx apps/web/scripts/make-icons.ts
// It needs Debian's Chromium (/usr/bin/chromium, as the browser tests) and its colour emoji font
// (apt-get install fonts-noto-color-emoji): the favicon's cow is an emoji, which Chromium draws as a browser
// does; the usual generator (@vite-pwa/assets-generator, on sharp and librsvg) draws it as a black pixel mask.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BACKGROUND_COLOR, THEME_COLOR } from './pwa-plugin.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

interface Icon {
  file: string;
  size: number;
  /** The page Chromium draws, exactly size × size. */
  body: string;
}

const sized = (svg: string, size: number) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
/** The favicon as a square without rounded corners: a launcher or iOS cuts its own shape out of it. */
const square = favicon.replace(/\srx="[^"]*"/, '');
/**
 * Only the cow, in white and closer (the middle 48 of the favicon's 64 units): Android draws a notification
 * badge from its alpha channel alone, at some 24 px.
 */
const cowOnly = favicon
  .replace(/<rect[^>]*\/>/, '')
  .replace('viewBox="0 0 64 64"', 'viewBox="8 8 48 48" style="filter:brightness(0) invert(1)"');

const page = (size: number, background: string, content: string) =>
  `<div style="width:${size}px;height:${size}px;background:${background};display:grid;place-items:center">${content}</div>`;

export const ICONS: readonly Icon[] = [
  { file: 'pwa-192x192.png', size: 192, body: sized(favicon, 192) },
  { file: 'pwa-512x512.png', size: 512, body: sized(favicon, 512) },
  // The maskable icon keeps the cow inside the central circle of 80 % that every launcher's mask leaves.
  { file: 'maskable-icon-512x512.png', size: 512, body: page(512, THEME_COLOR, sized(square, 440)) },
  { file: 'apple-touch-icon-180x180.png', size: 180, body: page(180, THEME_COLOR, sized(square, 180)) },
  {
    file: 'badge-96x96.png',
    size: 96,
    body: sized(cowOnly, 96),
  },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of ICONS) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(`<body style="margin:0;background:transparent">${icon.body}</body>`);
    await tab.screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
    await tab.close();
    console.log(`public/${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
console.log(`Background of the splash screen: ${BACKGROUND_COLOR}.`);
