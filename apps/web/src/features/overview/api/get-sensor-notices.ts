import { useQuery } from '@tanstack/react-query';
import type { User } from '@cowcare/contract/schemas';
import { noticeParamsOf, sensorNoticesQueryOptions } from '../../../lib/farm-queries';

const noParams = { country: 'KR', FarmNumber: '-', phone: '00000' };

/**
 * The farm's sensor and health notices (getNoticeData), the list the tab bar already holds; idle for a user
 * without a phone number to ask with.
 */
export function useSensorNotices(user: User) {
  const params = noticeParamsOf(user);
  return useQuery({ ...sensorNoticesQueryOptions(params ?? noParams), enabled: params !== null });
}
