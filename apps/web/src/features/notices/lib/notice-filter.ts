import type { Notice } from '@cowcare/contract/routes/notices';
import { NOTICE_GROUPS, noticeGroupOfCode, type NoticeGroup } from '@cowcare/domain/notice-codes';
import { SENSOR_KINDS, sensorKind, type SensorKind } from '@cowcare/domain/sensor';
import { localToday } from '../../../lib/format';

/** The notice tab's filters (spec §4): sensor kind, code groups, date and cow id; all checked at first. */
export interface NoticeFilter {
  sensorKinds: readonly SensorKind[];
  groups: readonly NoticeGroup[];
  /** Part of the notice's day as the device writes it ('2025-06-01', or '2025-06'); '' for any day. */
  date: string;
  /** Part of the cow's code or id; '' for any cow. */
  keyword: string;
}

export const INITIAL_NOTICE_FILTER: NoticeFilter = {
  sensorKinds: SENSOR_KINDS,
  groups: NOTICE_GROUPS,
  date: '',
  keyword: '',
};

/** The device's calendar day of a notice ('YYYY-MM-DD'); '' when the time cannot be read. */
export function noticeDay(notice: Pick<Notice, 'time'>): string {
  const epoch = Date.parse(notice.time);
  return Number.isNaN(epoch) ? '' : localToday(new Date(epoch));
}

/**
 * Whether a notice passes. A notice without a sensor (a farm-wide one) is of neither kind and passes the
 * sensor-kind filter; one with a code of no known group passes the group filter (it cannot be unchecked).
 */
export function noticeMatches(notice: Notice, filter: NoticeFilter): boolean {
  if (notice.sensor !== null && !filter.sensorKinds.includes(sensorKind(notice.sensor))) return false;
  const group = noticeGroupOfCode(notice.noticecode);
  if (group !== undefined && !filter.groups.includes(group)) return false;
  const date = filter.date.trim();
  if (date !== '' && !noticeDay(notice).includes(date)) return false;
  const keyword = filter.keyword.trim().toLowerCase();
  if (keyword !== '') {
    const code = (notice.code ?? '').toLowerCase();
    const id = notice.cowid === null ? '' : String(notice.cowid);
    if (!code.includes(keyword) && !id.includes(keyword)) return false;
  }
  return true;
}

export const filterNotices = (notices: readonly Notice[], filter: NoticeFilter): Notice[] =>
  notices.filter((notice) => noticeMatches(notice, filter));

/** How many distinct notices are unread. */
export function unreadCount(...lists: readonly (readonly Notice[])[]): number {
  const ids = new Set<number>();
  for (const list of lists) for (const notice of list) if (notice.readed === 0) ids.add(notice.id);
  return ids.size;
}
