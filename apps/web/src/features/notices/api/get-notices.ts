import { useQuery } from '@tanstack/react-query';
import type { User } from '@cowcare/contract/schemas';
import {
  noticeCountsQueryOptions,
  noticeParamsOf,
  reproductionNoticesQueryOptions,
  sensorNoticesQueryOptions,
} from '../../../lib/farm-queries';
import { unreadCount } from '../lib/notice-filter';

const disabledParams = { country: 'KR', FarmNumber: '-', phone: '00000' };

/** Sensor and health notices (getNoticeData): list = recent unread, all = history. */
export function useSensorNotices(user: User) {
  const params = noticeParamsOf(user);
  return useQuery({ ...sensorNoticesQueryOptions(params ?? disabledParams), enabled: params !== null });
}

/** Reproduction reminders (getNoticeDatab): listb / allb. */
export function useReproductionNotices(user: User) {
  const params = noticeParamsOf(user);
  return useQuery({
    ...reproductionNoticesQueryOptions(params ?? disabledParams),
    enabled: params !== null,
  });
}

/** Today's counts per code group (getNoticeDatabtd). */
export function useNoticeCounts(user: User) {
  const params = noticeParamsOf(user);
  return useQuery({ ...noticeCountsQueryOptions(params ?? disabledParams), enabled: params !== null });
}

/** The tab bar's badge: unread notices of both lists. */
export function useUnreadNoticeCount(user: User): number {
  const sensor = useSensorNotices(user);
  const reproduction = useReproductionNotices(user);
  return unreadCount(sensor.data?.list ?? [], reproduction.data?.listb ?? []);
}
