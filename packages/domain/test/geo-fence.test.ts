import { describe, expect, it } from 'vitest';
import {
  FENCE_HOLD_MS,
  fenceBreach,
  isValidLatLon,
  pointInPolygon,
  polygonCentre,
  type LatLon,
  type TimedPosition,
} from '../src/geo-fence';

const MINUTE = 60_000;

/** A square paddock about 110 m a side near Suwon. */
const square: LatLon[] = [
  { lat: 37.0, lon: 127.0 },
  { lat: 37.0, lon: 127.001 },
  { lat: 37.001, lon: 127.001 },
  { lat: 37.001, lon: 127.0 },
];

/** An L-shaped paddock: its notch (north-east) is outside although it is inside the bounding box. */
const lShape: LatLon[] = [
  { lat: 0, lon: 0 },
  { lat: 0, lon: 2 },
  { lat: 1, lon: 2 },
  { lat: 1, lon: 1 },
  { lat: 2, lon: 1 },
  { lat: 2, lon: 0 },
];

const inside = { lat: 37.0005, lon: 127.0005 };
const outside = { lat: 37.002, lon: 127.0005 };

const at = (minute: number, where: LatLon): TimedPosition => ({ ...where, at: minute * MINUTE });

describe('pointInPolygon', () => {
  it.each<[string, LatLon, readonly LatLon[], boolean]>([
    ['the middle of a square', inside, square, true],
    ['north of the square', outside, square, false],
    ['on its edge (standing on the fence line)', { lat: 37.0, lon: 127.0005 }, square, true],
    ['on a corner', { lat: 37.001, lon: 127.001 }, square, true],
    ['in the arm of an L', { lat: 0.5, lon: 1.5 }, lShape, true],
    ['in the notch of an L', { lat: 1.5, lon: 1.5 }, lShape, false],
    ['level with a corner, outside', { lat: 1, lon: 3 }, lShape, false],
    ['anything against a two-point "polygon"', inside, square.slice(0, 2), false],
  ])('%s', (_, point, polygon, expected) => {
    expect(pointInPolygon(point, polygon)).toBe(expected);
  });

  it('does not depend on the direction the corners were drawn in', () => {
    expect(pointInPolygon({ lat: 0.5, lon: 1.5 }, [...lShape].reverse())).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lon: 1.5 }, [...lShape].reverse())).toBe(false);
  });
});

describe('isValidLatLon', () => {
  it.each<[number, number, boolean]>([
    [0, 0, true],
    [90, 180, true],
    [-90, -180, true],
    [90.0001, 0, false],
    [0, -180.5, false],
    [Number.NaN, 0, false],
  ])('%s, %s -> %s', (lat, lon, expected) => {
    expect(isValidLatLon(lat, lon)).toBe(expected);
  });
});

describe('polygonCentre', () => {
  it('is the mean of the corners', () => {
    expect(polygonCentre(square)).toEqual({ lat: 37.0005, lon: 127.0005 });
    expect(polygonCentre([])).toBeUndefined();
  });
});

describe('fenceBreach', () => {
  it('is nothing while she is inside', () => {
    expect(fenceBreach([at(0, inside), at(5, inside)], square)).toBeUndefined();
    expect(fenceBreach([], square)).toBeUndefined();
  });

  it('waits for ten minutes outside: nine are not a breach, ten are', () => {
    expect(fenceBreach([at(0, inside), at(1, outside), at(10, outside)], square)).toBeUndefined();
    expect(fenceBreach([at(0, inside), at(1, outside), at(11, outside)], square)).toEqual({
      since: 1 * MINUTE,
      at: 11 * MINUTE,
      position: outside,
    });
  });

  it('starts over when one position brings her back inside', () => {
    const positions = [at(0, outside), at(6, inside), at(8, outside), at(16, outside)];
    expect(fenceBreach(positions, square)).toBeUndefined();
    expect(fenceBreach([...positions, at(18, outside)], square)?.since).toBe(8 * MINUTE);
  });

  it('is over once she is back inside, however long she was out', () => {
    expect(fenceBreach([at(0, outside), at(30, outside), at(31, inside)], square)).toBeUndefined();
  });

  it('takes positions in any order (a gateway uploading a backlog)', () => {
    const breach = fenceBreach([at(20, outside), at(0, inside), at(5, outside)], square);
    expect(breach).toMatchObject({ since: 5 * MINUTE, at: 20 * MINUTE });
  });

  it('holds for FENCE_HOLD_MS by default, or the hold given', () => {
    expect(FENCE_HOLD_MS).toBe(10 * MINUTE);
    expect(fenceBreach([at(0, outside), at(2, outside)], square, 2 * MINUTE)?.since).toBe(0);
  });
});
