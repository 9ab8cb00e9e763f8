import { describe, expect, it } from 'vitest';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import { makeCow } from '../../../test/cows';
import {
  checkCowEdit,
  checkNewCow,
  cowEditTextOf,
  herdIndexOf,
  NEW_COW_STATUS_VALUES,
  newCowStatusOf,
} from '../../../lib/cow-rules';
import { unassignedSensors } from './unassigned-sensors';
import { makeNotice } from '../../../test/notices';
import { checkCsv, parseCsv } from '../../../lib/csv-import';
import { parseDictionaryName, toDictionaries, labelOf } from '../../../lib/dictionary';
import { toMinorUnits } from './money-input';
import { appraisalDate, scheduledServiceDate } from './record-dates';
import { parseSensorEntry } from './setup-sensors';
import { problemFromServer } from '../../../lib/server-cow-errors';
import { ApiError } from '../../../lib/api-client';

const empty = herdIndexOf([]);
const blank = { code: '', sensor: '', birthday: '', parity: '', status: '' };

describe('new cow rules (the server’s, checked in the browser)', () => {
  it('uses the domain’s stored values for the new-cow statuses', () => {
    expect(NEW_COW_STATUS_VALUES).toEqual([
      storedStatusValue('waitingForSettings'),
      storedStatusValue('estrusDetection'),
    ]);
    expect(newCowStatusOf('')).toBe('설정대기');
    expect(newCowStatusOf('발정감지')).toBe('발정탐지');
    expect(newCowStatusOf('EstrusDetection')).toBe('발정탐지');
    expect(newCowStatusOf('임신')).toBeUndefined();
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

describe('CSV', () => {
  it('reads quoted fields, CRLF, a byte-order mark and blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\nlast,\n"two\nlines",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['last', ''] },
      { line: 6, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('names the line of a quote that is never closed, and the true line of each row', () => {
    const header = 'code,sensor,birthday,parity,status';
    expect(
      checkCsv(
        `${header}\nC1,,2024-01-01,0,\n\n"C2,,2024-01-01,0,\nC3,,2024-01-01,0,\n`,
        empty,
        '2025-01-01',
      ),
    ).toEqual({
      ok: false,
      fileProblem: 'herd.csv.unclosedQuote',
      values: { line: 4 },
    });
    const check = checkCsv(`${header}\n\nC1,,2024-01-01,0,\nC2,2\n`, empty, '2025-01-01');
    expect(check.ok && check.rows.map((row) => [row.line, row.problems.length > 0])).toEqual([
      [3, false],
      [4, true],
    ]);
  });

  it('refuses a file with a wrong header, no rows or rows of the wrong width', () => {
    expect(checkCsv('', empty, '2025-01-01')).toMatchObject({ ok: false, fileProblem: 'herd.csv.empty' });
    expect(checkCsv('code,sensor,birthday,parity\n', empty, '2025-01-01')).toMatchObject({
      ok: false,
      fileProblem: 'herd.csv.header',
    });
    expect(checkCsv('code,sensor,birthday,parity,status\n', empty, '2025-01-01')).toMatchObject({
      ok: false,
      fileProblem: 'herd.csv.noRows',
    });
    const narrow = checkCsv('CODE,Sensor,birthday,parity,status\nC1,2\n', empty, '2025-01-01');
    expect(narrow).toMatchObject({ ok: true, valid: false });
  });
});

describe('configuration dictionaries', () => {
  it('reads the ch, ko, en labels and the add-days from the comma list', () => {
    expect(parseDictionaryName('人工授精,인공수정,Artificial insemination,1')).toEqual({
      labels: { ch: '人工授精', ko: '인공수정', en: 'Artificial insemination' },
      addDays: 1,
    });
    expect(parseDictionaryName('正常分娩,정상 분만,Normal')).toEqual({
      labels: { ch: '正常分娩', ko: '정상 분만', en: 'Normal' },
      addDays: undefined,
    });
  });

  it('labels in the user’s language: ch, ko and en from the entry, the other six from the bundled labels', () => {
    const { disease } = toDictionaries([
      { id: 1, dbname: 'disease', code: 'foot-and-mouth', name: '口蹄疫,구제역,Foot-and-mouth disease' },
      { id: 2, dbname: 'disease', code: 'added-later', name: '新病,새 질병,New disease' },
    ]);
    const [known, unknown] = disease;
    if (!known || !unknown) throw new Error('no items');
    expect(labelOf(known, 'ch')).toBe('口蹄疫');
    expect(labelOf(known, 'ko')).toBe('구제역');
    expect(labelOf(known, 'en')).toBe('Foot-and-mouth disease');
    expect(labelOf(known, 'ru')).toBe('Ящур');
    expect(labelOf(known, 'vn')).toBe('Lở mồm long móng');
    // An entry added on the server before the app knows it keeps its English label.
    expect(labelOf(unknown, 'ru')).toBe('New disease');
  });
});

describe('automatic record dates', () => {
  const mating = (code: string, addDays: number) => ({
    dictionary: 'mating' as const,
    code,
    labels: { ch: '', ko: '', en: code },
    addDays,
  });
  it('adds the mating method’s days, and the farm’s days for the check method', () => {
    expect(scheduledServiceDate('2025-12-31', mating('artificial-insemination', 1))).toBe('2026-01-01');
    expect(scheduledServiceDate('2025-03-01', mating('embryo-transfer', 7))).toBe('2025-03-08');
    expect(scheduledServiceDate('2025-03-01', mating('unknown-method', 3))).toBe('2025-03-04');
    const days = { ultrasonic: 45, inspection: 60, rectal: 60, hormone: 51, external: 60 };
    expect(appraisalDate('2025-03-02', mating('ultrasonic', 40), days)).toBe('2025-04-16');
    expect(appraisalDate(undefined, mating('ultrasonic', 40), days)).toBeUndefined();
  });
});

describe('small helpers', () => {
  it('turns a typed cost into minor units', () => {
    expect(toMinorUnits(5000, 0)).toBe(5000);
    expect(toMinorUnits('12.5', 2)).toBe(1250);
    expect(toMinorUnits('12,55', 2)).toBe(1255);
    expect(toMinorUnits(1.234, 2)).toBeNull();
    expect(toMinorUnits(-1, 0)).toBeNull();
  });

  it('checks typed sensor ids against the list and the farm', () => {
    const result = parseSensorEntry('40001, 1201 1201\nabc 40111', [40001], new Map([[40111, 'C9']]));
    expect(result.added).toEqual([1201]);
    expect(result.problems.map((problem) => [problem.text, problem.key])).toEqual([
      ['40001', 'herd.rules.sensorRepeated'],
      ['1201', 'herd.rules.sensorRepeated'],
      ['abc', 'herd.rules.sensorNumber'],
      ['40111', 'herd.rules.sensorTaken'],
    ]);
  });

  it('reads which field a server refusal of a new cow is about', () => {
    expect(
      problemFromServer(new ApiError(409, 'E_CONFLICT', 'This cow code is already in the farm')),
    ).toMatchObject({
      field: 'code',
    });
    expect(
      problemFromServer(new ApiError(409, 'E_CONFLICT', 'Sensor 5 is already worn by cow C3')),
    ).toMatchObject({
      field: 'sensor',
      values: { code: 'C3' },
    });
    expect(
      problemFromServer(new ApiError(400, 'E_VALIDATION', 'birthday must not be in the future')),
    ).toMatchObject({
      field: 'birthday',
      key: 'herd.rules.birthdayFuture',
    });
    expect(problemFromServer(new ApiError(500, 'E_INTERNAL', 'boom'))).toBeNull();
  });
});
