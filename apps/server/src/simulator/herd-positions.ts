// Where a simulated cow with a GPS collar is at a 10-minute slot, as a pure function of the slot (like the
// rest of the herd model, so a replay and the live stream agree fix for fix). She walks a random path whose
// step each slot is as long as her activity says (a cow in heat covers ground, a sleeping one hardly moves),
// remembering only the last GRAZING_MEMORY_SLOTS steps, so any slot is computed on its own.
import type { LatLon } from '@cowcare/domain/geo-fence';

/** The rectangle cows with GPS graze in, in degrees: inside the farm's paddock, with a margin to the fence. */
export interface GrazingArea {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * Steps remembered, newest weighing most (1, then down to 1/36): six hours. Her next fix moves by her newest
 * step less a small pull back along her recent path, so she strays some 50 m from her spot and comes back.
 */
export const GRAZING_MEMORY_SLOTS = 36;
/** Metres walked per unit of activity in 10 minutes: ~20 m on an ordinary day, ~50 m at the peak of heat. */
const METRES_PER_ACTIVITY = 2;
/** A fix's error: a few metres either way, as a collar's GPS has in the open. */
const GPS_ERROR_METRES = 3;
const METRES_PER_DEGREE = 111_320;

/** The keyed draws a position needs from the model: a number in [0, 1) for (index, draw). */
export type Draw = (index: number, draw: 'home' | 'heading' | 'error', axis: 0 | 1) => number;

/**
 * Folds `value` back into [low, high] as a walker turned back by a wall: continuous and never farther than
 * she walked, so a cow at the edge of the grazing area turns instead of crossing it.
 */
const fold = (value: number, low: number, high: number): number => {
  const span = high - low;
  if (span <= 0) return low;
  const phase = (((value - low) % (2 * span)) + 2 * span) % (2 * span);
  return phase <= span ? low + phase : high - (phase - span);
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Her GPS fix at `slot`: her spot in the area, plus her recent steps (each `activityAt(slot)` long, in a
 * keyed direction), plus the fix's error, folded into the grazing area. Degrees to 6 places (~0.1 m).
 */
export const grazingFix = (
  area: GrazingArea,
  slot: number,
  draw: Draw,
  activityAt: (slot: number) => number,
): LatLon => {
  const metresPerLon = METRES_PER_DEGREE * Math.cos((((area.south + area.north) / 2) * Math.PI) / 180);
  let north = 0;
  let east = 0;
  for (let back = 0; back < GRAZING_MEMORY_SLOTS; back += 1) {
    const step = slot - back;
    const metres = activityAt(step) * METRES_PER_ACTIVITY * (1 - back / GRAZING_MEMORY_SLOTS);
    const heading = draw(step, 'heading', 0) * 2 * Math.PI;
    north += metres * Math.cos(heading);
    east += metres * Math.sin(heading);
  }
  north += (draw(slot, 'error', 0) - 0.5) * 2 * GPS_ERROR_METRES;
  east += (draw(slot, 'error', 1) - 0.5) * 2 * GPS_ERROR_METRES;
  // Her spot: anywhere in the middle half of the area, the same all her days.
  const homeLat = area.south + (0.25 + draw(0, 'home', 0) * 0.5) * (area.north - area.south);
  const homeLon = area.west + (0.25 + draw(0, 'home', 1) * 0.5) * (area.east - area.west);
  return {
    lat: round6(fold(homeLat + north / METRES_PER_DEGREE, area.south, area.north)),
    lon: round6(fold(homeLon + east / metresPerLon, area.west, area.east)),
  };
};
