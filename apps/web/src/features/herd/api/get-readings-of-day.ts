import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { INVALID_PAYLOAD_MESSAGE } from '@cowcare/contract/routes/charts';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { ApiError, call, isApiError } from '../../../lib/api-client';
import { sensorDataQueryPrefix } from '../../../lib/farm-queries';
import { withLocalOffset } from '../../../lib/format';

export interface SensorDayRequest {
  sensor: number | null | undefined;
  city: string | null | undefined;
  country: string | null | undefined;
  /** The device's calendar day, 'YYYY-MM-DD'. */
  day: string;
}

/**
 * The 10-minute readings of one day (gpko/line). Spec §5/§8: id, city and country are required, or the call
 * fails with 'Invalid payload' (checked here before sending, and answered so by the server too). The day is
 * sent as the device's noon with its offset, so the server cuts the device's day.
 */
export async function getReadingsOfDay(request: SensorDayRequest, signal?: AbortSignal) {
  const { sensor, city, country, day } = request;
  if (!sensor || !city || !country) {
    throw new ApiError(400, ERROR_CODES.validation, INVALID_PAYLOAD_MESSAGE);
  }
  const timedate = withLocalOffset(`${day}T12:00`) ?? day;
  return call(api.charts.readingsOfDay, { body: { id: sensor, city, country, timedate }, signal });
}

export const readingsOfDayQueryOptions = (request: SensorDayRequest) =>
  queryOptions({
    queryKey: [...sensorDataQueryPrefix, 'line', request.sensor ?? null, request.day] as const,
    queryFn: ({ signal }) => getReadingsOfDay(request, signal),
    retry: false,
  });

export const useReadingsOfDay = (request: SensorDayRequest) => useQuery(readingsOfDayQueryOptions(request));

export const isInvalidPayload = (error: unknown) =>
  isApiError(error) && error.message === INVALID_PAYLOAD_MESSAGE;
