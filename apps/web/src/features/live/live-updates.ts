import type { QueryClient } from '@tanstack/react-query';
import type { RouteData } from '@cowcare/contract/route';
import type { api } from '@cowcare/contract/api';
import type {
  CowChangeSocketData,
  CowInfoSocketData,
  MemberRoleSocketData,
  NoticeSocketData,
  SensorStateSocketData,
} from '@cowcare/contract/socket-messages';
import type { Cow } from '@cowcare/contract/cow-schemas';
import {
  BACKGROUND_LOAD_PAUSE_BETWEEN_COWS_MS,
  COW_DATA_REFRESH_INTERVAL_MS,
  COW_INFO_SUBSCRIPTION_DELAY_MS,
} from '@cowcare/domain/constants';
import { noticeGroupOfCode, noticeGroupWireValue } from '@cowcare/domain/notice-codes';
import { cowHistoryQueryOptions } from '../../lib/api/get-cow-history';
import { cowTypesQueryPrefix } from '../../lib/api/get-cow-types';
import { walletQueryPrefix } from '../../lib/api/get-wallet';
import { appEvents, type EventBus, type AppEvents } from '../../lib/event-bus';
import {
  cachedCowCode,
  cowQueryKey,
  cowsQueryPrefix,
  getCow,
  mergeCowFields,
  noticesQueryPrefix,
  sensorDataQueryPrefix,
  sensorPageQueryPrefix,
  staffQueryKey,
  type Notice,
} from '../../lib/farm-queries';
import { showNoticesRead } from '../../lib/read-notices';
import { getUser, saveUser } from '../../lib/session';

type SensorNotices = RouteData<typeof api.notices.getNoticeData>;
type ReproductionNotices = RouteData<typeof api.notices.getNoticeDatab>;
type SensorPage = RouteData<typeof api.cows.sensorPage>;

export interface LiveUpdateOptions {
  bus?: EventBus<AppEvents>;
  loadCow?: (id: number) => Promise<Cow>;
  subscriptionDelayMs?: number;
  refreshIntervalMs?: number;
  pauseBetweenCowsMs?: number;
}

const REPRODUCTION_GROUP = 'reproductionReminders';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * Her code for a socket notice: the one the server sent (it knows every cow), else a cached cow's (a server
 * from before the field was added), else none (the notice then reads as the farm's).
 */
const noticeCowCode = (queryClient: QueryClient, data: NoticeSocketData): string | null => {
  if (data.cowid === null) return null;
  if (typeof data.code === 'string' && data.code !== '') return data.code;
  return cachedCowCode(queryClient, data.cowid);
};

/** A socket notice in the shape of the notice lists (unread). */
export function noticeFromSocket(queryClient: QueryClient, data: NoticeSocketData): Notice {
  const group = noticeGroupOfCode(data.noticecode);
  return {
    id: data.id,
    cowid: data.cowid,
    code: noticeCowCode(queryClient, data),
    sensor: data.sensor,
    noticecode: data.noticecode,
    time: data.time,
    group: group ? noticeGroupWireValue(group) : String(data.noticecode),
    details: isObject(data.details) ? data.details : {},
    readed: 0,
  };
}

const prepend = (list: readonly Notice[], notice: Notice): Notice[] => [
  notice,
  ...list.filter((item) => item.id !== notice.id),
];

/**
 * The socket events applied to the app's caches (spec §4, architecture §5):
 * - `sensorzt` sets that cow's sensor state in the cow list, the cow and the sensor page;
 * - `cowinfo` merges the sent fields into the cached cow at once; from 5 minutes after start the app is
 *   also subscribed to cow-info changes, and then reloads that cow by id (a queue, 500 ms between cows);
 * - `notice` puts the new notice at the top of its list (unread, so the badge counts it) and refreshes
 *   today's counts;
 * - `cowchange` (another session, or this one, changed cows: an edit, a status, a record, a type) reloads
 *   what shows those cows: the list, each cow, her history and the families; a type change the types too;
 * - `noticesread` (notices read in any session, or done because their event was recorded) shows them read,
 *   so every session's unread badge drops with the one where they were read;
 * - `noticesnapshot` (the still from her camera on a notice is there, or cannot be had) reloads the notices;
 * - `memberrole` (an owner changed a member's role): that member's session takes the new role at once, so
 *   its menus follow without a new login; the owners' staff lists reload;
 * - every 30 minutes the temporary cache (chart answers) is cleared, the charts on screen reload and the cows
 *   are fetched again.
 * Returns the function that stops it all.
 */
export function startLiveUpdates(queryClient: QueryClient, options: LiveUpdateOptions = {}): () => void {
  const bus = options.bus ?? appEvents;
  const loadCow = options.loadCow ?? ((id: number) => getCow(id));
  const pause = options.pauseBetweenCowsMs ?? BACKGROUND_LOAD_PAUSE_BETWEEN_COWS_MS;
  let subscribed = false;
  let stopped = false;
  const pending = new Set<number>();
  let draining = false;

  const drain = async () => {
    if (draining) return;
    draining = true;
    try {
      while (!stopped && pending.size > 0) {
        const [id] = pending;
        if (id === undefined) break;
        pending.delete(id);
        try {
          const cow = await loadCow(id);
          if (stopped) break;
          queryClient.setQueryData(cowQueryKey(id), cow);
          mergeCowFields(queryClient, id, cow);
        } catch {
          // The cow went away or the network failed: the next 30-minute refresh brings the truth.
        }
        if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      }
    } finally {
      draining = false;
    }
  };

  const onSensorState = (raw: unknown) => {
    if (!isObject(raw)) return;
    const data = raw as Partial<SensorStateSocketData>;
    const state = data.sensorzt;
    if (state !== 0 && state !== 1) return;
    if (isId(data.cowId)) mergeCowFields(queryClient, data.cowId, { sensorzt: state });
    else if (typeof data.sensor === 'number') {
      // No cow id: every cached cow wearing that sensor.
      queryClient.setQueriesData<Cow[]>({ queryKey: cowsQueryPrefix }, (cows) =>
        cows?.some((cow) => cow.sensor === data.sensor)
          ? cows.map((cow) => (cow.sensor === data.sensor ? { ...cow, sensorzt: state } : cow))
          : cows,
      );
    }
    queryClient.setQueriesData<SensorPage>({ queryKey: sensorPageQueryPrefix }, (page) => {
      if (!page?.sensors.some((sensor) => sensor.sensor === data.sensor)) return page;
      const sensors = page.sensors.map((sensor) =>
        sensor.sensor === data.sensor ? { ...sensor, sensorzt: state } : sensor,
      );
      const online = sensors.filter((sensor) => sensor.sensorzt === 1).length;
      return { sensors, totals: { ...page.totals, online, offline: sensors.length - online } };
    });
  };

  const onCowInfo = (raw: unknown) => {
    if (!isObject(raw) || !isId(raw.id)) return;
    const { id, ...fields } = raw as CowInfoSocketData;
    mergeCowFields(queryClient, id, fields);
    if (subscribed) {
      pending.add(id);
      void drain();
    }
  };

  const onNotice = (raw: unknown) => {
    if (!isObject(raw) || !isId(raw.id) || typeof raw.noticecode !== 'number') return;
    const notice = noticeFromSocket(queryClient, raw as unknown as NoticeSocketData);
    const reproduction = noticeGroupOfCode(notice.noticecode) === REPRODUCTION_GROUP;
    if (reproduction) {
      queryClient.setQueriesData<ReproductionNotices>(
        { queryKey: [...noticesQueryPrefix, 'reproduction'] },
        (data) => data && { listb: prepend(data.listb, notice), allb: prepend(data.allb, notice) },
      );
    } else {
      queryClient.setQueriesData<SensorNotices>(
        { queryKey: [...noticesQueryPrefix, 'sensor'] },
        (data) => data && { list: prepend(data.list, notice), all: prepend(data.all, notice) },
      );
    }
    void queryClient.invalidateQueries({ queryKey: [...noticesQueryPrefix, 'today'] });
  };

  const onCowChange = (raw: unknown) => {
    if (!isObject(raw) || typeof raw.change !== 'string' || !Array.isArray(raw.cowIds)) return;
    const { change, cowIds } = raw as unknown as CowChangeSocketData;
    const ids = cowIds.filter(isId);
    const reload = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    reload(cowsQueryPrefix);
    reload(['cow-family']);
    if (ids.length === 0) {
      // Any cow may have changed (a type renamed or removed): every cached one.
      reload(['cow']);
      reload(['cow-history']);
    }
    for (const id of ids) {
      reload(cowQueryKey(id));
      reload(cowHistoryQueryOptions(id).queryKey);
    }
    if (change === 'added' || change === 'status') reload(sensorPageQueryPrefix);
    if (change === 'cowType') {
      reload(cowTypesQueryPrefix);
      reload(walletQueryPrefix);
    }
  };

  const onNoticesRead = (raw: unknown) => {
    if (!isObject(raw) || !Array.isArray(raw.ids)) return;
    const ids = raw.ids.filter(isId);
    if (ids.length > 0) showNoticesRead(queryClient, ids);
  };

  const onNoticeSnapshot = (raw: unknown) => {
    if (!isObject(raw) || !isId(raw.id)) return;
    void queryClient.invalidateQueries({ queryKey: [...noticesQueryPrefix, 'sensor'] });
  };

  const onMemberRole = (raw: unknown) => {
    if (!isObject(raw) || !isId(raw.userId) || (raw.role !== 'owner' && raw.role !== 'staff')) return;
    const { userId, role } = raw as unknown as MemberRoleSocketData;
    const user = getUser();
    if (user?.id === userId && user.role !== role) saveUser({ ...user, role });
    void queryClient.invalidateQueries({ queryKey: staffQueryKey });
  };

  const offs = [
    bus.on('socket_sensorzt', onSensorState),
    bus.on('socket_cowinfo', onCowInfo),
    bus.on('socket_notice', onNotice),
    bus.on('socket_cowchange', onCowChange),
    bus.on('socket_noticesread', onNoticesRead),
    bus.on('socket_noticesnapshot', onNoticeSnapshot),
    bus.on('socket_memberrole', onMemberRole),
  ];
  const subscribeTimer = setTimeout(() => {
    subscribed = true;
  }, options.subscriptionDelayMs ?? COW_INFO_SUBSCRIPTION_DELAY_MS);
  const refreshTimer = setInterval(() => {
    // Spec §4: the temporary cache is cleared "so that charts reload". A removed query that is on screen
    // would not ask again until something re-renders it, so charts on screen are refetched in place (their
    // lines stay until the new ones arrive) and only the others are dropped, to load afresh when shown.
    queryClient.removeQueries({ queryKey: sensorDataQueryPrefix, type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: sensorDataQueryPrefix, refetchType: 'active' });
    void queryClient.invalidateQueries({ queryKey: cowsQueryPrefix });
    void queryClient.invalidateQueries({ queryKey: sensorPageQueryPrefix });
  }, options.refreshIntervalMs ?? COW_DATA_REFRESH_INTERVAL_MS);

  return () => {
    stopped = true;
    for (const off of offs) off();
    clearTimeout(subscribeTimer);
    clearInterval(refreshTimer);
    pending.clear();
  };
}
