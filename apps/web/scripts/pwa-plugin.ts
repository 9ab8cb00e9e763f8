import { VitePWA } from 'vite-plugin-pwa';

/** The app's colours: the green of its icon and theme-color, and the white of its page column. */
export const THEME_COLOR = '#2f9e44';
export const BACKGROUND_COLOR = '#ffffff';

/**
 * The installable app (issue 39, decision 0031): the web app manifest and the service worker built from
 * src/service-worker/sw.ts with the build's file list injected (Workbox's injectManifest). The app registers
 * the worker itself after its first page has drawn (src/lib/service-worker.ts), so nothing is injected into
 * index.html but the manifest link; an inline registration script would also be refused by the server's CSP.
 */
export const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    // `vite dev` runs without a worker: a cached shell would hide every edit.
    devOptions: { enabled: false },
    manifest: {
      id: '/',
      name: 'CowCare',
      short_name: 'CowCare',
      description: 'Cattle monitoring and farm management',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      // PNGs drawn from public/favicon.svg by scripts/make-icons.ts (docs/offline-and-install.md).
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // A classic script: module service workers are not in every browser a farm may use.
      rollupFormat: 'iife',
      // The shell, every chunk (each page's, each language catalogue), the styles and the icons: any page
      // opens offline in any language. The largest chunk (hls.js) is about 0.6 MB.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
