import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';
import { bossGrantHeaders } from '../boss-password';
import { appEvents } from '../event-bus';

/** The farm a gateway or sensor call is about (the caller's own; the server checks it). */
export interface FarmParams {
  country: string;
  FarmNumber: string;
}

export const gatewaysQueryPrefix = ['gateways'] as const;
const WAITING_FOR_FIRST_READING_POLL_MS = 5_000;
export const sensorInventoryQueryPrefix = ['sensorInventory'] as const;

export const gatewaysQueryOptions = (farm: FarmParams) =>
  queryOptions({
    queryKey: ['gateways', farm.country, farm.FarmNumber] as const,
    queryFn: ({ signal }) => call(api.gateways.listGateways, { params: farm, signal }),
    // Online/offline and today's counts move on their own: look again while the page is open. A gateway still
    // waiting for its first reading is looked at every few seconds: the socket tells it at once, but a socket
    // that connected after the reading (a page just opened, a phone back from sleep) never hears it.
    refetchInterval: (query) =>
      query.state.data?.gateways.some((gateway) => gateway.firstReading === null)
        ? WAITING_FOR_FIRST_READING_POLL_MS
        : 30_000,
  });

/**
 * The farm's gateways; a gateway's first reading (told by the socket) reloads them and the sensor
 * inventory, so its state, counts and the sensors' last readings show without waiting for the next poll.
 */
export function useGateways(farm: FarmParams) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      appEvents.on('socket_gatewayfirstreading', () => {
        void queryClient.invalidateQueries({ queryKey: gatewaysQueryPrefix });
        void queryClient.invalidateQueries({ queryKey: sensorInventoryQueryPrefix });
      }),
    [queryClient],
  );
  return useQuery(gatewaysQueryOptions(farm));
}

export const sensorInventoryQueryOptions = (farm: FarmParams) =>
  queryOptions({
    queryKey: ['sensorInventory', farm.country, farm.FarmNumber] as const,
    queryFn: ({ signal }) => call(api.sensors.listSensors, { params: farm, signal }),
  });

export const useSensorInventory = (farm: FarmParams) => useQuery(sensorInventoryQueryOptions(farm));

export function useAddGateway(farm: FarmParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.gateways.addGateway, { params: farm, body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryPrefix }),
  });
}

/** Rotate (new secret) or delete: both need the boss password, checked first for a grant. */
export function useGatewayAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      id,
      password,
    }: {
      action: 'rotate' | 'delete';
      id: number;
      password: string;
    }) => {
      const headers = await bossGrantHeaders(password);
      if (action === 'rotate') {
        return call(api.gateways.rotateGatewaySecret, { params: { id }, headers });
      }
      await call(api.gateways.deleteGateway, { params: { id }, headers });
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryPrefix }),
  });
}

export function useRegisterSensors(farm: FarmParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sensors: number[]) => call(api.sensors.registerSensors, { params: farm, body: { sensors } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sensorInventoryQueryPrefix }),
  });
}

export function useRemoveSensor(farm: FarmParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sensor: number) => call(api.sensors.removeSensor, { params: { ...farm, sensor } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sensorInventoryQueryPrefix }),
  });
}
