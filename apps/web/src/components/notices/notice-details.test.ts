import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { makeNotice } from '../../test/notices';
import { noticeDetail } from './notice-details';

const t = createI18n('en').t;

// The details as the server stores them (apps/server: detection/detect-cow.ts, ingest/sensor-notices.ts,
// jobs/*): one example per code that has values worth a line.
const EXAMPLES: [number, Record<string, unknown>, string | RegExp][] = [
  [102, { windowStart: '2026-11-26T05:20:00Z', windowEnd: '2026-11-26T16:20:00Z' }, /^Inseminate \D+ \d+, /],
  [103, { riseRatio: 1.42 }, 'Activity 1.4× her usual'],
  // A notice stored before the held values: the short line.
  [211, { temperature: 37.46, average: 38.71 }, '37.5 °C, her average 38.7 °C'],
  [
    211,
    {
      temperature: 37.46,
      average: 38.71,
      deviation: -1.25,
      heldDeviation: -0.84,
      heldSince: '2026-11-26T03:10:00Z',
    },
    /^37\.5 °C now, at most 37\.9 °C since \d+:10 [AP]M · her average 38\.7 °C$/,
  ],
  [212, { temperature: 37.2, reference: 38.64 }, '37.2 °C, down from 38.6 °C'],
  [204, { value: 40.12, line: 40 }, '40.1 against your line at 40.0'],
  [305, { value: 3, line: 5 }, '3 against your line at 5'],
  [303, { ratio: 1.84, windowHours: 12 }, 'Activity 184 % of her usual over 12 h'],
  [
    402,
    { hoursSinceLastDrink: 12, eventsLast24Hours: 5, dailyMean: 9.6 },
    '5 drinks in 24 h, usually 9.6 a day',
  ],
  [
    501,
    { drop: 0.34, expectedCalvingDate: '2026-11-28' },
    'Temperature down 0.34 °C · expected calving Nov 28, 2026',
  ],
  [
    502,
    { daysOverdue: 3, expectedCalvingDate: '2026-11-23' },
    '3 days past the expected calving (Nov 23, 2026)',
  ],
  [601, { pregnancyCheckDate: '2026-11-26' }, 'Pregnancy check Nov 26, 2026'],
  [602, { expectedEstrusDate: '2026-12-17' }, 'Expected estrus Dec 17, 2026'],
  [603, { expectedCalvingDate: '2026-12-01', daysLeft: 5 }, 'Expected calving Dec 1, 2026'],
  [701, { lastReadingAt: '2026-11-25T22:00:00Z', missedIntervals: 3 }, /^Last reading Nov 2\d, 2026/],
  [
    702,
    { lastReadingBefore: '2026-11-25T22:00:00Z', backAt: '2026-11-26T01:00:00Z' },
    /^Silent since Nov 2\d/,
  ],
  [
    703,
    { sensor: 20104, readings: 1200, firstReadingAt: '2026-11-26T00:00:00Z' },
    '1,200 readings from sensor 20104, which no cow wears',
  ],
];

const notice = (noticecode: number, details: Record<string, unknown>) => makeNotice({ noticecode, details });

describe('noticeDetail', () => {
  it.each(EXAMPLES)('says the values of a %i', (code, details, expected) => {
    const line = noticeDetail(notice(code, details), t, 'en-US');
    if (typeof expected === 'string') expect(line).toBe(expected);
    else expect(line).toMatch(expected);
  });

  it('says the lowest level a fever held, not only its last reading, which may be in a higher band', () => {
    // Slight (deviation >= 0.5 over average + her tempadd 0.45) held for 2 hours; the last reading is already severe.
    const slightAtSevere = {
      temperature: 41.5,
      average: 38.8,
      deviation: 2.25,
      heldDeviation: 0.62,
      heldSince: '2026-11-26T03:10:00Z',
      episodeStart: '2026-11-26T03:10:00Z',
    };
    const line = noticeDetail(notice(201, slightAtSevere), t, 'en-US');
    expect(line).toMatch(/^41\.5 °C now, at least 39\.9 °C since \d+:10 [AP]M · her average 38\.8 °C$/);
    const korean = noticeDetail(notice(203, slightAtSevere), createI18n('ko').t, 'ko-KR');
    expect(korean).toMatch(/^현재 41\.5 °C, .+부터 39\.9 °C 이상 · 평균 38\.8 °C$/);
    // A steady fever: one level.
    const steady = { ...slightAtSevere, temperature: 40.25, deviation: 1, heldDeviation: 1.04 };
    expect(noticeDetail(notice(202, steady), t, 'en-US')).toMatch(
      /^40\.3 °C since \d+:10 [AP]M · her average 38\.8 °C$/,
    );
  });

  describe('a heat says what raised it: her rise against her usual at those hours, since when, the peak', () => {
    // As detect-cow.ts stores them for 101 and 102.
    const heat = {
      onset: '2026-11-26T02:00:00Z',
      peak: '2026-11-26T08:00:00Z',
      windowStart: '2026-11-26T15:00:00Z',
      windowEnd: '2026-11-27T02:00:00Z',
      riseRatio: 2.38,
      peakRatio: 3.14,
    };

    it('on the heat notice (101)', () => {
      expect(noticeDetail(notice(101, heat), t, 'en-US')).toMatch(
        /^Activity 2\.4× her usual for these hours since Nov 2\d, .+, peak 3\.1× at Nov 2\d, .+ · inseminate .+$/,
      );
    });

    it('on the insemination window notice (102), window first', () => {
      expect(noticeDetail(notice(102, heat), t, 'en-US')).toMatch(
        /^Inseminate .+ · activity 2\.4× her usual since Nov 2\d, .+, peak 3\.1× at Nov 2\d, .+$/,
      );
    });

    it('keeps the shorter line for a notice stored without its peak', () => {
      const { peak: _peak, peakRatio: _peakRatio, ...older } = heat;
      expect(noticeDetail(notice(101, older), t, 'en-US')).toMatch(/^Activity 2\.4× her usual · inseminate /);
    });
  });

  it('says nothing when a value is missing or of the wrong type, or for a code without values', () => {
    expect(noticeDetail(notice(201, { temperature: 40.1 }), t, 'en-US')).toBeUndefined();
    expect(noticeDetail(notice(201, { temperature: '40.1', average: 38.9 }), t, 'en-US')).toBeUndefined();
    expect(noticeDetail(notice(1101, { body: 'Tonight' }), t, 'en-US')).toBeUndefined();
  });

  it("shows a platform notice's title and text as support wrote them", () => {
    expect(
      noticeDetail(notice(1101, { title: 'Maintenance', body: 'Read-only 02:00-02:30' }), t, 'en-US'),
    ).toBe('Maintenance · Read-only 02:00-02:30');
    expect(noticeDetail(notice(1102, { title: 'Update to 1.6', body: '' }), t, 'en-US')).toBe(
      'Update to 1.6',
    );
  });

  it("writes numbers as the user's language does", () => {
    const line = noticeDetail(notice(201, { temperature: 40.72, average: 39 }), createI18n('ru').t, 'ru-RU');
    expect(line).toBe('40,7 °C, её среднее 39,0 °C');
  });
});
