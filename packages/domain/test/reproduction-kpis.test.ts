import { describe, expect, it } from 'vitest';
import {
  cowsDueToCalve,
  openPastWaitingWithoutHeat,
  pregnancyChecksDue,
  repeatedServices,
} from '../src/reproduction-action-lists';
import type { HerdCow, ReproductionEvent } from '../src/reproduction-herd';
import {
  monthlyPeriods,
  monthlyReproductionKpis,
  reproductionKpiReport,
  reproductionKpis,
} from '../src/reproduction-kpis';

const heat = (date: string): ReproductionEvent => ({ kind: 'heat', date, source: 'observed' });
const service = (date: string, pregnancyCheckDate: string | null = null): ReproductionEvent => ({
  kind: 'service',
  date,
  method: 'artificialInsemination',
  pregnancyCheckDate,
});
const check = (date: string, result: 'pregnant' | 'unpregnant' | 'abort'): ReproductionEvent => ({
  kind: 'pregnancyCheck',
  date,
  result,
});
const calving = (date: string): ReproductionEvent => ({ kind: 'calving', date });
const abortion = (date: string): ReproductionEvent => ({ kind: 'abortion', date });

function cow(id: number, fields: Partial<HerdCow>): HerdCow {
  return {
    id,
    birthDate: '2020-01-01',
    sex: 'female',
    cowTypeId: 1,
    entryDate: '2020-01-01',
    exitDate: null,
    exitReason: null,
    status: 'estrusDetection',
    parityAtEntry: 1,
    events: [],
    ...fields,
  };
}

// Herd A, judged for 2025 on 2026-03-01 with a 60-day waiting period and 285-day gestation.
// Each cow's 21-day cycles start at calving + 60 (Cn = her n-th cycle).
const HERD_A: HerdCow[] = [
  // Cow 1, a heifer born here: first calving 2025-01-01 at 731 days. Waiting period ends 03-02, C1 03-02..03-22:
  // heat 03-10, served 03-11 (69 days after calving), pregnant on 04-20, calved 285 days later on 12-21
  // (calving interval 354).
  cow(1, {
    birthDate: '2023-01-01',
    entryDate: '2023-01-01',
    parityAtEntry: 0,
    events: [
      calving('2025-01-01'),
      heat('2025-03-10'),
      service('2025-03-11'),
      check('2025-04-20', 'pregnant'),
      calving('2025-12-21'),
    ],
  }),
  // Cow 2, bought calved: calving 02-01, cycles C1 04-02, C2 04-23, C3 05-14, C4 06-04. C1 no heat; C2 served
  // 04-25 (83 days), open on 05-30; C3 nothing; C4 served 06-10 (129 days open), pregnant on 07-20.
  cow(2, {
    entryDate: '2024-01-01',
    events: [
      calving('2025-02-01'),
      service('2025-04-25'),
      check('2025-05-30', 'unpregnant'),
      service('2025-06-10'),
      check('2025-07-20', 'pregnant'),
    ],
  }),
  // Cow 3: calving 01-15, C1 03-16, C2 04-06, …, C6 06-29, C7 07-20. Heat in C1 not served; served 04-10 in C2
  // (85 days), pregnant 05-20, aborted 07-01; open again from C7 (C3..C6 began while she was pregnant); served
  // 08-01 in C7 (198 days open), pregnant 09-10.
  cow(3, {
    parityAtEntry: 2,
    events: [
      calving('2025-01-15'),
      heat('2025-03-20'),
      service('2025-04-10'),
      check('2025-05-20', 'pregnant'),
      abortion('2025-07-01'),
      service('2025-08-01'),
      check('2025-09-10', 'pregnant'),
    ],
  }),
  // Cow 4: calving 03-01, C1 04-30..05-20 no heat, C2 05-21..06-10 served 05-25 (85 days) and culled on 06-05
  // before any check: C2 counts for heat detection (she was served) but not for pregnancy (no outcome).
  cow(4, {
    entryDate: '2024-06-01',
    exitDate: '2025-06-05',
    exitReason: 'culled',
    status: 'culled',
    events: [calving('2025-03-01'), service('2025-05-25')],
  }),
  // Cow 5, a heifer: served 02-10 (open 03-22), again 03-25 (pregnant 05-04), calves 2026-01-04. No calving in
  // 2025, so she is in no cycle, days-to-service, days-open or culling figure; her services count.
  cow(5, {
    birthDate: '2023-06-01',
    entryDate: '2023-06-01',
    parityAtEntry: 0,
    events: [
      service('2025-02-10'),
      check('2025-03-22', 'unpregnant'),
      service('2025-03-25'),
      check('2025-05-04', 'pregnant'),
      calving('2026-01-04'),
    ],
  }),
  // A bull leaving in 2025: males are in no figure.
  cow(6, { sex: 'male', exitDate: '2025-04-01', exitReason: 'sold', parityAtEntry: 0 }),
  // Cow 7, another cow type: calved 2024-08-01, served by the bull on 2024-11-20 (no check: the calving 285
  // days later on 2025-09-01 shows the pregnancy; interval 396). After it C1 10-31, C2 11-21, C3 12-12 (ends
  // 2026-01-01, before today) with no heat at all.
  cow(7, {
    cowTypeId: 2,
    parityAtEntry: 3,
    events: [
      calving('2024-08-01'),
      { kind: 'service', date: '2024-11-20', method: 'natural' },
      calving('2025-09-01'),
    ],
  }),
];

const YEAR_2025 = { from: '2025-01-01', to: '2025-12-31' };
const TODAY = { today: '2026-03-01' };

describe('reproduction KPIs of herd A over 2025', () => {
  const kpis = reproductionKpis(HERD_A, YEAR_2025, TODAY);

  it('heat detection rate: cycles with a heat or service over eligible cycles', () => {
    // Eligible cycles: cow 1 C1; cow 2 C1-C4; cow 3 C1, C2, C7; cow 4 C1, C2; cow 7 C1-C3 = 13.
    // Seen: cow 1 C1; cow 2 C2, C4; cow 3 C1, C2, C7; cow 4 C2 = 7.
    expect(kpis.heatDetectionRate).toEqual({
      value: 7 / 13,
      numerator: 7,
      denominator: 13,
      numeratorCowIds: [1, 2, 3, 4],
      denominatorCowIds: [1, 2, 3, 4, 7],
    });
  });

  it('21-day pregnancy rate: cycles that became pregnancies over eligible cycles with a known outcome', () => {
    // The 13 cycles less cow 4 C2 (her service was never judged) = 12; pregnant: cow 1 C1, cow 2 C4,
    // cow 3 C2 and C7 = 4.
    expect(kpis.pregnancyRate).toMatchObject({ value: 4 / 12, numerator: 4, denominator: 12 });
    expect(kpis.pregnancyRate.numeratorCowIds).toEqual([1, 2, 3]);
  });

  it('conception rate over every judged service; the unchecked service of the culled cow is not open', () => {
    // Judged services: cow 1 (P), cow 2 (O, P), cow 3 (P lost, P), cow 5 (O, P) = 7, 5 pregnant.
    expect(kpis.conceptionRate).toMatchObject({ value: 5 / 7, numerator: 5, denominator: 7 });
    expect(kpis.conceptionRate.denominatorCowIds).toEqual([1, 2, 3, 5]);
  });

  it('first-service conception rate, heifers first services included', () => {
    // First services: cow 1 P, cow 2 O, cow 3 P, cow 5 O (cow 4 pending) = 2 of 4.
    expect(kpis.firstServiceConceptionRate).toMatchObject({ value: 0.5, numerator: 2, denominator: 4 });
  });

  it('services per conception: judged services over pregnancies', () => {
    expect(kpis.servicesPerConception).toMatchObject({ value: 7 / 5, numerator: 7, denominator: 5 });
  });

  it('days to first service after calving, the culled cow included', () => {
    // 69 + 83 + 85 + 85 = 322 over 4.
    expect(kpis.daysToFirstService).toMatchObject({ value: 80.5, numerator: 322, denominator: 4 });
    expect(kpis.daysToFirstService.numeratorCowIds).toEqual([1, 2, 3, 4]);
  });

  it('days open: calving to the service of a pregnancy kept (cow 3 counts from her second service)', () => {
    // 69 + 129 + 198 = 396 over 3.
    expect(kpis.daysOpen).toMatchObject({ value: 132, numerator: 396, denominator: 3 });
  });

  it('calving interval: calvings in the period after an earlier recorded one', () => {
    // Cow 1 354, cow 7 396.
    expect(kpis.calvingInterval).toMatchObject({ value: 375, numerator: 750, denominator: 2 });
  });

  it('age at first calving: heifers calving in the period', () => {
    expect(kpis.ageAtFirstCalving).toMatchObject({ value: 731, numerator: 731, denominator: 1 });
    expect(kpis.ageAtFirstCalving.numeratorCowIds).toEqual([1]);
  });

  it('abortion rate: lost pregnancies among those first seen in the period', () => {
    // Pregnancies seen: cow 1, cow 2, cow 3 twice, cow 5, cow 7 (by her calving) = 6; cow 3's first was lost.
    expect(kpis.abortionRate).toMatchObject({
      value: 1 / 6,
      numerator: 1,
      denominator: 6,
      numeratorCowIds: [3],
    });
  });

  it('culling rate: cows that left per cow-year in the herd, counted up to their exit day', () => {
    // Cows 1, 2, 3, 7 all year (4 x 365) + cow 4 from 01-01 to 06-04 (155) = 1615 cow-days = 1615/365 cows.
    expect(kpis.cullingRate).toMatchObject({ numerator: 1, denominator: 1615 / 365, numeratorCowIds: [4] });
    expect(kpis.cullingRate.value).toBeCloseTo(365 / 1615, 12);
    expect(kpis.cullingRate.denominatorCowIds).toEqual([1, 2, 3, 4, 7]);
  });
});

describe('reproduction KPIs: filters, boundaries and empty answers', () => {
  it('filters to one cow type', () => {
    const kpis = reproductionKpis(HERD_A, YEAR_2025, { ...TODAY, cowTypeId: 2 });
    expect(kpis.heatDetectionRate).toMatchObject({ value: 0, numerator: 0, denominator: 3 });
    expect(kpis.calvingInterval).toMatchObject({ value: 396, denominator: 1 });
    expect(kpis.cullingRate).toMatchObject({ value: 0, denominator: 1 });
    expect(kpis.conceptionRate.value).toBeNull();
  });

  it('gives null, never a division by zero, when nothing is eligible', () => {
    const kpis = reproductionKpis([], YEAR_2025, TODAY);
    for (const kpi of Object.values(kpis)) {
      expect(kpi).toEqual({
        value: null,
        numerator: 0,
        denominator: 0,
        numeratorCowIds: [],
        denominatorCowIds: [],
      });
    }
  });

  it('counts services on both ends of the period and none outside', () => {
    // 04-10 cow 3 pregnant, 04-25 cow 2 open.
    const kpis = reproductionKpis(HERD_A, { from: '2025-04-10', to: '2025-04-25' }, TODAY);
    expect(kpis.conceptionRate).toMatchObject({ numerator: 1, denominator: 2 });
    const dayAfter = reproductionKpis(HERD_A, { from: '2025-04-26', to: '2025-05-24' }, TODAY);
    expect(dayAfter.conceptionRate.value).toBeNull();
  });

  it('a period holding only an unchecked service has no conception rate yet', () => {
    const kpis = reproductionKpis(HERD_A, { from: '2025-05-25', to: '2025-05-25' }, TODAY);
    expect(kpis.conceptionRate.value).toBeNull();
    expect(kpis.daysToFirstService).toMatchObject({ value: 85, numeratorCowIds: [4] });
  });

  it('does not judge a 21-day cycle that has not ended by today', () => {
    // On 2025-12-31 cow 7's C3 (12-12..2026-01-01) is still running.
    const kpis = reproductionKpis(HERD_A, YEAR_2025, { today: '2025-12-31', cowTypeId: 2 });
    expect(kpis.heatDetectionRate.denominator).toBe(2);
  });

  it('drops a cow that leaves during a cycle she was not served in, and every cycle after', () => {
    const unserved = cow(4, {
      entryDate: '2024-06-01',
      exitDate: '2025-06-05',
      events: [calving('2025-03-01')],
    });
    // C1 04-30..05-20 counts; she leaves on 06-05 inside C2 (05-21..06-10) without a service.
    const kpis = reproductionKpis([unserved], YEAR_2025, TODAY);
    expect(kpis.heatDetectionRate).toMatchObject({ numerator: 0, denominator: 1 });
    // June: in the herd 06-01..06-04 only, 4 cow-days = 4/365 cow-years: an annual pace of 91 exits a cow.
    expect(
      reproductionKpis([unserved], { from: '2025-06-01', to: '2025-06-30' }, TODAY).cullingRate,
    ).toMatchObject({
      numerator: 1,
      denominator: 4 / 365,
    });
  });

  it('a calving confirms the service 285 days before it even without a check', () => {
    const herd = [cow(8, { events: [calving('2024-01-01'), service('2024-05-20'), calving('2025-03-01')] })];
    const kpis = reproductionKpis(herd, { from: '2024-05-01', to: '2024-05-31' }, TODAY);
    expect(kpis.conceptionRate).toMatchObject({ value: 1, denominator: 1 });
  });

  it('an abortion recorded as a check result is a lost pregnancy too', () => {
    const herd = [
      cow(9, { events: [calving('2025-01-01'), service('2025-03-10'), check('2025-04-20', 'abort')] }),
    ];
    const kpis = reproductionKpis(herd, YEAR_2025, TODAY);
    expect(kpis.abortionRate).toMatchObject({ value: 1, numerator: 1, denominator: 1 });
    expect(kpis.conceptionRate.value).toBe(1);
    expect(kpis.daysOpen.value).toBeNull();
  });

  it('puts heifers in the cycle KPIs from a breeding age when one is given', () => {
    // Cow 5 born 2023-06-01 + 600 days = 2025-01-21: C1 01-21..02-10 served 02-10 (open), C2 02-11, C3 03-04
    // nothing, C4 03-25..04-14 served 03-25 (pregnant); then pregnant.
    const heifer = HERD_A.filter((each) => each.id === 5);
    const kpis = reproductionKpis(heifer, YEAR_2025, { ...TODAY, heiferBreedingAgeDays: 600 });
    expect(kpis.heatDetectionRate).toMatchObject({ numerator: 2, denominator: 4 });
    expect(kpis.pregnancyRate).toMatchObject({ numerator: 1, denominator: 4 });
    expect(reproductionKpis(heifer, YEAR_2025, TODAY).heatDetectionRate.value).toBeNull();
  });
});

describe('monthly KPIs', () => {
  it('cuts a range into calendar months', () => {
    expect(monthlyPeriods({ from: '2024-12-15', to: '2025-02-10' })).toEqual([
      { month: '2024-12', from: '2024-12-15', to: '2024-12-31' },
      { month: '2025-01', from: '2025-01-01', to: '2025-01-31' },
      { month: '2025-02', from: '2025-02-01', to: '2025-02-10' },
    ]);
    expect(monthlyPeriods({ from: '2025-03-01', to: '2025-02-01' })).toEqual([]);
  });

  it('reports the period and its months as the two calls give them apart', () => {
    const report = reproductionKpiReport(HERD_A, YEAR_2025, TODAY);
    expect(report.kpis).toEqual(reproductionKpis(HERD_A, YEAR_2025, TODAY));
    expect(report.months).toEqual(monthlyReproductionKpis(HERD_A, YEAR_2025, TODAY));
    expect(report.months).toHaveLength(12);
  });

  it('computes each month on its own', () => {
    const months = monthlyReproductionKpis(HERD_A, { from: '2025-02-01', to: '2025-03-31' }, TODAY);
    // February: cow 5's open service. March: cow 1 and cow 5, both pregnant.
    expect(
      months.map(({ month, kpis }) => [
        month,
        kpis.conceptionRate.numerator,
        kpis.conceptionRate.denominator,
      ]),
    ).toEqual([
      ['2025-02', 0, 1],
      ['2025-03', 2, 2],
    ]);
  });
});

// Herd B, the morning of 2025-06-01 (ultrasonic check 40 days after service, 285-day gestation).
const HERD_B: HerdCow[] = [
  // Served 04-25 with no check date recorded: 04-25 + 40 = 06-04, this week.
  cow(11, { events: [service('2025-04-25')] }),
  // Check set by hand to 05-28 and not done: overdue.
  cow(12, { events: [service('2025-04-15', '2025-05-28')] }),
  // Check 06-09: next week.
  cow(13, { events: [service('2025-04-30')] }),
  // Pregnant from 2024-09-01: calving expected 2025-06-13, in 12 days.
  cow(14, { events: [service('2024-09-01'), check('2024-10-10', 'pregnant')] }),
  // Calved 03-01 (92 days ago) and no heat since: past the 60-day waiting period.
  cow(15, { events: [service('2024-05-20'), check('2024-07-01', 'pregnant'), calving('2025-03-01')] }),
  // Calved 03-01 but a heat on 04-20.
  cow(16, { events: [calving('2025-03-01'), heat('2025-04-20')] }),
  // Calved 01-10 and served four times without a pregnancy; the last is awaiting its check on 07-01.
  cow(17, {
    events: [
      calving('2025-01-10'),
      service('2025-03-20'),
      service('2025-04-10'),
      service('2025-05-01'),
      service('2025-05-22'),
    ],
  }),
  // Like cow 17 but culled on 05-30: on no list.
  cow(18, {
    exitDate: '2025-05-30',
    exitReason: 'culled',
    events: [calving('2025-01-10'), service('2025-03-20'), service('2025-04-10'), service('2025-05-01')],
  }),
  // Pregnant, then aborted: not due to calve.
  cow(19, { events: [service('2024-09-05'), check('2024-10-15', 'pregnant'), abortion('2025-01-10')] }),
  // A check recorded after this morning is not known yet: her service still awaits it.
  cow(20, { events: [service('2025-04-22'), check('2025-06-02', 'pregnant')] }),
];
const MORNING = { today: '2025-06-01' };

describe('morning action lists', () => {
  it('pregnancy checks due this week, the overdue first', () => {
    expect(pregnancyChecksDue(HERD_B, MORNING)).toEqual([
      { cowId: 12, serviceDate: '2025-04-15', checkDate: '2025-05-28', overdue: true },
      { cowId: 20, serviceDate: '2025-04-22', checkDate: '2025-06-01', overdue: false },
      { cowId: 11, serviceDate: '2025-04-25', checkDate: '2025-06-04', overdue: false },
    ]);
  });

  it("uses the farm's days for its check method", () => {
    const checks = pregnancyChecksDue(HERD_B, { ...MORNING, checkMethod: 'hormone' });
    // Hormone 51 days: cow 11 06-15, cow 13 06-20, cow 20 06-12 leave the week; cow 12's own date stays.
    expect(checks.map((each) => each.cowId)).toEqual([12]);
  });

  it('cows due to calve within 30 days', () => {
    expect(cowsDueToCalve(HERD_B, MORNING)).toEqual([
      { cowId: 14, serviceDate: '2024-09-01', expectedCalvingDate: '2025-06-13', daysToCalving: 12 },
    ]);
    expect(cowsDueToCalve(HERD_B, { ...MORNING, calvingWithinDays: 7 })).toEqual([]);
    // Overdue by 12 days on 2025-06-25, still listed; the list lets her go 30 days past.
    expect(cowsDueToCalve(HERD_B, { today: '2025-06-25' })[0]?.daysToCalving).toBe(-12);
    expect(cowsDueToCalve(HERD_B, { today: '2025-07-14' })).toEqual([]);
  });

  it('cows open past the waiting period with no heat since calving', () => {
    expect(openPastWaitingWithoutHeat(HERD_B, MORNING)).toEqual([
      { cowId: 15, calvingDate: '2025-03-01', daysSinceCalving: 92 },
    ]);
    expect(openPastWaitingWithoutHeat(HERD_B, { ...MORNING, voluntaryWaitingDays: 93 })).toEqual([]);
  });

  it('cows served three or more times without a pregnancy', () => {
    expect(repeatedServices(HERD_B, MORNING)).toEqual([
      { cowId: 17, services: 4, lastServiceDate: '2025-05-22' },
    ]);
    // On 2025-05-15 cow 17 had three services and cow 18 was still in the herd with three.
    expect(repeatedServices(HERD_B, { today: '2025-05-15' }).map((each) => each.cowId)).toEqual([17, 18]);
  });
});
