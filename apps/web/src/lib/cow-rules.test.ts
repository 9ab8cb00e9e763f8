import { describe, expect, it } from 'vitest';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import { makeCow } from '../test/cows';
import {
  checkCowEdit,
  checkNewCow,
  cowEditTextOf,
  herdIndexOf,
  NEW_COW_STATUS_VALUES,
  newCowStatusOf,
} from './cow-rules';

const empty = herdIndexOf([]);
const blank = { code: '', sensor: '', birthday: '', parity: '', status: '' };

describe('new cow rules (the server’s, checked in the browser)', () => {
  it('uses the domain’s stored values for the new-cow statuses', () => {
    expect(NEW_COW_STATUS_VALUES).toEqual(
      [
        'waitingForSettings',
        'estrusDetection',
        'pregnancyConfirm',
        'pregnancy',
        'lactation',
        'fattening',
      ].map((status) => storedStatusValue(status as Parameters<typeof storedStatusValue>[0])),
    );
    expect(newCowStatusOf('')).toBe('waitingForSettings');
    expect(newCowStatusOf('발정감지')).toBe('estrusDetection');
    expect(newCowStatusOf('EstrusDetection')).toBe('estrusDetection');
    expect(newCowStatusOf('임신')).toBe('pregnancy');
    expect(newCowStatusOf('Lactating')).toBe('lactation');
    expect(newCowStatusOf('도태')).toBeUndefined();
    expect(newCowStatusOf('culled')).toBeUndefined();
  });

  it('accepts a code of C and digits only, and checks the farm’s codes including culled cows', () => {
    const herd = herdIndexOf([makeCow({ code: 'C5', status: '도태', sensor: 40005 })]);
    expect(checkNewCow({ ...blank, code: 'C5' }, herd, '2025-01-01').problems[0]?.key).toBe(
      'herd.rules.codeTaken',
    );
    expect(checkNewCow({ ...blank, code: 'c6' }, herd, '2025-01-01').problems[0]?.key).toBe(
      'herd.rules.codePattern',
    );
    expect(checkNewCow({ ...blank, code: 'C1234567890123' }, herd, '2025-01-01').problems[0]?.key).toBe(
      'herd.rules.codePattern',
    );
    // A culled cow's sensor is free again.
    expect(checkNewCow({ ...blank, code: 'C6', sensor: '40005' }, herd, '2025-01-01').body).toEqual({
      code: 'C6',
      sensor: 40005,
      status: '설정대기',
    });
  });

  it('refuses a birthday after today and a day that does not exist; today is fine', () => {
    const check = (birthday: string) => checkNewCow({ ...blank, code: 'C1', birthday }, empty, '2025-06-01');
    expect(check('2025-06-02').problems[0]?.key).toBe('herd.rules.birthdayFuture');
    expect(check('2025-02-29').problems[0]?.key).toBe('herd.rules.birthdayDate');
    expect(check('2025-06-01').problems).toEqual([]);
  });

  it('wants parity as a whole number from 0 and a sensor id in range', () => {
    expect(checkNewCow({ ...blank, code: 'C1', parity: '1.5' }, empty, '2025-01-01').problems[0]?.field).toBe(
      'parity',
    );
    expect(checkNewCow({ ...blank, code: 'C1', parity: '31' }, empty, '2025-01-01').problems[0]?.field).toBe(
      'parity',
    );
    expect(checkNewCow({ ...blank, code: 'C1', sensor: '0' }, empty, '2025-01-01').problems[0]?.field).toBe(
      'sensor',
    );
    expect(
      checkNewCow({ ...blank, code: 'C1', sensor: '100000000' }, empty, '2025-01-01').problems[0]?.field,
    ).toBe('sensor');
  });
});

describe('cow edit rules', () => {
  const cow = makeCow({ id: 1, code: 'C1', sensor: 40001, parity: 2, tempadd: null, sireCode: null });
  const herd = [cow, makeCow({ id: 2, code: 'C2', sensor: 40002 })];

  it('lets her keep her own code and sensor, and sends nothing when nothing changed', () => {
    expect(checkCowEdit(cowEditTextOf(cow), cow, herd, '2025-06-01')).toEqual({ body: {}, problems: [] });
  });

  it('sends only what changed: a cleared sensor and offset as null, a decimal comma as a point', () => {
    const text = {
      ...cowEditTextOf(cow),
      sensor: '',
      sireCode: ' KPN1 ',
      tempadd: '-0,25',
      sex: 'male' as const,
    };
    expect(checkCowEdit(text, cow, herd, '2025-06-01').body).toEqual({
      sensor: null,
      sex: 'male',
      sireCode: 'KPN1',
      tempadd: -0.25,
    });
  });

  it("refuses another cow's code or sensor, an offset out of range or too fine, and an empty parity", () => {
    const problems = (edit: Partial<ReturnType<typeof cowEditTextOf>>) =>
      checkCowEdit({ ...cowEditTextOf(cow), ...edit }, cow, herd, '2025-06-01').problems.map(
        (problem) => `${problem.field}: ${problem.key}`,
      );
    expect(problems({ code: 'C2', sensor: '40002' })).toEqual([
      'code: herd.rules.codeTaken',
      'sensor: herd.rules.sensorTaken',
    ]);
    expect(problems({ tempadd: '2.5' })).toEqual(['tempadd: herd.rules.tempadd']);
    expect(problems({ tempadd: '0.125' })).toEqual(['tempadd: herd.rules.tempadd']);
    expect(problems({ parity: ' ' })).toEqual(['parity: validation.required']);
  });
});
