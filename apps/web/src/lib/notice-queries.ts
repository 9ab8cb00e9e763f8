import { useQuery } from '@tanstack/react-query';
import type { User } from '@cowcare/contract/schemas';
import {
  noticeCountsQueryOptions,
  noticeParamsOf,
  reproductionNoticesQueryOptions,
  sensorNoticesQueryOptions,
} from './farm-queries';

// The notice lists for the logged-in user, shared by the tab bar, the notice tab, the overviews and the cow
// pages (one query key each, so one cache). Idle for a user without a phone number to ask with.
const disabledParams = { country: 'KR', FarmNumber: '-', phone: '00000' };

/** Sensor and health notices (getNoticeData): list = recent unread, all = history. */
export function useSensorNotices(user: User | null) {
  const params = user ? noticeParamsOf(user) : null;
  return useQuery({ ...sensorNoticesQueryOptions(params ?? disabledParams), enabled: params !== null });
}

/** Reproduction reminders (getNoticeDatab): listb / allb. */
export function useReproductionNotices(user: User | null) {
  const params = user ? noticeParamsOf(user) : null;
  return useQuery({
    ...reproductionNoticesQueryOptions(params ?? disabledParams),
    enabled: params !== null,
  });
}

/** Today's counts per code group (getNoticeDatabtd). */
export function useNoticeCounts(user: User | null) {
  const params = user ? noticeParamsOf(user) : null;
  return useQuery({ ...noticeCountsQueryOptions(params ?? disabledParams), enabled: params !== null });
}
