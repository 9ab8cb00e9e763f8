import type { User } from '@cowcare/contract/schemas';
import { useReproductionNotices, useSensorNotices } from '../../../lib/notice-queries';
import { unreadCount } from '../lib/notice-filter';

/** The tab bar's badge: unread notices of both lists. */
export function useUnreadNoticeCount(user: User): number {
  const sensor = useSensorNotices(user);
  const reproduction = useReproductionNotices(user);
  return unreadCount(sensor.data?.list ?? [], reproduction.data?.listb ?? []);
}
