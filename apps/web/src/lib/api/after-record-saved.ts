import type { QueryClient } from '@tanstack/react-query';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { cowQueryOptions } from './get-cow';
import { cowHistoryQueryOptions } from './get-cow-history';
import { cowsQueryPrefix } from './get-cows';

/** A record moved the cow (status, dates): show her as the server now has her, and reload the lists. */
export async function afterRecordSaved(queryClient: QueryClient, cow: Cow): Promise<void> {
  queryClient.setQueryData(cowQueryOptions(cow.id).queryKey, cow);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
    queryClient.invalidateQueries({ queryKey: cowHistoryQueryOptions(cow.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['cow-family'] }),
  ]);
}
