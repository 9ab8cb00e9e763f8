import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../api-client';
import { cowsQueryPrefix } from './get-cows';

export type AddCowInput = RouteBody<typeof api.cows.addCow>;

export const addCow = (body: AddCowInput) => call(api.cows.addCow, { body });

export function useAddCow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
  });
}

export type ImportCowsInput = RouteBody<typeof api.cows.importCows>;

/** A whole herd takes the server a while (every cow with her records, in one transaction). */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** A file's cows, all or nothing (one transaction on the server). */
export const importCows = (body: ImportCowsInput) =>
  call(api.cows.importCows, { body, timeoutMs: IMPORT_TIMEOUT_MS });
