import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  listenForPush,
  notificationOf,
  type PushScope,
  type ShownNotificationOptions,
} from './push-events';

const ORIGIN = 'https://farm.example';

interface FakeWindow {
  url: string;
  focused: boolean;
  controlled: boolean;
  navigatedTo: string[];
}

/** A service worker scope with the browser's parts faked: notifications shown, windows open. */
function fakeScope(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: { title: string; options: ShownNotificationOptions }[] = [];
  const opened: string[] = [];
  const windowClient = (window: FakeWindow): WindowClient =>
    ({
      get url() {
        return window.url;
      },
      focus: async () => {
        window.focused = true;
        return windowClient(window);
      },
      navigate: async (url: string) => {
        // The browser refuses to navigate a window the worker does not control.
        if (!window.controlled) throw new TypeError('not controlled');
        window.navigatedTo.push(url);
        window.url = url;
        return windowClient(window);
      },
    }) as unknown as WindowClient;
  const scope: PushScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options: options ?? {} });
      },
    },
    clients: {
      matchAll: async () => windows.map(windowClient),
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
  };
  listenForPush(scope);

  const dispatch = async (type: string, event: object): Promise<void> => {
    const waits: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) } as never);
    await Promise.all(waits);
  };
  return {
    shown,
    opened,
    push: (text: string | null) => dispatch('push', { data: text === null ? null : { text: () => text } }),
    click: async (data: unknown) => {
      const notification = { data, closed: false, close: () => (notification.closed = true) };
      await dispatch('notificationclick', { notification });
      return notification;
    },
  };
}

const FEVER = {
  title: 'Fever: cow 0412',
  body: 'Temperature 40.6 °C, 1.4 above her average',
  url: '/pages/index/cow?id=12',
  tag: 'notice-881',
  noticeId: 881,
  code: 102,
  severe: false,
};

describe('a push', () => {
  it('shows the notice with its tag, the app icon and the page to open', async () => {
    const scope = fakeScope();
    await scope.push(JSON.stringify(FEVER));
    expect(scope.shown).toEqual([
      {
        title: 'Fever: cow 0412',
        options: {
          body: 'Temperature 40.6 °C, 1.4 above her average',
          tag: 'notice-881',
          icon: NOTIFICATION_ICON,
          badge: NOTIFICATION_BADGE,
          data: { url: '/pages/index/cow?id=12', noticeId: 881, code: 102 },
        },
      },
    ]);
  });

  it('keeps a severe notice on screen and sounds again when it repeats', async () => {
    const scope = fakeScope();
    await scope.push(JSON.stringify({ ...FEVER, title: 'Calving: cow 0412', severe: true }));
    expect(scope.shown[0]?.options).toMatchObject({
      requireInteraction: true,
      renotify: true,
      tag: 'notice-881',
    });
  });

  it('does not ask for attention when the notice is not severe', async () => {
    const scope = fakeScope();
    await scope.push(JSON.stringify(FEVER));
    expect(scope.shown[0]?.options.requireInteraction).toBeUndefined();
    expect(scope.shown[0]?.options.renotify).toBeUndefined();
  });

  it("names a notice's repeats by its id when the tag is missing", async () => {
    const scope = fakeScope();
    const { tag: _tag, ...untagged } = FEVER;
    await scope.push(JSON.stringify(untagged));
    expect(scope.shown[0]?.options.tag).toBe('notice-881');
  });

  it.each([
    ['not JSON', 'fever!'],
    ['JSON without a title', JSON.stringify({ body: 'no title' })],
    ['an empty title', JSON.stringify({ ...FEVER, title: '  ' })],
    ['a JSON list', '[1,2]'],
    ['no data at all', null],
  ])('shows a plain CowCare notification for %s', async (_case, text) => {
    const scope = fakeScope();
    await scope.push(text);
    expect(scope.shown).toHaveLength(1);
    expect(scope.shown[0]?.title).toBe('CowCare');
    expect(scope.shown[0]?.options).toMatchObject({ icon: NOTIFICATION_ICON, data: { url: '/' } });
  });

  it.each([
    'https://evil.example/pages/index/cow',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('never links outside the app (%s opens the home page)', (url) => {
    expect(notificationOf(JSON.stringify({ ...FEVER, url })).options.data).toMatchObject({ url: '/' });
  });
});

describe('a tap on a notification', () => {
  it('closes it, focuses the open app window and takes it to the page', async () => {
    const window: FakeWindow = {
      url: `${ORIGIN}/pages/index/notice`,
      focused: false,
      controlled: true,
      navigatedTo: [],
    };
    const scope = fakeScope([window]);
    const notification = await scope.click({ url: '/pages/index/cow?id=12', noticeId: 881, code: 102 });
    expect(notification.closed).toBe(true);
    expect(window.focused).toBe(true);
    expect(window.navigatedTo).toEqual([`${ORIGIN}/pages/index/cow?id=12`]);
    expect(scope.opened).toEqual([]);
  });

  it('opens a new window at the page when the app is not open', async () => {
    const scope = fakeScope([
      { url: 'https://other.example/', focused: false, controlled: false, navigatedTo: [] },
    ]);
    await scope.click({ url: '/pages/index/cow?id=12' });
    expect(scope.opened).toEqual([`${ORIGIN}/pages/index/cow?id=12`]);
  });

  it('opens a new window when the open one cannot be navigated (not controlled yet)', async () => {
    const window: FakeWindow = { url: `${ORIGIN}/`, focused: false, controlled: false, navigatedTo: [] };
    const scope = fakeScope([window]);
    await scope.click({ url: '/pages/index/notice' });
    expect(scope.opened).toEqual([`${ORIGIN}/pages/index/notice`]);
  });

  it('opens the home page for a notification without a usable address', async () => {
    const scope = fakeScope();
    await scope.click({ url: 'https://evil.example/' });
    await scope.click(null);
    expect(scope.opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
