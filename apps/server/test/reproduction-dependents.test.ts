// Issue 40, "every record editable": a change or a deletion of one record moves the automatic dates that
// other records and the cow take from it (architecture §7), as the web's history edit relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import type {
  CalvingRecord,
  FertilizationRecord,
  PregnancyRecord,
} from '@cowcare/contract/routes/reproduction';
import { createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { cowDates, insertCow, nextCode, ok } from './reproduction-fixtures';

let testApp: TestApp;
let farmer: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

type WithCow<R> = { record: R; cow: Cow };
type Deleted = { id: number; cow: Cow };
const send = <T>(route: Parameters<typeof ok>[1], params: Record<string, number>, body?: unknown) =>
  ok<T>(testApp, route, { token: farmer.token, params, body });
const newCow = () => insertCow(testApp, farmer, { code: nextCode() });
const historyOf = (cowId: number) => send<CowHistoryItem[]>(api.cows.cowHistory, { id: cowId });

const fertilization = (cowId: number, plannedAt: string) =>
  send<WithCow<FertilizationRecord>>(
    api.reproduction.addFertilization,
    {},
    { cowId, plannedAt, method: 'artificial-insemination' },
  );
const diagnosis = (cowId: number, diagnosedAt: string, result: string) =>
  send<WithCow<PregnancyRecord>>(
    api.reproduction.addPregnancy,
    {},
    { cowId, diagnosisMethod: 'ultrasonic', diagnosedAt, result },
  );

describe('dates that follow another record', () => {
  it('a moved fertilization moves its check, the expected calving of the diagnosis after it, and the cow', async () => {
    const cowId = await newCow();
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const { record: pregnant } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant');
    const { cow } = await send<WithCow<FertilizationRecord>>(
      api.reproduction.updateFertilization,
      { id: record.id },
      { plannedAt: '2026-05-03T10:00:00+09:00' },
    );
    // Service 05-04 (AI + 1): check + 40 ultrasonic days, calving + 285.
    expect(cow).toMatchObject({
      lastFertilization: '2026-05-03',
      pregnancyTest: '2026-06-13',
      expectedDelivery: '2027-02-13',
    });
    const history = await historyOf(cowId);
    expect(history.find((item) => item.kind === 'pregnancy' && item.id === pregnant.id)).toMatchObject({
      expectedCalving: '2027-02-13',
      expectedCalvingAuto: true,
    });
  });

  it('deleting the diagnosis, then the fertilization, clears the expected calving, then the check', async () => {
    const cowId = await newCow();
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const { record: pregnant } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant');
    const first = await send<Deleted>(api.reproduction.deletePregnancy, { id: pregnant.id });
    expect(first.cow).toMatchObject({ expectedDelivery: null, pregnancyTest: '2026-06-11' });
    const { cow } = await send<Deleted>(api.reproduction.deleteFertilization, { id: record.id });
    expect(cow).toMatchObject({ lastFertilization: null, pregnancyTest: null, expectedDelivery: null });
    expect(await cowDates(testApp, cowId)).toMatchObject({ lastFertilization: null, pregnancyTest: null });
  });

  it('a calving moved before the insemination gives the cow her pregnancy check back', async () => {
    const cowId = await newCow();
    const { record } = await send<WithCow<CalvingRecord>>(
      api.reproduction.addCalving,
      {},
      { cowId, calvedAt: '2026-05-02T10:00:00+09:00', method: 'normal', result: 'stillbirth' },
    );
    await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    expect(await cowDates(testApp, cowId)).toMatchObject({ pregnancyTest: null });
    const { cow } = await send<WithCow<CalvingRecord>>(
      api.reproduction.updateCalving,
      { id: record.id },
      { calvedAt: '2026-03-02T10:00:00+09:00' },
    );
    expect(cow).toMatchObject({ recentChildbirth: '2026-03-02', pregnancyTest: '2026-06-11' });
  });

  it('a moved negative diagnosis moves its next heat, shown in the history and on the cow', async () => {
    const cowId = await newCow();
    await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const { record } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'unpregnant');
    const { cow } = await send<WithCow<PregnancyRecord>>(
      api.reproduction.updatePregnancy,
      { id: record.id },
      { diagnosedAt: '2026-06-12T09:00:00+09:00' },
    );
    expect(cow).toMatchObject({ expectedEstrus: '2026-07-03', expectedEstrusAuto: true });
    const history = await historyOf(cowId);
    expect(history.find((item) => item.kind === 'pregnancy')).toMatchObject({
      nextExpectedEstrus: '2026-07-03',
      nextExpectedEstrusAuto: true,
      expectedCalving: null,
    });
  });
});
