import { describe, expect, it } from 'vitest';
import { farmOwner } from '../src/detection/farm-owner';

const farms = Array.from({ length: 3_000 }, (_, index) => index + 1);
const ownersOf = (members: readonly string[]) =>
  new Map(farms.map((farm) => [farm, farmOwner(farm, members)]));

describe('farmOwner: which instance detects for a farm', () => {
  it('is the same whatever order an instance lists the members in', () => {
    const listed = ownersOf(['a', 'b', 'c']);
    expect(ownersOf(['c', 'a', 'b'])).toEqual(listed);
    expect(ownersOf(['b', 'c', 'a'])).toEqual(listed);
  });

  it('gives each of three instances about a third of the farms', () => {
    const counts = new Map<string | undefined, number>();
    for (const owner of ownersOf(['web-1', 'web-2', 'web-3']).values()) {
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['web-1', 'web-2', 'web-3']);
    for (const count of counts.values()) expect(count).toBeGreaterThan(850);
  });

  it('moves only the farms of an instance that leaves, and only farms to one that joins', () => {
    const three = ownersOf(['web-1', 'web-2', 'web-3']);
    const two = ownersOf(['web-1', 'web-3']);
    const four = ownersOf(['web-1', 'web-2', 'web-3', 'web-4']);
    for (const farm of farms) {
      if (three.get(farm) !== 'web-2') expect(two.get(farm)).toBe(three.get(farm));
      if (four.get(farm) !== 'web-4') expect(four.get(farm)).toBe(three.get(farm));
    }
    expect([...four.values()].filter((owner) => owner === 'web-4').length).toBeGreaterThan(600);
  });

  it('is the sole instance for every farm, and no one without instances', () => {
    expect(new Set(ownersOf(['solo']).values())).toEqual(new Set(['solo']));
    expect(farmOwner(1, [])).toBeUndefined();
  });
});
