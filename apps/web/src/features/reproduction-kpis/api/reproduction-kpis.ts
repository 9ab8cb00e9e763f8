import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { KpiSettings } from '@cowcare/contract/routes/reproduction-kpis';
import { call } from '../../../lib/api-client';
import { localToday } from '../../../lib/format';
import type { KpiPeriod } from '../lib/kpi-period';

/** What the figures are asked for: a period and, or not, one cow type. */
export interface KpiScope extends KpiPeriod {
  readonly cowTypeId: number | null;
}

const typeQuery = (cowTypeId: number | null) => (cowTypeId === null ? {} : { cowTypeId });

export const reproductionKpisQueryOptions = (scope: KpiScope) =>
  queryOptions({
    queryKey: ['reproduction-kpis', 'figures', scope.from, scope.to, scope.cowTypeId],
    queryFn: ({ signal }) =>
      call(api.reproductionKpis.reproductionKpis, {
        query: { from: scope.from, to: scope.to, today: localToday(), ...typeQuery(scope.cowTypeId) },
        signal,
      }),
    // A new period or type keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useReproductionKpis = (scope: KpiScope) => useQuery(reproductionKpisQueryOptions(scope));

export const useActionLists = (cowTypeId: number | null) =>
  useQuery({
    queryKey: ['reproduction-kpis', 'action-lists', cowTypeId],
    queryFn: ({ signal }) =>
      call(api.reproductionKpis.reproductionActionLists, {
        query: { today: localToday(), ...typeQuery(cowTypeId) },
        signal,
      }),
  });

const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['reproduction-kpis', 'settings'],
    queryFn: ({ signal }) => call(api.reproductionKpis.getKpiSettings, { signal }),
  });

export const useKpiSettings = () => useQuery(settingsQueryOptions());

export function useSaveKpiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: KpiSettings) => call(api.reproductionKpis.putKpiSettings, { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryOptions().queryKey, saved);
      // The targets and the waiting period change the figures and the lists.
      void queryClient.invalidateQueries({ queryKey: ['reproduction-kpis'] });
    },
  });
}
