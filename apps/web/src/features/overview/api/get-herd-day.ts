import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { sensorChartBody } from '../../../components/charts/sensor-chart-request';
import { herdHours, type HerdHour, type SensorHour } from '../lib/herd-day';

export interface HerdDayRequest {
  sensors: readonly number[];
  city: string | null | undefined;
  country: string | null | undefined;
  /** The device's calendar day, 'YYYY-MM-DD'. */
  day: string;
}

export interface HerdDay {
  hours: HerdHour[];
  /** Sensors whose hours came back. */
  read: number;
  /** Sensors whose call failed (a sensor moved to another cow meanwhile, a network hiccup). */
  failed: number;
}

/** Calls in flight at once: enough to fill a few round trips, few enough to leave the server room. */
const CONCURRENCY = 4;

/**
 * The herd's hours of a day. The server has sensor-data calls per sensor only (spec §7), so this asks
 * gpko/hotactivity of every sensor, a few at a time, and averages the answers. One failed sensor is
 * counted and left out; when every call fails, the first failure is the answer ('Invalid payload'
 * included, which each call throws before sending when city or country is missing).
 */
export async function getHerdDay(request: HerdDayRequest, signal?: AbortSignal): Promise<HerdDay> {
  const { sensors, city, country, day } = request;
  const answers: SensorHour[][] = [];
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < sensors.length) {
      const sensor = sensors[next++];
      try {
        const body = sensorChartBody({ sensor, city, country, day });
        answers.push(await call(api.charts.temperatureActivityHourly, { body, signal }));
      } catch (error) {
        if (signal?.aborted) throw error;
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sensors.length) }, worker));
  if (answers.length === 0 && failures.length > 0) throw failures[0];
  return { hours: herdHours(answers), read: answers.length, failed: failures.length };
}

export const herdDayQueryOptions = (request: HerdDayRequest) =>
  queryOptions({
    queryKey: [
      ...sensorDataQueryPrefix,
      'herd-hotactivity',
      request.country ?? null,
      request.city ?? null,
      request.day,
      request.sensors.join(','),
    ] as const,
    queryFn: ({ signal }) => getHerdDay(request, signal),
  });

export const useHerdDay = (request: HerdDayRequest) =>
  useQuery({ ...herdDayQueryOptions(request), enabled: request.sensors.length > 0 });
