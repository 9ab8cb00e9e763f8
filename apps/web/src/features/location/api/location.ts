import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { LatLonPoint, PaddockInput } from '@cowcare/contract/routes/location';
import { call } from '../../../lib/api-client';

const locationKey = ['location'] as const;
const farmKey = [...locationKey, 'farm'] as const;
const paddocksKey = [...locationKey, 'paddocks'] as const;

/** The farm's point and the install's map tiles: every map needs the tiles, so this is asked once. */
export const useFarmLocation = () =>
  useQuery({
    queryKey: farmKey,
    queryFn: ({ signal }) => call(api.location.getFarmLocation, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePaddocks = () =>
  useQuery({
    queryKey: paddocksKey,
    queryFn: ({ signal }) => call(api.location.listPaddocks, { signal }),
  });

/** A cow's position: GPS collars send one every few minutes, so it is asked again each minute. */
export const useCowLocation = (cowId: number | undefined) =>
  useQuery({
    queryKey: [...locationKey, 'cow', cowId],
    queryFn: ({ signal }) => call(api.location.cowLocation, { params: { cowId: cowId ?? 0 }, signal }),
    enabled: cowId !== undefined,
    refetchInterval: 60_000,
  });

export const useHerdPositions = () =>
  useQuery({
    queryKey: [...locationKey, 'herd'],
    queryFn: ({ signal }) => call(api.location.herdPositions, { signal }),
    refetchInterval: 60_000,
  });

const useInvalidatingMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKey }),
  });
};

export const useSetFarmLocation = () =>
  useInvalidatingMutation((point: LatLonPoint) => call(api.location.setFarmLocation, { body: point }));

export const useSetPenLocation = () =>
  useInvalidatingMutation(({ cowTypeId, point }: { cowTypeId: number; point: LatLonPoint }) =>
    call(api.location.setPenLocation, { params: { cowTypeId }, body: point }),
  );

export const useAddPaddock = () =>
  useInvalidatingMutation((input: PaddockInput) => call(api.location.addPaddock, { body: input }));

export const useDeletePaddock = () =>
  useInvalidatingMutation((id: number) => call(api.location.deletePaddock, { params: { id } }));

export const useSetCowPaddock = () =>
  useInvalidatingMutation(({ cowId, paddockId }: { cowId: number; paddockId: number | null }) =>
    call(api.location.setCowPaddock, { params: { cowId }, body: { paddockId } }),
  );
