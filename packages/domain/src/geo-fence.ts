// Positions and the virtual fence (issue 37): a farm draws paddocks as polygons; a cow whose GPS positions
// stay outside her paddock for FENCE_HOLD_MS raises notice 306. Paddocks are a few hundred metres across, so
// plain planar geometry on latitude and longitude is exact enough (no paddock spans the antimeridian).

/** A point on the earth, in degrees (WGS 84, as GPS collars and map tiles use). */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/** A position with the time it was taken (epoch milliseconds). */
export interface TimedPosition extends LatLon {
  readonly at: number;
}

/** How long her positions must stay outside her paddock before the fence notice: one GPS fix that strays
 * (multipath near a barn roof) or a cow leaning over the wire is not a breach. */
export const FENCE_HOLD_MS = 10 * 60_000;

/** How far back a cow's track goes on her location page. */
export const TRACK_WINDOW_MS = 24 * 60 * 60_000;

/** A paddock's corners: at least a triangle, at most this many (a hand-drawn field needs far fewer). */
export const MIN_PADDOCK_CORNERS = 3;
export const MAX_PADDOCK_CORNERS = 200;

export const isValidLatLon = (lat: number, lon: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180;

/**
 * Whether the point lies inside the polygon (its corners in order, the last joined back to the first), by
 * the even-odd rule: a ray cast east from the point crosses the outline an odd number of times. A point
 * exactly on the outline counts as inside: a cow standing on the fence line has not left.
 */
export function pointInPolygon(point: LatLon, polygon: readonly LatLon[]): boolean {
  if (polygon.length < MIN_PADDOCK_CORNERS) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i] as LatLon;
    const b = polygon[j] as LatLon;
    if (onSegment(point, a, b)) return true;
    const crosses = a.lat > point.lat !== b.lat > point.lat;
    if (crosses && point.lon < ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon) {
      inside = !inside;
    }
  }
  return inside;
}

const EPSILON = 1e-12;

function onSegment(p: LatLon, a: LatLon, b: LatLon): boolean {
  const cross = (b.lon - a.lon) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lon - a.lon);
  if (Math.abs(cross) > EPSILON) return false;
  return (
    Math.min(a.lon, b.lon) - EPSILON <= p.lon &&
    p.lon <= Math.max(a.lon, b.lon) + EPSILON &&
    Math.min(a.lat, b.lat) - EPSILON <= p.lat &&
    p.lat <= Math.max(a.lat, b.lat) + EPSILON
  );
}

/** The middle of a paddock, where a cow put in it by hand is shown: the mean of its corners. */
export function polygonCentre(polygon: readonly LatLon[]): LatLon | undefined {
  if (polygon.length === 0) return undefined;
  const sum = polygon.reduce((acc, corner) => ({ lat: acc.lat + corner.lat, lon: acc.lon + corner.lon }), {
    lat: 0,
    lon: 0,
  });
  return { lat: sum.lat / polygon.length, lon: sum.lon / polygon.length };
}

export interface FenceBreach {
  /** Her first position outside of this stretch: names the episode, so one stretch is one notice. */
  readonly since: number;
  /** Her newest position, outside. */
  readonly at: number;
  readonly position: LatLon;
}

/**
 * The stretch of her newest positions that lie outside the paddock, when it has lasted `holdMs` or more;
 * undefined while she is inside, or outside for less. One position back inside ends a stretch: the next
 * time she leaves starts a new one. Positions may come in any order.
 */
export function fenceBreach(
  positions: readonly TimedPosition[],
  paddock: readonly LatLon[],
  holdMs = FENCE_HOLD_MS,
): FenceBreach | undefined {
  const newestFirst = [...positions].sort((a, b) => b.at - a.at);
  const newest = newestFirst[0];
  if (!newest || pointInPolygon(newest, paddock)) return undefined;
  let since = newest.at;
  for (const position of newestFirst) {
    if (pointInPolygon(position, paddock)) break;
    since = position.at;
  }
  if (newest.at - since < holdMs) return undefined;
  return { since, at: newest.at, position: { lat: newest.lat, lon: newest.lon } };
}
