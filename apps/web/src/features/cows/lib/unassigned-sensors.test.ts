import { describe, expect, it } from 'vitest';
import { makeNotice } from '../../../test/notices';
import { unassignedSensors } from './unassigned-sensors';

describe('sensors reporting with no cow', () => {
  it('lists the sensors of 703 notices newest first, once each, without those a cow wears now', () => {
    const notices = [
      makeNotice({ cowid: null, sensor: 40100, noticecode: 703, time: '2025-06-01T08:00:00Z' }),
      makeNotice({ cowid: null, sensor: 40200, noticecode: 703, time: '2025-06-01T09:00:00Z' }),
      makeNotice({ cowid: null, sensor: 40100, noticecode: 703, time: '2025-05-31T09:00:00Z' }),
      makeNotice({ cowid: null, sensor: 40300, noticecode: 703, time: '2025-06-01T10:00:00Z' }),
      makeNotice({ cowid: 5, noticecode: 701 }),
    ];
    expect(unassignedSensors(notices, new Map([[40300, 'C3']]))).toEqual([40200, 40100]);
  });
});
