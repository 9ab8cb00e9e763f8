import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { CameraChanges, CameraInput } from '@cowcare/contract/routes/cameras';
import { call } from '../../../lib/api-client';

export const camerasQueryKey = ['cameras'] as const;

export const useCameras = () =>
  useQuery({
    queryKey: camerasQueryKey,
    queryFn: ({ signal }) => call(api.cameras.listCameras, { signal }),
  });

export const useCowCamera = (cowId: number | undefined) =>
  useQuery({
    queryKey: ['cameras', 'cow', cowId],
    queryFn: ({ signal }) => call(api.cameras.cowCamera, { params: { cowId: cowId ?? 0 }, signal }),
    enabled: cowId !== undefined,
  });

/** A camera by id, or the farm's demo footage. */
export type StreamSource = { kind: 'camera'; id: number } | { kind: 'demo' };

const TICKET_REFRESH_MS = 20 * 60_000;

/**
 * The signed link of a stream (good for 30 minutes): fetched again every 20 minutes, so a viewer who keeps
 * watching never holds an expired one, and on demand when the player fails (the answer carries the state).
 */
export const useStreamTicket = (source: StreamSource) =>
  useQuery({
    queryKey: ['cameras', 'stream', source.kind === 'camera' ? source.id : 'demo'],
    queryFn: ({ signal }) =>
      source.kind === 'camera'
        ? call(api.cameras.cameraStream, { params: { id: source.id }, signal })
        : call(api.cameras.demoStream, { signal }),
    staleTime: TICKET_REFRESH_MS,
    refetchInterval: TICKET_REFRESH_MS,
  });

export function useSaveCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | undefined; input: CameraInput | CameraChanges }) =>
      id === undefined
        ? call(api.cameras.addCamera, { body: input as CameraInput })
        : call(api.cameras.updateCamera, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: camerasQueryKey }),
  });
}

export function useDeleteCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.cameras.deleteCamera, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: camerasQueryKey }),
  });
}
