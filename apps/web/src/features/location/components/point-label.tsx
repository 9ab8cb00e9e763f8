import type { LatLonPoint } from '@cowcare/contract/routes/location';
import { formatDecimal } from '../../../lib/format';

/** A point as people read it off a GPS: five decimals (about a metre). */
export const pointText = (point: LatLonPoint, bcp47: string): string =>
  `${formatDecimal(point.lat, 5, bcp47)}, ${formatDecimal(point.lon, 5, bcp47)}`;
