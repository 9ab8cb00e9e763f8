import { describe, expect, it } from 'vitest';
import { isAppPage } from './navigation-routes';

describe('the navigations the service worker answers with the app', () => {
  it.each([
    '/',
    '/pages/index/index',
    '/pages/index/cow',
    '/pages/index/notice',
    '/pages/login/login',
    '/pages/login/version',
    '/support/farms',
    '/pages/index/wallet/order/12',
  ])('serves the app for the page %s', (path) => {
    expect(isAppPage(path)).toBe(true);
  });

  it.each([
    '/api',
    '/api/docs',
    '/api/user/user/getUserInfo/1',
    '/api/device/device/hls/abc/index.m3u8',
    '/socket',
    '/socket/support',
    '/chat/12',
    '/sandbox-pay',
    '/sandbox-pay/checkout/7',
    '/mqtt',
    '/metrics',
    '/uploads/3',
    '/media/cam1/index.m3u8',
    '/hls/cam1/segment7.ts',
    '/assets/index-B0XZZhfA.js',
    '/manifest.webmanifest',
    '/favicon.svg',
  ])('leaves %s to the network', (path) => {
    expect(isAppPage(path)).toBe(false);
  });
});
