// The dashboard's reproduction KPIs for a big herd (issue 40): the period's figures and the 13 months of
// its trend, as `GET kpis/reproduction` computes them once the records are read. Herds of 1,000 and 10,000
// cows with four years of records each; the ratio of the two says whether the cost grows with the herd only.
// Run: npx tsx bench/reproduction-kpis/run.ts
import { addDays } from '@cowcare/domain/calendar-date';
import type { HerdCow, ReproductionEvent } from '@cowcare/domain/reproduction-herd';
import { monthlyReproductionKpis, reproductionKpis } from '@cowcare/domain/reproduction-kpis';

const TODAY = '2026-11-29';
const PERIOD = { from: '2025-11-01', to: TODAY };
const RUNS = 5;

/** A cow calving about every 13 months for four years: a heat, a service, a check; one in three is open once. */
function herd(size: number): HerdCow[] {
  return Array.from({ length: size }, (_, index) => {
    const events: ReproductionEvent[] = [];
    for (let day = addDays(TODAY, -1400 + (index % 300)); day < TODAY;) {
      events.push({ kind: 'calving', date: day });
      const service = addDays(day, 70 + (index % 20));
      const open = index % 3 === 0;
      events.push({ kind: 'heat', date: addDays(service, -1), source: 'detected' });
      events.push({ kind: 'service', date: service, method: 'artificialInsemination' });
      events.push({
        kind: 'pregnancyCheck',
        date: addDays(service, 40),
        result: open ? 'unpregnant' : 'pregnant',
      });
      if (open) {
        events.push({ kind: 'service', date: addDays(service, 21), method: 'artificialInsemination' });
        events.push({ kind: 'pregnancyCheck', date: addDays(service, 61), result: 'pregnant' });
      }
      day = addDays(service, open ? 306 : 285);
    }
    return {
      id: index + 1,
      birthDate: '2020-01-01',
      sex: 'female',
      cowTypeId: null,
      entryDate: '2020-01-01',
      exitDate: null,
      exitReason: null,
      status: 'pregnancy',
      events,
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function measure(size: number) {
  const cows = herd(size);
  const timed = (work: () => unknown) =>
    median(
      Array.from({ length: RUNS }, () => {
        const start = performance.now();
        work();
        return performance.now() - start;
      }),
    );
  reproductionKpis(cows, PERIOD, { today: TODAY }); // warm up
  return {
    size,
    events: cows.reduce((sum, cow) => sum + cow.events.length, 0),
    periodMs: timed(() => reproductionKpis(cows, PERIOD, { today: TODAY })),
    monthsMs: timed(() => monthlyReproductionKpis(cows, PERIOD, { today: TODAY })),
  };
}

const small = measure(1_000);
const large = measure(10_000);
console.log('| cows | events | the period | its 13 months |');
console.log('| --- | --- | --- | --- |');
for (const row of [small, large]) {
  console.log(
    `| ${row.size} | ${row.events} | ${row.periodMs.toFixed(0)} ms | ${row.monthsMs.toFixed(0)} ms |`,
  );
}
console.log(
  `10,000 / 1,000 cows: ${(large.periodMs / small.periodMs).toFixed(1)}x (period), ` +
    `${(large.monthsMs / small.monthsMs).toFixed(1)}x (months)`,
);
