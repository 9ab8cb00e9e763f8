// ICAR ADE in and out (issue 40): the demo farm's export is valid against the standard's schemas resource by
// resource; imported into a new farm it gives the same cows and records; a broken file is refused whole with
// its reasons and creates nothing; another farm's user sees and takes nothing of this farm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { AdeFile, AdePreview } from '@cowcare/contract/routes/exchange';
import { runSeed } from '../src/seed/run-seed';
import { DEMO_FARM_NUMBER } from '../src/seed/demo-credentials';
import { addCow, expectRefusal, farmIdOf, todayUtc, daysFromToday } from './cows-fixtures';
import { logInAsDemo } from './demo-fixtures';
import { expectValidAde, herdOfFarm } from './exchange-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { ok } from './reproduction-fixtures';

let testApp: TestApp;
let demoToken: string;
let demoFarmId: number;
let demoFile: AdeFile;

beforeAll(async () => {
  testApp = await createTestApp();
  await runSeed(testApp.db, { demo: true });
  demoToken = await logInAsDemo(testApp);
  [{ id: demoFarmId } = { id: 0 }] = await testApp.db.query<{ id: number }>(
    'SELECT id FROM farms WHERE farm_number = $1',
    [DEMO_FARM_NUMBER],
  );
  demoFile = await ok<AdeFile>(testApp, api.exchange.exportAde, { token: demoToken });
}, 180_000);
afterAll(() => testApp.close());

const countRows = async (farmId: number) => {
  const counts: Record<string, number> = {};
  for (const table of [
    'cows',
    'estrus_records',
    'fertilization_records',
    'pregnancy_records',
    'calving_records',
    'health_cases',
    'notices',
    'sensors',
    'cow_status_changes',
  ]) {
    const [row] = await testApp.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table} WHERE farm_id = $1`,
      [farmId],
    );
    counts[table] = row?.count ?? 0;
  }
  return counts;
};

const preview = (user: TestUser, file: unknown) =>
  ok<AdePreview>(testApp, api.exchange.previewAdeImport, { token: user.token, body: { file } });

describe('who may call', () => {
  it('answers 401 without a token on every exchange call', async () => {
    for (const route of [api.exchange.exportAde, api.exchange.previewAdeImport, api.exchange.importAde]) {
      const response = await call(testApp, route, route.method === 'GET' ? {} : { body: { file: {} } });
      expectRefusal(response, 401, 'E_UNAUTHORIZED');
    }
  });

  it('answers 400 for a bad period or a body that is not a file', async () => {
    const farmer = await createFarmUser(testApp);
    const badDay = await call(testApp, api.exchange.exportAde, {
      token: farmer.token,
      query: { from: '2025-02-30' },
    });
    expect(badDay.statusCode, badDay.body).toBe(400);
    const reversed = await call(testApp, api.exchange.exportAde, {
      token: farmer.token,
      query: { from: '2025-03-01', to: '2025-02-01' },
    });
    expect(reversed.statusCode, reversed.body).toBe(400);
    for (const body of [{}, { file: [] }, { file: { animals: 'cows' } }, { file: { animals: [1] } }]) {
      for (const route of [api.exchange.previewAdeImport, api.exchange.importAde]) {
        const response = await call(testApp, route, { token: farmer.token, body });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json<{ code: string }>().code).toBe('E_VALIDATION');
      }
    }
  });

  it("gives another farm's user their own empty farm and none of the demo farm's cows, sensors or records", async () => {
    const stranger = await createFarmUser(testApp);
    const own = await ok<AdeFile>(testApp, api.exchange.exportAde, { token: stranger.token });
    expect(own.animals).toEqual([]);
    expect(own.devices).toEqual([]);
    expect(own.heats).toEqual([]);
    expect(JSON.stringify(own)).not.toContain(DEMO_FARM_NUMBER);
    // Importing the demo file takes copies of its cows, never the demo farm's sensors or rows.
    const before = await countRows(demoFarmId);
    const plan = await preview(stranger, demoFile);
    expect(plan.skipped.some((item) => item.reason === 'sensorTaken')).toBe(true);
    expect(plan.create.sensors).toBe(0);
    await ok(testApp, api.exchange.importAde, { token: stranger.token, body: { file: demoFile } });
    expect(await countRows(demoFarmId)).toEqual(before);
    const strangerFarm = await farmIdOf(testApp, stranger);
    const [{ worn = 0 } = {}] = await testApp.db.query<{ worn: number }>(
      'SELECT count(*)::int AS worn FROM cows WHERE farm_id = $1 AND sensor_id IS NOT NULL',
      [strangerFarm],
    );
    expect(worn).toBe(0);
  });
});

describe('export', () => {
  it('is valid ICAR ADE 1.3, resource by resource, and holds the whole demo farm', async () => {
    const checked = expectValidAde(demoFile);
    const cows = await testApp.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM cows WHERE farm_id = $1',
      [demoFarmId],
    );
    expect(demoFile.animals).toHaveLength(cows[0]?.count ?? -1);
    expect(checked).toBeGreaterThan(demoFile.animals?.length ?? 0);
    for (const list of [
      'locations',
      'devices',
      'inseminations',
      'pregnancyChecks',
      'parturitions',
      'diagnoses',
    ] as const) {
      expect(demoFile[list]?.length, list).toBeGreaterThan(0);
    }
    // Which animal wears each sensor: the animal names it among her identifiers.
    const wearer = demoFile.animals?.find((animal) => 'alternativeIdentifiers' in animal) as
      { alternativeIdentifiers: { scheme: string; id: string }[] } | undefined;
    const sensor = wearer?.alternativeIdentifiers[0];
    expect(sensor?.scheme).toBe('app.cowcare.sensor');
    expect(demoFile.devices?.some((device) => (device as { id: string }).id === sensor?.id)).toBe(true);
  });

  it('keeps only the events of the period, and every animal', async () => {
    const from = daysFromToday(-30);
    const to = todayUtc();
    const period = await ok<AdeFile>(testApp, api.exchange.exportAde, {
      token: demoToken,
      query: { from, to },
    });
    expectValidAde(period);
    expect(period.animals).toHaveLength(demoFile.animals?.length ?? -1);
    expect(period.period).toEqual({ from, to });
    const events = [
      ...(period.inseminations ?? []),
      ...(period.pregnancyChecks ?? []),
      ...(period.parturitions ?? []),
    ];
    const all = [
      ...(demoFile.inseminations ?? []),
      ...(demoFile.pregnancyChecks ?? []),
      ...(demoFile.parturitions ?? []),
    ];
    expect(events.length).toBeLessThan(all.length);
    for (const event of events as { eventDateTime: string }[]) {
      // a day at the period's edges may be a local day a few hours off the UTC one
      expect(event.eventDateTime.slice(0, 10) >= daysFromToday(-31)).toBe(true);
    }
  });
});

describe('import', () => {
  it('gives a new farm the same cows and records as the exported one', async () => {
    const newcomer = await createFarmUser(testApp);
    const newFarmId = await farmIdOf(testApp, newcomer);
    const plan = await preview(newcomer, demoFile);
    expect(plan.refused).toEqual([]);
    expect(plan.importable).toBe(true);
    expect(plan.create.cows).toBe(demoFile.animals?.length);
    expect(plan.create.fertilization).toBe(demoFile.inseminations?.length);
    expect(await countRows(newFarmId)).toMatchObject({ cows: 0, estrus_records: 0 });

    const imported = await ok<{ created: AdePreview['create']; cowIds: number[] }>(
      testApp,
      api.exchange.importAde,
      { token: newcomer.token, body: { file: demoFile } },
    );
    expect(imported.created).toEqual(plan.create);
    expect(imported.cowIds).toHaveLength(plan.create.cows);
    const original = await herdOfFarm(testApp, demoFarmId);
    const copy = await herdOfFarm(testApp, newFarmId);
    expect(copy.cows).toEqual(original.cows);
    expect(copy.estrus).toEqual(original.estrus);
    expect(copy.fertilization).toEqual(original.fertilization);
    expect(copy.pregnancy).toEqual(original.pregnancy);
    expect(copy.calving).toEqual(original.calving);
    expect(copy.health).toEqual(original.health);
    expect(copy.sensorHeats).toEqual(original.sensorHeats);

    // The copy exports as the same file, but for its own ids and farm.
    const again = await ok<AdeFile>(testApp, api.exchange.exportAde, { token: newcomer.token });
    expect(again.animals).toHaveLength(demoFile.animals?.length ?? -1);
    expect(again.heats).toHaveLength(demoFile.heats?.length ?? -1);
  });

  it('pairs a free sensor with its cow and records every kind of event, an abortion and a sensor heat too', async () => {
    const owner = await createFarmUser(testApp);
    const farmId = await farmIdOf(testApp, owner);
    const dam = await addCow(testApp, owner, { code: 'C1', birthday: '2019-04-01' });
    const cow = await addCow(testApp, owner, {
      code: 'C2',
      sensor: 48_101,
      damId: dam.id,
      sireCode: 'HOL-77',
    });
    const estrusAt = `${daysFromToday(-200)}T06:00:00+09:00`;
    await ok(testApp, api.reproduction.addEstrus, {
      token: owner.token,
      body: { cowId: cow.id, estrusAt, memo: 'mounting' },
    });
    await ok(testApp, api.reproduction.addFertilization, {
      token: owner.token,
      body: {
        cowId: cow.id,
        plannedAt: `${daysFromToday(-199)}T08:00:00Z`,
        method: 'natural',
        sireCode: 'HOL-77',
      },
    });
    await ok(testApp, api.reproduction.addPregnancy, {
      token: owner.token,
      body: {
        cowId: cow.id,
        diagnosedAt: `${daysFromToday(-150)}T08:00:00Z`,
        diagnosisMethod: 'rectal',
        result: 'pregnant',
      },
    });
    await ok(testApp, api.reproduction.addCalving, {
      token: owner.token,
      body: {
        cowId: cow.id,
        calvedAt: `${daysFromToday(-100)}T08:00:00Z`,
        method: 'premature',
        result: 'abort',
      },
    });
    await ok(testApp, api.reproduction.addPregnancy, {
      token: owner.token,
      body: {
        cowId: dam.id,
        diagnosedAt: `${daysFromToday(-90)}T08:00:00Z`,
        diagnosisMethod: 'hormone',
        result: 'abort',
      },
    });
    await ok(testApp, api.health.addHealthCase, {
      token: owner.token,
      body: {
        cowId: cow.id,
        diagnosedOn: daysFromToday(-20),
        diagnosisText: 'Lame left hind',
        prescribedOn: daysFromToday(-19),
        prescription: 'Hoof block',
        memo: 'trim',
      },
    });
    await testApp.db.query(
      `INSERT INTO notices (farm_id, cow_id, sensor_id, code, episode_key, occurred_at, details)
       VALUES ($1, $2, 48101, 103, 'estrus:test', now() - interval '3 days', $3)`,
      [
        farmId,
        cow.id,
        JSON.stringify({
          onset: '2026-01-01T00:00:00.000Z',
          peak: '2026-01-01T02:00:00.000Z',
          windowStart: '2026-01-01T10:00:00.000Z',
          windowEnd: '2026-01-01T20:00:00.000Z',
          riseRatio: 1.8,
          peakRatio: 2.4,
        }),
      ],
    );
    const file = await ok<AdeFile>(testApp, api.exchange.exportAde, { token: owner.token });
    expectValidAde(file);
    expect(file.abortions).toHaveLength(1);
    expect(file.pregnancyChecks?.map((check) => (check as { result: string }).result).sort()).toEqual([
      'Empty',
      'Pregnant',
    ]);
    expect(
      file.heats?.map((heat) => (heat as { heatDetectionMethod: string }).heatDetectionMethod).sort(),
    ).toEqual(['Pedometer', 'Visual']);
    expect(file.treatments).toHaveLength(1);

    // The sensor leaves the first farm, so the second may take it.
    await testApp.db.query('UPDATE cows SET culled_at = now(), status = $2 WHERE farm_id = $1', [
      farmId,
      '도태',
    ]);
    await testApp.db.query('DELETE FROM sensors WHERE farm_id = $1', [farmId]);
    const alive = JSON.parse(JSON.stringify(file)) as AdeFile;
    const next = await createFarmUser(testApp);
    const nextFarmId = await farmIdOf(testApp, next);
    const plan = await preview(next, alive);
    expect(plan.create).toMatchObject({
      cows: 2,
      estrus: 1,
      sensorHeats: 1,
      fertilization: 1,
      pregnancy: 2,
      calving: 1,
      health: 1,
      sensors: 1,
    });
    await ok(testApp, api.exchange.importAde, { token: next.token, body: { file: alive } });
    const [wearer] = await testApp.db.query<{ code: string }>(
      'SELECT code FROM cows WHERE farm_id = $1 AND sensor_id = 48101 AND culled_at IS NULL',
      [nextFarmId],
    );
    expect(wearer?.code).toBe('C2');
    const [registered] = await testApp.db.query<{ farmId: number }>(
      'SELECT farm_id AS "farmId" FROM sensors WHERE sensor_id = 48101',
    );
    expect(registered?.farmId).toBe(nextFarmId);
    const original = await herdOfFarm(testApp, farmId);
    const copy = await herdOfFarm(testApp, nextFarmId);
    for (const kind of [
      'estrus',
      'fertilization',
      'pregnancy',
      'calving',
      'health',
      'sensorHeats',
    ] as const) {
      expect(copy[kind], kind).toEqual(original[kind]);
    }
    expect(copy.cows.map(({ code, dam, sire }) => ({ code, dam, sire }))).toEqual([
      { code: 'C1', dam: null, sire: null },
      { code: 'C2', dam: 'C1', sire: 'HOL-77' },
    ]);
    // Imported heats are history: read, so no phone is woken by them.
    const unread = await testApp.db.query('SELECT id FROM notices WHERE farm_id = $1 AND read_at IS NULL', [
      nextFarmId,
    ]);
    expect(unread).toEqual([]);
  });

  it('refuses a broken file whole, with every reason, and creates nothing', async () => {
    const owner = await createFarmUser(testApp);
    const farmId = await farmIdOf(testApp, owner);
    await addCow(testApp, owner, { code: 'C500' });
    const animal = (code: string, id: string) => ({
      resourceType: 'icar:Animal',
      identifier: { scheme: 'org.example.herd', id },
      specie: 'Cattle',
      gender: 'Female',
      managementTag: code,
    });
    const broken = {
      animals: [
        animal('C10', 'a'),
        animal('C10', 'b'),
        animal('C500', 'c'),
        { ...animal('C11', 'd'), specie: 'Cow' },
        animal('C12', 'e'),
      ],
      heats: [
        {
          resourceType: 'icar:ReproHeatEvent',
          animal: { scheme: 'org.example.herd', id: 'zz' },
          eventDateTime: '2025-01-01T00:00:00Z',
        },
        {
          resourceType: 'icar:ReproHeatEvent',
          animal: { scheme: 'org.example.herd', id: 'e' },
          eventDateTime: '2999-01-01T00:00:00Z',
        },
      ],
    };
    const before = await countRows(farmId);
    const plan = await preview(owner, broken);
    expect(plan.importable).toBe(false);
    expect(
      plan.refused.map(({ collection, index, reason }) => `${collection}.${index} ${reason}`).sort(),
    ).toEqual([
      'animals.1 duplicateCowCode',
      'animals.2 cowCodeTaken',
      'animals.3 schemaViolation',
      'heats.0 unknownAnimal',
      'heats.1 invalidDate',
    ]);
    expect(plan.refused.find((item) => item.reason === 'schemaViolation')?.detail).toContain('/specie');
    expect(plan.create.cows).toBe(2);

    const response = await call(testApp, api.exchange.importAde, {
      token: owner.token,
      body: { file: broken },
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; details: { path: string; rule: string }[] }>();
    expect(body.code).toBe('E_VALIDATION');
    expect(body.details.map((detail) => `${detail.path} ${detail.rule}`).sort()).toEqual([
      'body.file.animals.1 duplicateCowCode',
      'body.file.animals.2 cowCodeTaken',
      'body.file.animals.3 schemaViolation',
      'body.file.heats.0 unknownAnimal',
      'body.file.heats.1 invalidDate',
    ]);
    expect(await countRows(farmId)).toEqual(before);
  });

  it('reads a plain ICAR collection, each resource by its resourceType', async () => {
    const owner = await createFarmUser(testApp);
    const plan = await preview(owner, {
      member: [
        {
          resourceType: 'icar:Animal',
          identifier: { scheme: 'nl.ubn', id: 'NL1' },
          specie: 'Cattle',
          gender: 'Female',
          managementTag: '301',
        },
        {
          resourceType: 'ReproInseminationEvent',
          animal: { scheme: 'nl.ubn', id: 'NL1' },
          eventDateTime: '2025-05-01T09:00:00Z',
          inseminationType: 'Insemination',
        },
        { resourceType: 'icar:MilkingVisitEvent', animal: { scheme: 'nl.ubn', id: 'NL1' } },
      ],
    });
    expect(plan.create).toMatchObject({ cows: 1, fertilization: 1 });
    expect(plan.refused.map((item) => `${item.collection}.${item.index} ${item.reason}`)).toEqual([
      'member.2 unknownResourceType',
    ]);
    const fine = await ok<{ cowIds: number[] }>(testApp, api.exchange.importAde, {
      token: owner.token,
      body: {
        file: {
          member: [
            {
              resourceType: 'icar:Animal',
              identifier: { scheme: 'nl.ubn', id: 'NL1' },
              specie: 'Cattle',
              gender: 'Female',
              managementTag: '301',
            },
          ],
        },
      },
    });
    expect(fine.cowIds).toHaveLength(1);
    const [cow] = await testApp.db.query<{ code: string }>('SELECT code FROM cows WHERE id = $1', [
      fine.cowIds[0],
    ]);
    expect(cow?.code).toBe('C301');
  });
});
