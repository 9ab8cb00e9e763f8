import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_NOTICE_CODES, isFollowUpDone } from '../src/follow-ups';

const notice = (code: number, details: Record<string, unknown>, day = '2026-05-10') => ({
  code,
  details,
  day,
});

describe('isFollowUpDone', () => {
  it('settles the reproduction reminders and the calving alerts, nothing else', () => {
    expect([...FOLLOW_UP_NOTICE_CODES].sort()).toEqual([501, 502, 601, 602, 603]);
    expect(isFollowUpDone(notice(101, {}), { fertilization: '2026-05-10' })).toBe(false);
    expect(isFollowUpDone(notice(201, {}), { calving: '2026-05-10' })).toBe(false);
  });

  it('expected calving near ends with a calving of this pregnancy, early or late', () => {
    const near = notice(603, { expectedCalvingDate: '2026-05-15', daysLeft: 5 });
    expect(isFollowUpDone(near, {})).toBe(false);
    expect(isFollowUpDone(near, { calving: '2026-05-12' })).toBe(true);
    expect(isFollowUpDone(near, { calving: '2026-05-30' })).toBe(true);
    // Seven weeks early is still this pregnancy; last year's calving is not.
    expect(isFollowUpDone(near, { calving: '2026-03-27' })).toBe(true);
    expect(isFollowUpDone(near, { calving: '2025-05-20' })).toBe(false);
    // Only a calving settles it.
    expect(isFollowUpDone(near, { estrus: '2026-05-14', fertilization: '2026-05-14' })).toBe(false);
  });

  it('a calving ends the overdue alert and the 24-hour alert; one without an expected date goes by its day', () => {
    expect(
      isFollowUpDone(notice(502, { expectedCalvingDate: '2026-05-01' }), { calving: '2026-05-11' }),
    ).toBe(true);
    const drop = notice(501, { expectedCalvingDate: null, drop: 0.5 }, '2026-05-10');
    expect(isFollowUpDone(drop, { calving: '2026-05-11' })).toBe(true);
    expect(isFollowUpDone(drop, { calving: '2025-06-01' })).toBe(false);
  });

  it('expected estrus ends with the heat seen or an insemination in it, not with the heat before', () => {
    const due = notice(602, { expectedEstrusDate: '2026-05-10' });
    expect(isFollowUpDone(due, { estrus: '2026-05-10' })).toBe(true);
    expect(isFollowUpDone(due, { estrus: '2026-05-04' })).toBe(true);
    expect(isFollowUpDone(due, { fertilization: '2026-05-11' })).toBe(true);
    // Her previous heat, 21 days before, is the one the date was counted from.
    expect(isFollowUpDone(due, { estrus: '2026-04-19', fertilization: '2026-04-19' })).toBe(false);
    expect(isFollowUpDone(due, { calving: '2026-05-10', pregnancyCheck: '2026-05-10' })).toBe(false);
  });

  it('a pregnancy check ends with a diagnosis of the insemination it checks', () => {
    const due = notice(601, { pregnancyCheckDate: '2026-05-10' });
    expect(isFollowUpDone(due, { fertilization: '2026-03-31', pregnancyCheck: '2026-05-11' })).toBe(true);
    // A diagnosis of the insemination before (she returned to heat and was inseminated again) is not it.
    expect(isFollowUpDone(due, { fertilization: '2026-03-31', pregnancyCheck: '2026-03-20' })).toBe(false);
    expect(isFollowUpDone(due, { fertilization: '2026-03-31' })).toBe(false);
    // No insemination on record: a diagnosis within the longest check interval counts.
    expect(isFollowUpDone(due, { pregnancyCheck: '2026-04-01' })).toBe(true);
    expect(isFollowUpDone(due, { pregnancyCheck: '2026-01-01' })).toBe(false);
  });

  it('falls back to the day it was raised when its date is unreadable', () => {
    expect(isFollowUpDone(notice(603, { expectedCalvingDate: 'soon' }), { calving: '2026-05-10' })).toBe(
      true,
    );
  });
});
