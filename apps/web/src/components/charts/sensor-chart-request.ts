import { INVALID_PAYLOAD_MESSAGE, type ChartRequest } from '@cowcare/contract/routes/charts';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { ApiError, isApiError } from '../../lib/api-client';
import { withLocalOffset } from '../../lib/format';

/** What every sensor-data call of spec §7 needs, as the screens hold it. */
export interface SensorChartRequest {
  sensor: number | null | undefined;
  city: string | null | undefined;
  country: string | null | undefined;
  /** The device's calendar day, 'YYYY-MM-DD': the chosen day, or the last day of a range. */
  day: string;
}

/**
 * The body of a sensor-data call. Spec §5/§8: id, city and country are required, or the call fails with
 * 'Invalid payload' (thrown here before sending; the server answers so too). The day goes out as the
 * device's noon with its offset, so the server cuts the device's day and answers times at its offset.
 */
export function sensorChartBody({ sensor, city, country, day }: SensorChartRequest): Required<ChartRequest> {
  if (!sensor || !city || !country) {
    throw new ApiError(400, ERROR_CODES.validation, INVALID_PAYLOAD_MESSAGE);
  }
  return { id: sensor, city, country, timedate: withLocalOffset(`${day}T12:00`) ?? day };
}

export const isInvalidPayload = (error: unknown) =>
  isApiError(error) && error.message === INVALID_PAYLOAD_MESSAGE;
