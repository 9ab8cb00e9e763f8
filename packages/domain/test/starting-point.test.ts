import { describe, expect, it } from 'vitest';
import { isEarlyDiagnosis } from '../src/reproduction-dates';
import { startingDates, startingParity, startingPointProblems } from '../src/starting-point';

const TODAY = '2025-06-30';

describe('where a cow stands when she joins the farm', () => {
  it('accepts each status with the days it needs', () => {
    expect(startingPointProblems({ status: 'waitingForSettings' }, TODAY)).toEqual([]);
    expect(startingPointProblems({ status: 'lactation', lastCalving: '2025-06-01' }, TODAY)).toEqual([]);
    expect(
      startingPointProblems(
        {
          status: 'pregnancy',
          birthday: '2021-01-01',
          lastCalving: '2024-09-01',
          lastInsemination: '2024-12-01',
          inseminationMethod: 'natural',
          pregnancyCheck: '2025-01-15',
        },
        TODAY,
      ),
    ).toEqual([]);
  });

  it('names the field and the rule of each problem', () => {
    expect(startingPointProblems({ status: 'pregnancy' }, TODAY)).toEqual([
      { field: 'lastInsemination', rule: 'required' },
      { field: 'pregnancyCheck', rule: 'required' },
    ]);
    expect(
      startingPointProblems({ status: 'lactation', lastCalving: '2025-07-01', parity: 0 }, TODAY),
    ).toEqual([
      { field: 'lastCalving', rule: 'future' },
      { field: 'parity', rule: 'parityAfterCalving' },
    ]);
    expect(startingPointProblems({ status: 'estrusDetection', pregnancyCheck: '2025-01-01' }, TODAY)).toEqual(
      [{ field: 'pregnancyCheck', rule: 'notForStatus' }],
    );
    expect(
      startingPointProblems(
        { status: 'pregnancyConfirm', birthday: '2024-01-01', lastInsemination: '2023-12-01' },
        TODAY,
      ),
    ).toEqual([
      { field: 'lastInsemination', rule: 'beforeBirthday' },
      { field: 'inseminationMethod', rule: 'required' },
    ]);
    expect(
      startingPointProblems(
        {
          status: 'pregnancy',
          lastCalving: '2025-03-01',
          lastInsemination: '2025-02-01',
          inseminationMethod: 'natural',
          pregnancyCheck: '2025-02-30',
        },
        TODAY,
      ),
    ).toEqual([
      { field: 'lastInsemination', rule: 'beforeCalving' },
      { field: 'pregnancyCheck', rule: 'notRealDate' },
    ]);
  });

  it('counts a cow that calved as parity 1 unless told, and computes the dates her records give', () => {
    expect(startingParity({ lastCalving: '2025-01-01' })).toBe(1);
    expect(startingParity({ parity: 3, lastCalving: '2025-01-01' })).toBe(3);
    expect(startingParity({})).toBe(0);
    expect(
      startingDates({
        status: 'pregnancy',
        lastInsemination: '2024-05-01',
        inseminationMethod: 'artificialInsemination',
        pregnancyCheck: '2024-06-10',
      }),
    ).toEqual({ expectedCalving: '2025-02-11' });
    expect(startingDates({ status: 'lactation', lastCalving: '2024-08-01' })).toEqual({
      expectedEstrus: '2024-09-30',
    });
    expect(
      startingDates({
        status: 'pregnancyConfirm',
        lastInsemination: '2024-05-01',
        inseminationMethod: 'natural',
      }),
    ).toEqual({ pregnancyCheck: '2024-06-10' });
  });

  it('calls a diagnosis before day 28 after the insemination early', () => {
    expect(isEarlyDiagnosis('2025-05-01', '2025-05-28')).toBe(true);
    expect(isEarlyDiagnosis('2025-05-01', '2025-05-29')).toBe(false);
    expect(isEarlyDiagnosis('2025-05-01', '2025-04-30')).toBe(false);
  });
});
