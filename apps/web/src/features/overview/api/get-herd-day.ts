import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { RouteData } from '@cowcare/contract/route';
import { INVALID_PAYLOAD_MESSAGE, type HerdChartRequest } from '@cowcare/contract/routes/charts';
import { ApiError, call } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { withLocalOffset } from '../../../lib/format';

export interface HerdDayRequest {
  /** The herd's sensors as the cow list has them: nothing is asked without any, and asked again when they change. */
  sensors: readonly number[];
  city: string | null | undefined;
  country: string | null | undefined;
  /** The device's calendar day, 'YYYY-MM-DD'. */
  day: string;
}

export type HerdDay = RouteData<typeof api.charts.herdHourly>;

/**
 * The body of gpko/herdhourly. As with the per-sensor calls (spec §5/§8), no city or country is 'Invalid
 * payload', thrown here before sending; the day goes out as the device's noon with its offset, so the server
 * cuts the device's day and answers times at its offset.
 */
export function herdChartBody({ city, country, day }: HerdDayRequest): Required<HerdChartRequest> {
  if (!city || !country) throw new ApiError(400, ERROR_CODES.validation, INVALID_PAYLOAD_MESSAGE);
  return { city, country, timedate: withLocalOffset(`${day}T12:00`) ?? day };
}

/** The herd's hours of a day: one call, the server averages over the farm's sensors. */
export async function getHerdDay(request: HerdDayRequest, signal?: AbortSignal): Promise<HerdDay> {
  return call(api.charts.herdHourly, { body: herdChartBody(request), signal });
}

export const herdDayQueryOptions = (request: HerdDayRequest) =>
  queryOptions({
    queryKey: [
      ...sensorDataQueryPrefix,
      'herd-hourly',
      request.country ?? null,
      request.city ?? null,
      request.day,
      request.sensors.join(','),
    ] as const,
    queryFn: ({ signal }) => getHerdDay(request, signal),
  });

export const useHerdDay = (request: HerdDayRequest) =>
  useQuery({ ...herdDayQueryOptions(request), enabled: request.sensors.length > 0 });
