import { describe, expect, it } from 'vitest';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import { makeCow } from '../../../test/cows';
import { cowChoicesFor, wearerOf } from './cow-choices';

describe('the cows a reporting sensor may go on', () => {
  const herd = [
    makeCow({ id: 1, code: 'C10', sensor: 47001 }),
    makeCow({ id: 2, code: 'C9', sensor: null }),
    makeCow({ id: 3, code: 'C100', sensor: null }),
    makeCow({ id: 4, code: 'C2', sensor: null, status: storedStatusValue('culled') }),
    makeCow({ id: 5, code: 'C3', sensor: 47002 }),
  ];

  it('lists the kept cows, those without a sensor first, each part by code as a farmer counts', () => {
    expect(cowChoicesFor(herd)).toEqual([
      { id: 2, code: 'C9', sensor: null },
      { id: 3, code: 'C100', sensor: null },
      { id: 5, code: 'C3', sensor: 47002 },
      { id: 1, code: 'C10', sensor: 47001 },
    ]);
  });

  it('finds the kept cow that wears a sensor now, not a culled one that wore it', () => {
    expect(wearerOf(herd, 47002)?.code).toBe('C3');
    expect(wearerOf(herd, 47999)).toBeUndefined();
    const culled = [makeCow({ code: 'C4', sensor: 47003, status: storedStatusValue('culled') })];
    expect(wearerOf(culled, 47003)).toBeUndefined();
  });
});
