import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { toDictionaries } from '../../../lib/dictionary';

export const getConfigDictionary = (signal?: AbortSignal) => call(api.system.configDictionary, { signal });

/** The configuration dictionaries (mating methods, diagnosis methods, …), parsed once and kept. */
export const configDictionaryQueryOptions = () =>
  queryOptions({
    queryKey: ['config-dictionary', 'cows'],
    queryFn: async ({ signal }) => toDictionaries(await getConfigDictionary(signal)),
    staleTime: 60 * 60 * 1000,
  });

export const useConfigDictionary = () => useQuery(configDictionaryQueryOptions());
