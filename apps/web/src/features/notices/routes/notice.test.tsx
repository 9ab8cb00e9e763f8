import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@cowcare/contract/routes/notices';
import { notificationSocket } from '../../../lib/socket';
import { makeCow } from '../../../test/cows';
import { fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { demoUser, logIn, renderApp } from '../../../test/render';

const base = 'KR/F-100/010-1234-5678';
const NOW = Date.parse('2025-06-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

let nextId = 100;
const notice = (overrides: Partial<Notice> = {}): Notice => ({
  id: nextId++,
  cowid: 5,
  code: 'C1042',
  sensor: 40005,
  noticecode: 201,
  time: minutesAgo(10),
  group: '201-202-203-204',
  details: {},
  readed: 0,
  ...overrides,
});

const zeroCounts = {
  tdcnlist: ['101-102-103', '201-202-203-204', '211-212-213'].map((group) => ({ group, count: 0 })),
};

function server(sensor: { list: Notice[]; all: Notice[] }, extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    [`GET common/common/getNoticeData/${base}`]: () => ok(sensor),
    [`GET common/common/getNoticeDatab/${base}`]: () => ok({ listb: [], allb: [] }),
    [`GET common/common/getNoticeDatabtd/${base}`]: () => ok(zeroCounts),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

function useClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

const rows = () => screen.queryAllByTestId('notice-row');
const badge = () => screen.queryByTestId('tab-badge')?.textContent ?? null;

afterEach(() => notificationSocket.close());

describe('notice tab', () => {
  it('shows relative times, marks unread ones and counts them on the tab badge', async () => {
    useClock();
    server({
      list: [notice({ time: minutesAgo(2) }), notice({ time: minutesAgo(7), noticecode: 101 })],
      all: [
        notice({ time: minutesAgo(3 * 60), readed: 1, noticecode: 701 }),
        notice({ time: minutesAgo(2 * 24 * 60), readed: 1 }),
        notice({ time: '2025-04-01T12:00:00Z', readed: 1 }),
      ],
    });
    logIn();
    renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const times = screen.getAllByTestId('notice-time').map((time) => time.textContent);
    expect(times.slice(0, 4)).toEqual(['just now', '7 min ago', '3 h ago', '2 d ago']);
    expect(times[4]).toMatch(/2025/);
    expect(rows().map((row) => row.dataset.unread)).toEqual(['true', 'true', 'false', 'false', 'false']);
    expect(screen.getAllByText('Slight fever')).toHaveLength(3);
    expect(screen.getByText('Sensor offline')).toBeTruthy();
    // Named by all it shows, the unread mark first, so a screen reader or a voice command finds it.
    expect(
      screen.getByRole('button', { name: /^Unread: Slight fever Fever C1042 · Neck 40005 .*just now$/ }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Slight fever Fever C1042/ })).toHaveLength(2);
    await waitFor(() => expect(badge()).toBe('2'));
  });

  it('counts on the badge and the kind tabs every unread notice it lists, a week-old one too', async () => {
    useClock();
    const fresh = notice({ time: minutesAgo(5) });
    server({
      // The recent list holds the last 7 days' unread; the history holds an unread one from 9 days ago.
      list: [fresh],
      all: [fresh, notice({ time: minutesAgo(9 * 24 * 60) }), notice({ time: minutesAgo(60), readed: 1 })],
    });
    logIn();
    renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().filter((row) => row.dataset.unread === 'true')).toHaveLength(2);
    await waitFor(() => expect(badge()).toBe('2'));
    // The kind tab carries the same count as a badge named "unread".
    const sensorKind = screen.getByText('Sensor & health').parentElement as HTMLElement;
    expect(within(sensorKind).getByLabelText('2 unread').textContent).toBe('2');
  });

  it('shows under each notice the values that raised it, and nothing for a notice without them', async () => {
    useClock();
    server({
      list: [],
      all: [
        notice({ noticecode: 203, details: { temperature: 41.48, average: 38.86, deviation: 2.17 } }),
        notice({
          noticecode: 101,
          group: '101-102-103',
          details: {
            riseRatio: 2.63,
            windowStart: '2025-06-01T10:00:00Z',
            windowEnd: '2025-06-01T21:00:00Z',
          },
        }),
        notice({ noticecode: 401, group: '401-402', details: { eventsLast24Hours: 5, dailyMean: 10.1 } }),
        notice({
          noticecode: 301,
          group: '301-302-303-304-305-306',
          details: { ratio: 0.62, windowHours: 24 },
        }),
        notice({ noticecode: 701, group: '701-702-703', details: {} }),
      ],
    });
    logIn();
    renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const detailOf = (title: string) => {
      const row = rows().find((candidate) => within(candidate).queryByText(title));
      return row ? (within(row).queryByTestId('notice-detail')?.textContent ?? null) : 'no such row';
    };
    const fever = detailOf('Severe fever');
    const heat = detailOf('Estrus detected');
    const drinking = detailOf('Low drinking');
    const activity = detailOf('Low activity');
    const offline = detailOf('Sensor offline');
    expect(fever).toBe('41.5 °C, her average 38.9 °C');
    // The window in the device's time zone, as one span: 'Jun 1, 10:00 AM – 9:00 PM' in UTC.
    expect(heat).toMatch(/^Activity 2\.6× her usual · inseminate \D+ \d+, .*\d.*–.*\d/);
    expect(drinking).toBe('5 drinks in 24 h, usually 10.1 a day');
    expect(activity).toBe('Activity 62 % of her usual over 24 h');
    expect(offline).toBeNull();
  });

  it("asks for today's counts from midnight where the user is, not 24 hours back", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Seoul';
    try {
      useClock(); // 21:00 in Seoul
      const api = server({ list: [], all: [] });
      logIn();
      renderApp('/pages/index/notice');
      await screen.findByTestId('notice-today-total');
      const counts = api.requests.find((request) =>
        request.path.startsWith('common/common/getNoticeDatabtd'),
      );
      expect(new URLSearchParams(counts?.path.split('?')[1]).get('since')).toBe('2025-05-31T15:00:00.000Z');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("counts today's notices by kind, each in its kind's colour", async () => {
    server(
      { list: [], all: [] },
      {
        [`GET common/common/getNoticeDatabtd/${base}`]: () =>
          ok({
            tdcnlist: [
              { group: '101-102-103', count: 1 },
              { group: '201-202-203-204', count: 3 },
              { group: '211-212-213', count: 0 },
            ],
          }),
      },
    );
    logIn();
    renderApp('/pages/index/notice');
    expect((await screen.findByTestId('notice-today-total')).textContent).toBe('Today: 4 notices');
    const fever = screen.getByTestId('today-fever');
    expect(fever.textContent).toBe('Fever: 3');
    expect(fever.getAttribute('style')).toContain('--mantine-color-red-');
    expect(screen.getByTestId('today-estrus').getAttribute('style')).toContain('--mantine-color-pink-');
    expect(screen.queryByTestId('today-lowTemperature')).toBeNull();
  });

  it('says "No notifications" when there are none', async () => {
    server({ list: [], all: [] });
    logIn();
    renderApp('/pages/index/notice');
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(badge()).toBeNull();
  });

  it('adds a notice from the socket to the list and the badge', async () => {
    server({ list: [notice({ id: 1 })], all: [] });
    logIn();
    renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(badge()).toBe('1'));
    act(() => {
      notificationSocket.connect();
      FakeWebSocket.latest().open();
      FakeWebSocket.latest().receive({
        type: 'notice',
        data: {
          id: 2,
          cowid: 5,
          sensor: 40005,
          noticecode: 203,
          time: new Date().toISOString(),
          details: { deviation: 1.7 },
        },
      });
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0] as HTMLElement).getByText('Severe fever')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText('just now')).toBeTruthy();
    expect(badge()).toBe('2');
  });

  it('shows the still from her camera, says when one is coming or could not be had, and reloads when it arrives', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:still', revokeObjectURL: () => {} }),
    );
    const snapshot = (state: 'pending' | 'taken' | 'failed', failure: 'offline' | null = null) => ({
      state,
      camera: 'Calving pen',
      url: state === 'taken' ? '/api/device/device/noticesnapshot/31' : null,
      takenAt: state === 'taken' ? '2025-06-01T11:50:00.000Z' : null,
      failure,
    });
    let pending = notice({ id: 32, noticecode: 101, snapshot: snapshot('pending') });
    const api = server(
      {
        list: [],
        get all() {
          return [
            notice({ id: 31, noticecode: 101, snapshot: snapshot('taken') }),
            pending,
            notice({ id: 33, noticecode: 203, snapshot: snapshot('failed', 'offline') }),
          ];
        },
      },
      {
        'GET device/device/noticesnapshot/31': () => ok(null),
        'GET device/device/noticesnapshot/32': () => ok(null),
      },
    );
    logIn();
    renderApp('/pages/index/notice');
    const picture = await screen.findByRole('img', { name: /^Picture from Calving pen at / });
    const row = (id: number) =>
      within(rows().find((each) => each.dataset.noticeId === String(id)) as HTMLElement);
    expect(row(31).getByRole('img')).toBe(picture);
    expect(row(32).getByText('Taking a picture from Calving pen…')).toBeTruthy();
    expect(row(33).getByText('No picture: Calving pen was offline')).toBeTruthy();

    pending = { ...pending, snapshot: snapshot('taken') };
    act(() => {
      notificationSocket.connect();
      FakeWebSocket.latest().open();
      FakeWebSocket.latest().receive({ type: 'noticesnapshot', data: { id: 32 } });
    });
    await waitFor(() => expect(row(32).queryByRole('img')).toBeTruthy());
    expect(api.requests.some((request) => request.path === 'device/device/noticesnapshot/32')).toBe(true);
  });

  it('filters by sensor kind, group and cow id keyword', async () => {
    server({
      list: [
        notice({ id: 11, sensor: 40000, code: 'C11', noticecode: 201 }),
        notice({ id: 12, sensor: 39999, code: 'C12', noticecode: 301 }),
        notice({ id: 13, sensor: 40013, code: 'C13', noticecode: 101 }),
      ],
      all: [],
    });
    const user = userEvent.setup();
    logIn();
    renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const shown = () =>
      rows()
        .map((row) => Number(row.dataset.noticeId))
        .sort((a, b) => a - b);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const filters = within(screen.getByTestId('notice-filters'));
    await user.click(filters.getByRole('checkbox', { name: 'Pill' }));
    expect(shown()).toEqual([11, 13]);
    await user.click(filters.getByRole('checkbox', { name: 'Pill' }));
    await user.click(filters.getByRole('checkbox', { name: 'Neck' }));
    expect(shown()).toEqual([12]);
    await user.click(filters.getByRole('checkbox', { name: 'Neck' }));
    await user.click(filters.getByRole('checkbox', { name: 'Fever' }));
    expect(shown()).toEqual([12, 13]);
    await user.type(screen.getByRole('textbox', { name: 'Cow ID' }), 'c13');
    expect(shown()).toEqual([13]);
    await user.click(filters.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('No notifications')).toBeTruthy();
  });

  it('marks a notice read and opens its cow when tapped', async () => {
    const api = server(
      { list: [notice({ id: 21, cowid: 5 })], all: [] },
      {
        'PUT common/common/readnotice': () => ok({ updated: 1 }),
        'GET common/common/getDataById/cowinfo/5': () => ok(makeCow({ id: 5, code: 'C1042' })),
      },
    );
    const user = userEvent.setup();
    logIn({ ...demoUser });
    const { router } = renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/cow'));
    expect(router.state.location.search).toBe('?id=5');
    const read = api.requests.find((request) => request.path === 'common/common/readnotice');
    expect(read?.body).toEqual({ ids: [21] });
  });

  it('is one Tab stop however long; the arrow keys move through it and Enter opens the cow', async () => {
    const api = server(
      {
        list: [notice({ id: 31, cowid: 5, code: 'C1042' }), notice({ id: 32, cowid: 6, code: 'C2001' })],
        all: [notice({ id: 33, cowid: 7, code: 'C3003', readed: 1 })],
      },
      {
        'PUT common/common/readnotice': () => ok({ updated: 1 }),
        'GET common/common/getDataById/cowinfo/6': () => ok(makeCow({ id: 6, code: 'C2001' })),
      },
    );
    const user = userEvent.setup();
    logIn({ ...demoUser });
    const { router } = renderApp('/pages/index/notice');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    (rows()[0] as HTMLElement).focus();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows()[2]);
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, -1, 0]);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?id=6'));
    const read = api.requests.find((request) => request.path === 'common/common/readnotice');
    expect(read?.body).toEqual({ ids: [32] });
  });
});
