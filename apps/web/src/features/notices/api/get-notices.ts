import type { User } from '@cowcare/contract/schemas';
import { useReproductionNotices, useSensorNotices } from '../../../lib/notice-queries';
import { unreadCount } from '../lib/notice-filter';

/**
 * The tab bar's badge: the unread notices the notice tab lists, the history's too. Counting only the recent
 * lists (the last 7 days) left a notice unread in the list but out of the count once it was a week old.
 */
export function useUnreadNoticeCount(user: User): number {
  const sensor = useSensorNotices(user);
  const reproduction = useReproductionNotices(user);
  return unreadCount(
    sensor.data?.list ?? [],
    sensor.data?.all ?? [],
    reproduction.data?.listb ?? [],
    reproduction.data?.allb ?? [],
  );
}
