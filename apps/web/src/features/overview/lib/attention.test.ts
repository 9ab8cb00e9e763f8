import { describe, expect, it } from 'vitest';
import { makeCow, withActivity, withFever } from '../../../test/cows';
import { hoursFrom, makeNotice } from '../../../test/notices';
import { cowsNeedingAttention } from './attention';

const NOW = Date.parse('2026-11-26T05:00:00Z');

const notice = (cowid: number | null, noticecode: number, hoursAgo: number) =>
  makeNotice({ cowid, noticecode, sensor: null, time: hoursFrom(NOW, -hoursAgo) });

const listed = (...args: Parameters<typeof cowsNeedingAttention>) =>
  cowsNeedingAttention(...args).map(({ cow, reasons }) => [cow.code, reasons]);

describe('cowsNeedingAttention', () => {
  it("leaves out the healthy cow that the list's own bands call low", () => {
    // Her temperature a little under her average (deviation −0.6: "Low") and her activity under her usual
    // hours (−25 %: "Low").
    const healthy = makeCow({ code: 'C1', ...withFever(-0.6), ...withActivity(-25) });
    const busy = makeCow({ code: 'C2', ...withFever(-0.3), ...withActivity(25) });
    expect(cowsNeedingAttention([healthy, busy], [], NOW)).toEqual([]);
  });

  it('lists a fever now and an offline sensor now', () => {
    const hot = makeCow({ code: 'C1', ...withFever(0.6) });
    const silent = makeCow({ code: 'C2', sensorzt: 0 });
    const noSensor = makeCow({ code: 'C3', sensor: null, sensorzt: 0 });
    expect(listed([silent, hot, noSensor], [], NOW)).toEqual([
      ['C1', ['fever']],
      ['C2', ['offline']],
    ]);
  });

  it("lists a cow for each of the detectors' alerts of the last 24 hours, not older ones", () => {
    const cows = [11, 12, 13, 14, 15, 16, 17, 18, 19].map((id) => makeCow({ id, code: `C${id}` }));
    const notices = [
      notice(11, 101, 2),
      notice(12, 212, 23.9),
      notice(13, 302, 1),
      notice(14, 303, 1),
      notice(15, 402, 1),
      notice(16, 501, 1),
      notice(17, 801, 1),
      notice(18, 203, 30), // a fever of yesterday morning, over since
      notice(19, 702, 1), // sensor back online
      notice(null, 1101, 1), // a platform announcement
    ];
    expect(listed(cows, notices, NOW)).toEqual([
      ['C16', ['calving']],
      ['C12', ['lowTemperature']],
      ['C11', ['heat']],
      ['C13', ['lowActivity']],
      ['C15', ['lowDrinking']],
      ['C14', ['highActivity']],
      ['C17', ['followUp']],
    ]);
  });

  it('gives each reason once, most urgent first, and puts the worse fever first', () => {
    const moderate = makeCow({ id: 21, code: 'C21', ...withFever(1.2) });
    const severe = makeCow({ id: 22, code: 'C22', ...withFever(1.7), sensorzt: 0 });
    const heat = makeCow({ id: 23, code: 'C23' });
    const notices = [notice(21, 201, 3), notice(21, 202, 2), notice(23, 101, 5), notice(23, 102, 1)];
    expect(listed([heat, moderate, severe], notices, NOW)).toEqual([
      ['C22', ['fever', 'offline']],
      ['C21', ['fever']],
      ['C23', ['heat']],
    ]);
  });

  it('leaves out culled cows and alerts of cows no longer in the herd', () => {
    const culled = makeCow({ id: 31, code: 'C31', status: '도태', ...withFever(2) });
    expect(cowsNeedingAttention([culled], [notice(31, 101, 1), notice(99, 203, 1)], NOW)).toEqual([]);
  });
});
