import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { staffQueryKey } from '../../../lib/farm-queries';

export const getStaff = (signal?: AbortSignal) => call(api.staff.listStaff, { signal });

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: staffQueryKey,
    queryFn: ({ signal }) => getStaff(signal),
  });

export const useStaff = () => useQuery(staffQueryOptions());
