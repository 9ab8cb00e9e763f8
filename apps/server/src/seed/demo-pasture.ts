// Where the demo farm is and where its cows graze (issue 37's follow-up): the farm's point outside
// Hoengseong, one paddock north-east of the barn, the pens' points by the barn, and which collars have GPS.
// The seed writes them; the simulator makes the GPS cows graze inside the paddock, so the herd map shows
// cows from a sensor and cows placed by hand, and the demo farm never raises a fence notice (306).
import type { LatLon } from '@cowcare/domain/geo-fence';
import { sensorKind } from '@cowcare/domain/sensor';
import type { GrazingArea } from '../simulator/herd-positions';
import { DEMO_COW_TYPES } from './demo-herd-plan';

/** The barn, in the fields east of Hoengseong-eup (Gangwon, Korea), the demo farm's city. */
export const DEMO_FARM_POINT: LatLon = { lat: 37.496, lon: 128.007 };

const METRES_PER_DEGREE = 111_320;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
/** The point this many metres north and east of the barn. */
const fromBarn = (north: number, east: number): LatLon => ({
  lat: round6(DEMO_FARM_POINT.lat + north / METRES_PER_DEGREE),
  lon: round6(
    DEMO_FARM_POINT.lon + east / (METRES_PER_DEGREE * Math.cos((DEMO_FARM_POINT.lat * Math.PI) / 180)),
  ),
});

/** A field of some 7 ha drawn corner by corner along its fence, as a farmer would. */
export const DEMO_PADDOCK = {
  name: 'East pasture',
  boundary: [fromBarn(40, 30), fromBarn(40, 360), fromBarn(200, 390), fromBarn(270, 200), fromBarn(250, 20)],
};

/**
 * Where the GPS cows graze: a rectangle inside the paddock, at least 25 m from its fence (a fix is a few
 * metres off; the fence rule forgives one stray fix, not ten minutes of them). A cow walking to its edge
 * turns back (herd-positions.ts), so no simulated cow ever breaches the fence.
 */
const grazingSouthWest = fromBarn(70, 60);
const grazingNorthEast = fromBarn(200, 320);
export const DEMO_GRAZING_AREA: GrazingArea = {
  south: grazingSouthWest.lat,
  west: grazingSouthWest.lon,
  north: grazingNorthEast.lat,
  east: grazingNorthEast.lon,
};

/** Each cow type's pen beside the barn: the cows without GPS are shown there (placed by hand). */
export const DEMO_PEN_POINTS: ReadonlyMap<string, LatLon> = new Map(
  DEMO_COW_TYPES.map((type, index) => [type.name, fromBarn(-25, -40 + index * 30)]),
);

/** A third of the neck collars have GPS (a bolus cannot): every collar whose number divides by 3. */
export const wearsGpsCollar = (sensorId: number): boolean =>
  sensorKind(sensorId) === 'neck' && sensorId % 3 === 0;
