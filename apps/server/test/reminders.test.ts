import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/jobs/job-runner';
import { reproductionRemindersJob, runReproductionReminders } from '../src/jobs/reproduction-reminders-job';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { detailsProblems } from './helpers/notice-details';
import { testDatabaseKind } from './helpers/test-database';
import { eventually, recordBus } from './notices-fixtures';

// The injected clock: 2026-05-10 at 03:00 UTC.
const NOW = new Date('2026-05-10T03:00:00Z');
const NEXT_DAY = new Date('2026-05-11T03:00:00Z');

let testApp: TestApp;
let farmer: TestUser;
let farmId: number;
const cows: Record<string, number> = {};

const cow = async (
  code: string,
  status: string,
  dates: Record<string, string>,
  extra: { sex?: 'male'; culled?: boolean } = {},
) => {
  const id = await insertCowRow(testApp, farmer, { code, status, sensorId: null, ...extra });
  for (const [column, value] of Object.entries(dates)) {
    await testApp.db.query(`UPDATE cows SET ${column} = $2 WHERE id = $1`, [id, value]);
  }
  cows[code] = id;
};

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
  await cow('C1', '임신감정', { pregnancy_check_date: '2026-05-10' });
  await cow('C2', '발정탐지', { expected_estrus_date: '2026-05-10' });
  await cow('C3', '임신', { expected_calving_date: '2026-05-17' });
  await cow('C4', '임신', { expected_calving_date: '2026-05-18' });
  await cow('C5', '임신감정', { pregnancy_check_date: '2026-05-11' });
  await cow('C6', '임신감정', { pregnancy_check_date: '2026-05-10' }, { culled: true });
  await cow('C7', '포유', { expected_estrus_date: '2026-05-10' });
  // Pregnant already: her old check date is no reminder; fattening: no heat to expect.
  await cow('C8', '임신', { pregnancy_check_date: '2026-05-10', expected_calving_date: '2026-12-01' });
  await cow('C9', '비육', { expected_estrus_date: '2026-05-10' });
  await cow('C10', '발정탐지', { expected_estrus_date: '2026-05-10' }, { sex: 'male' });
});
afterAll(() => testApp.close());

const summary = (notices: { cowId: number | null; code: number; episodeKey: string; details: unknown }[]) =>
  notices.map(({ cowId, code, episodeKey, details }) => ({ cowId, code, episodeKey, details }));

describe('the daily reproduction reminders', () => {
  it('raises 601, 602 and 603 for the cows due on the injected day, with their dates', async () => {
    const bus = await recordBus(testApp);
    const recorded = await runReproductionReminders(testApp.db, testApp.services.bus, NOW);
    await bus.stop();
    expect(summary(recorded ?? [])).toEqual([
      {
        cowId: cows.C1,
        code: 601,
        episodeKey: `reminder:cow:${cows.C1}:601:2026-05-10`,
        details: { pregnancyCheckDate: '2026-05-10' },
      },
      {
        cowId: cows.C2,
        code: 602,
        episodeKey: `reminder:cow:${cows.C2}:602:2026-05-10`,
        details: { expectedEstrusDate: '2026-05-10' },
      },
      {
        cowId: cows.C3,
        code: 603,
        episodeKey: `reminder:cow:${cows.C3}:603:2026-05-17`,
        details: { expectedCalvingDate: '2026-05-17', daysLeft: 7 },
      },
      {
        cowId: cows.C7,
        code: 602,
        episodeKey: `reminder:cow:${cows.C7}:602:2026-05-10`,
        details: { expectedEstrusDate: '2026-05-10' },
      },
    ]);
    expect(
      recorded?.every((notice) => notice.farmId === farmId && notice.occurredAt === NOW.toISOString()),
    ).toBe(true);
    for (const notice of recorded ?? []) expect(detailsProblems(notice)).toEqual([]);
    const published = bus.events.filter((event) => event.message.type === 'notice');
    expect(published.map((event) => event.farmId)).toEqual([farmId, farmId, farmId, farmId]);
    const [unread] = await testApp.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM cows WHERE farm_id = $1 AND NOT is_read',
      [farmId],
    );
    expect(unread?.count).toBe(4);
  });

  it('adds nothing when it runs again the same day', async () => {
    expect(await runReproductionReminders(testApp.db, testApp.services.bus, NOW)).toEqual([]);
    const [stored] = await testApp.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM notices WHERE farm_id = $1',
      [farmId],
    );
    expect(stored?.count).toBe(4);
  });

  it('the next day brings the next due dates, and one 603 per due date however many days it is near', async () => {
    const recorded = await runReproductionReminders(testApp.db, testApp.services.bus, NEXT_DAY);
    expect(summary(recorded ?? []).map(({ cowId, code }) => ({ cowId, code }))).toEqual([
      { cowId: cows.C4, code: 603 },
      { cowId: cows.C5, code: 601 },
    ]);
  });

  it('are sent as soon as the jobs start, not first a quarter of an hour later', async () => {
    await cow('C11', '임신감정', { pregnancy_check_date: '2026-05-12' });
    const runner = new JobRunner(testApp.services.log);
    runner.start(
      reproductionRemindersJob(testApp.db, testApp.services.bus, () => new Date('2026-05-12T03:00:00Z')),
    );
    const notices = () =>
      testApp.db.query<{ code: number }>('SELECT code FROM notices WHERE cow_id = $1', [cows.C11]);
    try {
      expect(
        await eventually(async () => ((await notices()).length > 0 ? notices() : undefined), 5_000),
      ).toEqual([{ code: 601 }]);
    } finally {
      await runner.stop();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'does nothing while another instance holds the job lock',
    async () => {
      await testApp.db.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(4499, hashtext('reproduction-reminders'))");
        expect(await runReproductionReminders(testApp.db, testApp.services.bus, NOW)).toBeUndefined();
      });
    },
  );
});
