import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { call } from '../../../lib/api-client';
import { afterRecordSaved } from '../../../lib/api/after-record-saved';

/** A change of one record: its id and only the fields the user changed (the server keeps the rest). */
export interface RecordChange<Body> {
  id: number;
  body: Body;
}

export type EstrusChange = RouteBody<typeof api.reproduction.updateEstrus>;
export type FertilizationChange = RouteBody<typeof api.reproduction.updateFertilization>;
export type PregnancyChange = RouteBody<typeof api.reproduction.updatePregnancy>;
export type CalvingChange = RouteBody<typeof api.reproduction.updateCalving>;

/**
 * The server recomputes the automatic dates of the record, of the records that count from it and of the
 * cow; the cow it answers is shown at once and the history and lists are read again.
 */
function useRecordUpdate<Body>(update: (change: RecordChange<Body>) => Promise<{ cow: Cow }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
    onSuccess: ({ cow }) => afterRecordSaved(queryClient, cow),
  });
}

export const useUpdateEstrus = () =>
  useRecordUpdate(({ id, body }: RecordChange<EstrusChange>) =>
    call(api.reproduction.updateEstrus, { params: { id }, body }),
  );

export const useUpdateFertilization = () =>
  useRecordUpdate(({ id, body }: RecordChange<FertilizationChange>) =>
    call(api.reproduction.updateFertilization, { params: { id }, body }),
  );

export const useUpdatePregnancy = () =>
  useRecordUpdate(({ id, body }: RecordChange<PregnancyChange>) =>
    call(api.reproduction.updatePregnancy, { params: { id }, body }),
  );

export const useUpdateCalving = () =>
  useRecordUpdate(({ id, body }: RecordChange<CalvingChange>) =>
    call(api.reproduction.updateCalving, { params: { id }, body }),
  );
