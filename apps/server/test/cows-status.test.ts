import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { LifecycleEvent } from '@cowcare/domain/cow-status';
import { findCowInFarmForUpdate } from '../src/modules/cows/cows-repository';
import { applyLifecycleEvent } from '../src/modules/cows/status-changes';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { addCow, bossGrant, errorMessage, expectRefusal, farmIdOf, insertCowRow } from './cows-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let grant: string;
let strangerGrant: string;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  grant = await bossGrant(testApp, farmer, 'farm boss');
  strangerGrant = await bossGrant(testApp, stranger, 'stranger boss');
});
afterAll(() => testApp.close());

let codeSequence = 7000;
const newCow = async (status = '설정대기', fields: Record<string, unknown> = {}) => {
  codeSequence += 1;
  const id = await insertCowRow(testApp, farmer, { code: `C${codeSequence}`, status, ...fields });
  return { id, code: `C${codeSequence}` };
};

const force = (
  id: number,
  body: Record<string, unknown>,
  options: { user?: TestUser; grant?: string } = {},
) =>
  call(testApp, api.cows.changeCowStatus, {
    token: (options.user ?? farmer).token,
    params: { id },
    body,
    headers: options.grant === '' ? {} : { 'x-boss-grant': options.grant ?? grant },
  });

const statusOf = async (id: number) =>
  (await testApp.db.query<{ status: string }>('SELECT status FROM cows WHERE id = $1', [id]))[0]?.status;

const historyRows = (id: number) =>
  testApp.db.query(
    `SELECT from_status AS "from", to_status AS "to", reason, forced, changed_by_user_id AS "userId",
            changed_by_admin_id AS "adminId"
       FROM cow_status_changes WHERE cow_id = $1 ORDER BY id`,
    [id],
  );

describe('PUT news/news/update/cowstatus/:id needs a boss grant', () => {
  it('refuses without a grant with 403 and changes nothing', async () => {
    const cow = await newCow();
    const response = await force(cow.id, { action: 'convertToFattening' }, { grant: '' });
    expectRefusal(response, 403, 'E_BOSS_GRANT_REQUIRED');
    expect(await statusOf(cow.id)).toBe('설정대기');
    expect(await historyRows(cow.id)).toEqual([]);
  });

  it("refuses another farm's grant and a forged one", async () => {
    const cow = await newCow();
    for (const bad of [strangerGrant, `${grant}x`]) {
      const response = await force(cow.id, { action: 'eliminate' }, { grant: bad });
      expectRefusal(response, 403, 'E_BOSS_GRANT_REQUIRED');
    }
    expect(await statusOf(cow.id)).toBe('설정대기');
  });

  it("answers 404 with no data for another farm's cow, even with that farm's own grant", async () => {
    const cow = await newCow();
    const response = await force(cow.id, { action: 'eliminate' }, { user: stranger, grant: strangerGrant });
    expectRefusal(response, 404, 'E_NOT_FOUND', [cow.code]);
    expect(await statusOf(cow.id)).toBe('설정대기');
  });

  it('answers 401 without a token', async () => {
    const cow = await newCow();
    const response = await call(testApp, api.cows.changeCowStatus, {
      params: { id: cow.id },
      body: { action: 'eliminate' },
      headers: { 'x-boss-grant': grant },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('force-change actions', () => {
  it('converts to fattening (비육) and records who did it', async () => {
    const cow = await newCow('임신');
    const response = await force(cow.id, { action: 'convertToFattening' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Cow }>().data).toMatchObject({ id: cow.id, status: '비육', culledAt: null });
    expect(await historyRows(cow.id)).toEqual([
      {
        from: '임신',
        to: '비육',
        reason: 'convert-to-fattening',
        forced: true,
        userId: farmer.id,
        adminId: null,
      },
    ]);
  });

  it('ends a lactation (포유 -> 발정탐지) and keeps the parity', async () => {
    const cow = await newCow('포유');
    await testApp.db.query('UPDATE cows SET parity = 3 WHERE id = $1', [cow.id]);
    const response = await force(cow.id, { action: 'endLactation' });
    expect(response.json<{ data: Cow }>().data).toMatchObject({ status: '발정탐지', parity: 3 });
    expect(await historyRows(cow.id)).toEqual([
      {
        from: '포유',
        to: '발정탐지',
        reason: 'end-lactation',
        forced: true,
        userId: farmer.id,
        adminId: null,
      },
    ]);
  });

  it('refuses to end a lactation of a cow that is not suckling (409)', async () => {
    const cow = await newCow('임신');
    const response = await force(cow.id, { action: 'endLactation' });
    expect([response.statusCode, errorMessage(response)]).toEqual([
      409,
      'A cow in status 임신 cannot take this change',
    ]);
    expect(await statusOf(cow.id)).toBe('임신');
  });

  it('changes a status by force to any status but 도태', async () => {
    const cow = await newCow('설정대기');
    const response = await force(cow.id, { action: 'forceChange', status: '임신감정' });
    expect(response.json<{ data: Cow }>().data.status).toBe('임신감정');
    const spelled = await force(cow.id, { action: 'forceChange', status: '발정감지' });
    expect(spelled.json<{ data: Cow }>().data.status).toBe('발정탐지');
    expect(await historyRows(cow.id)).toEqual([
      { from: '설정대기', to: '임신감정', reason: 'force', forced: true, userId: farmer.id, adminId: null },
      { from: '임신감정', to: '발정탐지', reason: 'force', forced: true, userId: farmer.id, adminId: null },
    ]);
  });

  it.each([
    [{ action: 'forceChange' }, 'status is required for forceChange'],
    [{ action: 'forceChange', status: '도태' }, 'status: use the eliminate action to cull a cow'],
    [{ action: 'eliminate', status: '비육' }, 'status is only sent with forceChange, not with eliminate'],
  ])('refuses %o with 400', async (body, message) => {
    const cow = await newCow();
    const response = await force(cow.id, body);
    expect(response.json()).toEqual({ success: false, code: 'E_VALIDATION', msg: message });
    expect(await statusOf(cow.id)).toBe('설정대기');
  });

  it.each([
    [{ action: 'sell' }, 'action'],
    [{ action: 'forceChange', status: 'pregnant' }, 'status'],
    [{}, 'action'],
  ])('refuses %o with 400 naming the field', async (body, field) => {
    const cow = await newCow();
    const response = await force(cow.id, body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain(field);
  });

  it('refuses a move to the status the cow is already in (409)', async () => {
    const cow = await newCow('비육');
    const response = await force(cow.id, { action: 'convertToFattening' });
    expect([response.statusCode, errorMessage(response)]).toEqual([409, 'The cow is already in status 비육']);
    expect(await historyRows(cow.id)).toEqual([]);
  });

  it('eliminates: 도태, culled_at set, the sensor free for another cow, and no further change', async () => {
    const cow = await newCow('발정탐지', { sensorId: 40777, sensorOnline: true });
    const response = await force(cow.id, { action: 'eliminate' });
    const culled = response.json<{ data: Cow }>().data;
    expect(culled).toMatchObject({ status: '도태', sensor: 40777 });
    expect(Date.now() - Date.parse(culled.culledAt ?? '')).toBeLessThan(60_000);
    expect(await historyRows(cow.id)).toEqual([
      { from: '발정탐지', to: '도태', reason: 'eliminate', forced: true, userId: farmer.id, adminId: null },
    ]);

    expect((await addCow(testApp, farmer, { code: 'C7999', sensor: 40777 })).sensor).toBe(40777);

    for (const body of [
      { action: 'forceChange', status: '발정탐지' },
      { action: 'convertToFattening' },
      { action: 'eliminate' },
    ]) {
      const refused = await force(cow.id, body);
      expect([refused.statusCode, errorMessage(refused)]).toEqual([
        409,
        'A culled cow takes no further change; customer service can restore it',
      ]);
    }
    expect(await statusOf(cow.id)).toBe('도태');
    expect(await historyRows(cow.id)).toHaveLength(1);
  });
});

describe('the record-driven lifecycle (architecture §7) through applyLifecycleEvent', () => {
  const apply = async (cowId: number, event: LifecycleEvent) => {
    const farmId = await farmIdOf(testApp, farmer);
    return testApp.db.transaction(async (tx) => {
      const cow = await findCowInFarmForUpdate(tx, farmId, cowId);
      if (!cow) throw new Error('test cow missing');
      return applyLifecycleEvent(tx, cow, event, { userId: farmer.id });
    });
  };
  const parityOf = async (id: number) =>
    (await testApp.db.query<{ parity: number }>('SELECT parity FROM cows WHERE id = $1', [id]))[0]?.parity;

  it('walks fertilization -> pregnant -> calving -> end of lactation, parity +1 at the calving only', async () => {
    const cow = await newCow('발정탐지');
    expect(await apply(cow.id, { kind: 'fertilization' })).toBe('임신감정');
    expect(await apply(cow.id, { kind: 'pregnancyResult', result: 'pregnant' })).toBe('임신');
    expect(await parityOf(cow.id)).toBe(0);
    expect(await apply(cow.id, { kind: 'calving' })).toBe('포유');
    expect(await parityOf(cow.id)).toBe(1);
    const response = await force(cow.id, { action: 'endLactation' });
    expect(response.json<{ data: Cow }>().data).toMatchObject({ status: '발정탐지', parity: 1 });
    const reasons = (await historyRows(cow.id)).map((row) => [
      (row as { reason: string }).reason,
      (row as { forced: boolean }).forced,
    ]);
    expect(reasons).toEqual([
      ['fertilization', false],
      ['pregnancy', false],
      ['calving', false],
      ['end-lactation', true],
    ]);
  });

  it.each([
    ['unpregnant', '발정탐지'],
    ['abort', '발정탐지'],
    ['pregnant', '임신'],
  ] as const)('a pregnancy result %s moves 임신감정 to %s', async (result, expected) => {
    const cow = await newCow('임신감정');
    expect(await apply(cow.id, { kind: 'pregnancyResult', result })).toBe(expected);
    expect(await statusOf(cow.id)).toBe(expected);
  });

  it('refuses every event on a culled cow and leaves no history row', async () => {
    const cow = await newCow('도태', { culled: true });
    await expect(apply(cow.id, { kind: 'fertilization' })).rejects.toMatchObject({ statusCode: 409 });
    expect(await historyRows(cow.id)).toEqual([]);
  });
});
