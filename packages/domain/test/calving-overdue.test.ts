import { describe, expect, it } from 'vitest';
import { calvingOverdue, type PregnancyState } from '../src/calving-overdue';

// Served 2025-07-29: 285 days of Hanwoo gestation put the expected calving on 2026-05-10.
const PREGNANT: PregnancyState = {
  status: 'pregnancy',
  expectedCalvingDate: '2026-05-10',
  lastFertilizationDate: '2025-07-29',
  lastCalvingDate: '2025-04-20',
};

describe('calving overdue (502): pregnant, uncalved, 10 days past the expected date', () => {
  it.each([
    ['on the expected day', '2026-05-10', undefined],
    ['9 days past it', '2026-05-19', undefined],
    ['10 days past it', '2026-05-20', 10],
    ['across a month end, 23 days past it', '2026-06-02', 23],
  ])('%s (%s)', (_case, today, daysOverdue) => {
    expect(calvingOverdue(PREGNANT, today)).toEqual(
      daysOverdue === undefined ? undefined : { code: 502, expectedCalvingDate: '2026-05-10', daysOverdue },
    );
  });

  it('takes another threshold', () => {
    expect(calvingOverdue(PREGNANT, '2026-05-13', { overdueDays: 3 })?.daysOverdue).toBe(3);
    expect(calvingOverdue(PREGNANT, '2026-05-20', { overdueDays: 14 })).toBeUndefined();
  });

  it.each([
    ['a cow nursing her calf', { status: 'lactation' as const }],
    ['a cow awaiting her pregnancy check', { status: 'pregnancyConfirm' as const }],
    ['a culled cow', { status: 'culled' as const }],
    ['a pregnancy without an expected date', { expectedCalvingDate: null }],
  ])('says nothing of %s', (_case, change) => {
    expect(calvingOverdue({ ...PREGNANT, ...change }, '2026-06-30')).toBeUndefined();
  });

  it('says nothing once a calving is recorded for this pregnancy, even with her status left at pregnant', () => {
    expect(calvingOverdue({ ...PREGNANT, lastCalvingDate: '2026-05-12' }, '2026-06-30')).toBeUndefined();
  });

  it('counts only calvings since the service: the one before it ended the previous pregnancy', () => {
    expect(calvingOverdue({ ...PREGNANT, lastCalvingDate: '2025-07-28' }, '2026-05-20')?.daysOverdue).toBe(
      10,
    );
  });

  it('without a recorded service, dates the pregnancy from the expected date less the gestation', () => {
    const unserved = { ...PREGNANT, lastFertilizationDate: null };
    // 2026-05-10 less 285 days is 2025-07-29.
    expect(calvingOverdue({ ...unserved, lastCalvingDate: '2025-07-29' }, '2026-05-20')).toBeUndefined();
    expect(calvingOverdue({ ...unserved, lastCalvingDate: '2025-07-28' }, '2026-05-20')?.daysOverdue).toBe(
      10,
    );
    expect(
      calvingOverdue({ ...unserved, lastCalvingDate: '2025-08-10' }, '2026-05-20', { gestationDays: 270 })
        ?.daysOverdue,
    ).toBe(10);
  });

  it('names the episode by the expected date: a corrected date is judged afresh', () => {
    const corrected = { ...PREGNANT, expectedCalvingDate: '2026-05-15' };
    expect(calvingOverdue(corrected, '2026-05-20')).toBeUndefined();
    expect(calvingOverdue(corrected, '2026-05-25')).toEqual({
      code: 502,
      expectedCalvingDate: '2026-05-15',
      daysOverdue: 10,
    });
  });
});
