import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { HealthCase } from '@cowcare/contract/routes/health';
import type { RouteDefinition } from '@cowcare/contract/route';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { insertCow, nextCode, ok } from './reproduction-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

const newCow = (user = farmer) => insertCow(testApp, user, { code: nextCode() });

/** An upload row as the upload call leaves it (the files themselves are the upload tests' business). */
const insertUpload = async (user: TestUser, name: string, mimeType = 'image/jpeg'): Promise<number> => {
  const [row] = await testApp.db.query<{ id: number }>(
    `INSERT INTO uploads (farm_id, user_id, stored_name, original_name, mime_type, size_bytes)
     SELECT farm_id, id, $2, $3, $4, 1234 FROM users WHERE id = $1 RETURNING id`,
    [user.id, `${nextCode()}.bin`, name, mimeType],
  );
  if (!row) throw new Error('upload row was not inserted');
  return row.id;
};

const addCase = (body: Record<string, unknown>, user = farmer) =>
  call(testApp, api.health.addHealthCase, { token: user.token, body });
const caseCount = async () =>
  (await testApp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM health_cases'))[0]?.n;

describe('POST news/news/add/healthcase', () => {
  it('records a disease of the dictionary with its prescription and pictures', async () => {
    const cowId = await newCow();
    const picture = await insertUpload(farmer, 'hoof.jpg');
    const report = await insertUpload(farmer, 'lab.pdf', 'application/pdf');
    const response = await addCase({
      cowId,
      diagnosedOn: '2026-03-02',
      diseaseCode: 'foot-and-mouth',
      prescribedOn: '2026-03-03',
      prescription: '  Penicillin 10 ml ',
      memo: 'isolate',
      uploadIds: [report, picture, picture],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        cowId,
        diagnosedOn: '2026-03-02',
        diseaseCode: 'foot-and-mouth',
        diagnosisText: '',
        prescribedOn: '2026-03-03',
        prescription: 'Penicillin 10 ml',
        memo: 'isolate',
        files: [
          {
            id: picture,
            name: 'hoof.jpg',
            mimeType: 'image/jpeg',
            sizeBytes: 1234,
            url: `/api/common/common/upload/${picture}`,
          },
          {
            id: report,
            name: 'lab.pdf',
            mimeType: 'application/pdf',
            sizeBytes: 1234,
            url: `/api/common/common/upload/${report}`,
          },
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it('records a free-text diagnosis', async () => {
    const response = await addCase({
      cowId: await newCow(),
      diagnosedOn: '2026-03-02',
      diagnosisText: 'limping, left hind',
    });
    expect(response.json()).toMatchObject({
      data: {
        diseaseCode: null,
        diagnosisText: 'limping, left hind',
        prescribedOn: null,
        prescription: '',
        files: [],
      },
    });
  });

  it.each([
    ['neither disease nor text', {}, 'diseaseCode or diagnosisText is required'],
    ['blank text only', { diagnosisText: '   ' }, 'diseaseCode or diagnosisText is required'],
    [
      'a disease outside the dictionary',
      { diseaseCode: 'cow-flu' },
      'diseaseCode cow-flu is not in the disease dictionary',
    ],
    ['a badly formed disease code', { diseaseCode: 'Foot And Mouth' }, 'body.diseaseCode'],
    ['a day that does not exist', { diseaseCode: 'mastitis', diagnosedOn: '2026-02-30' }, 'body.diagnosedOn'],
    [
      'a diagnosis in the future',
      { diseaseCode: 'mastitis', diagnosedOn: '2099-01-01' },
      'diagnosedOn must not be in the future',
    ],
    [
      'a prescription before the diagnosis',
      { diseaseCode: 'mastitis', prescribedOn: '2026-03-01' },
      'prescribedOn must not be before diagnosedOn',
    ],
    ['a missing cow', { cowId: undefined, diseaseCode: 'mastitis' }, 'body.cowId'],
  ])('refuses %s with 400, writing nothing', async (_case, fields, message) => {
    const before = await caseCount();
    const response = await addCase({ cowId: await newCow(), diagnosedOn: '2026-03-02', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(message);
    expect(await caseCount()).toBe(before);
  });

  it("answers 404 for another farm's cow or upload, writing nothing", async () => {
    const before = await caseCount();
    const strangersCow = await newCow(stranger);
    const onStrangersCow = await addCase({
      cowId: strangersCow,
      diagnosedOn: '2026-03-02',
      diseaseCode: 'mastitis',
    });
    expect(onStrangersCow.statusCode).toBe(404);
    const strangersUpload = await insertUpload(stranger, 'private.jpg');
    const withStrangersUpload = await addCase({
      cowId: await newCow(),
      diagnosedOn: '2026-03-02',
      diseaseCode: 'mastitis',
      uploadIds: [strangersUpload],
    });
    expect(withStrangersUpload.statusCode).toBe(404);
    expect(withStrangersUpload.body).not.toContain('private.jpg');
    expect(await caseCount()).toBe(before);
  });
});

describe('PUT news/news/update/healthcase/:id and DELETE news/news/delete/healthcase/:id', () => {
  let caseId: number;
  let picture: number;
  beforeAll(async () => {
    picture = await insertUpload(farmer, 'udder.jpg');
    const response = await addCase({
      cowId: await newCow(),
      diagnosedOn: '2026-03-02',
      diseaseCode: 'mastitis',
      diagnosisText: 'left front quarter',
      prescription: 'Cefalexin',
      uploadIds: [picture],
    });
    caseId = response.json<{ data: HealthCase }>().data.id;
  });
  const update = (body: Record<string, unknown>, user = farmer) =>
    call(testApp, api.health.updateHealthCase, { token: user.token, params: { id: caseId }, body });

  it('changes the fields given and keeps the others', async () => {
    const response = await update({ prescribedOn: '2026-03-04', memo: 'milk discarded' });
    expect(response.json()).toMatchObject({
      data: {
        diagnosedOn: '2026-03-02',
        diseaseCode: 'mastitis',
        diagnosisText: 'left front quarter',
        prescribedOn: '2026-03-04',
        prescription: 'Cefalexin',
        memo: 'milk discarded',
        files: [{ id: picture }],
      },
    });
  });

  it('clears a field with null, and replaces the files when uploadIds is given', async () => {
    const second = await insertUpload(farmer, 'udder-2.jpg');
    const response = await update({ diseaseCode: null, prescribedOn: null, uploadIds: [second] });
    expect(response.json()).toMatchObject({
      data: {
        diseaseCode: null,
        diagnosisText: 'left front quarter',
        prescribedOn: null,
        files: [{ id: second }],
      },
    });
  });

  it('refuses to leave the case without any diagnosis (400), changing nothing', async () => {
    const response = await update({ diseaseCode: null, diagnosisText: null });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toBe('diseaseCode or diagnosisText is required');
    const [row] = await testApp.db.query('SELECT diagnosis_text AS text FROM health_cases WHERE id = $1', [
      caseId,
    ]);
    expect(row).toEqual({ text: 'left front quarter' });
  });

  it("answers another farm's user 404 with no data, changing nothing", async () => {
    const response = await update({ memo: 'hacked' }, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('left front quarter');
    const removal = await call(testApp, api.health.deleteHealthCase, {
      token: stranger.token,
      params: { id: caseId },
    });
    expect(removal.statusCode).toBe(404);
    const [row] = await testApp.db.query('SELECT memo FROM health_cases WHERE id = $1', [caseId]);
    expect(row).not.toEqual({ memo: 'hacked' });
  });

  it('deletes the case; its uploads stay with the farm', async () => {
    const response = await call(testApp, api.health.deleteHealthCase, {
      token: farmer.token,
      params: { id: caseId },
    });
    expect(response.json()).toEqual({ success: true, data: { id: caseId } });
    expect(await testApp.db.query('SELECT 1 FROM health_cases WHERE id = $1', [caseId])).toEqual([]);
    expect(
      await testApp.db.query('SELECT 1 FROM health_case_uploads WHERE health_case_id = $1', [caseId]),
    ).toEqual([]);
    expect(await testApp.db.query('SELECT id FROM uploads WHERE id = $1', [picture])).toEqual([
      { id: picture },
    ]);
    const again = await call(testApp, api.health.deleteHealthCase, {
      token: farmer.token,
      params: { id: caseId },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET news/news/healthcases/:cowId', () => {
  it("lists a cow's cases newest diagnosis first, with their files", async () => {
    const cowId = await newCow();
    const picture = await insertUpload(farmer, 'eye.jpg');
    for (const [diagnosedOn, diagnosisText] of [
      ['2026-01-05', 'first'],
      ['2026-03-09', 'third'],
      ['2026-02-11', 'second'],
    ]) {
      await ok(testApp, api.health.addHealthCase, {
        token: farmer.token,
        body: { cowId, diagnosedOn, diagnosisText, uploadIds: diagnosisText === 'third' ? [picture] : [] },
      });
    }
    await addCase({ cowId: await newCow(), diagnosedOn: '2026-03-10', diagnosisText: 'another cow' });
    const list = await ok<HealthCase[]>(testApp, api.health.listHealthCases, {
      token: farmer.token,
      params: { cowId },
    });
    expect(
      list.map((item) => [item.diagnosedOn, item.diagnosisText, item.files.map((file) => file.name)]),
    ).toEqual([
      ['2026-03-09', 'third', ['eye.jpg']],
      ['2026-02-11', 'second', []],
      ['2026-01-05', 'first', []],
    ]);
  });

  it('answers an empty list for a cow without cases', async () => {
    expect(
      await ok(testApp, api.health.listHealthCases, {
        token: farmer.token,
        params: { cowId: await newCow() },
      }),
    ).toEqual([]);
  });

  it("answers another farm's user 404 with no data", async () => {
    const cowId = await newCow();
    await addCase({ cowId, diagnosedOn: '2026-03-02', diagnosisText: 'confidential finding' });
    const response = await call(testApp, api.health.listHealthCases, {
      token: stranger.token,
      params: { cowId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('confidential finding');
  });
});

describe('adding and removing a picture on an existing case', () => {
  let caseId: number;
  let first: number;
  beforeAll(async () => {
    first = await insertUpload(farmer, 'hoof-day-1.jpg');
    const response = await addCase({
      cowId: await newCow(),
      diagnosedOn: '2026-03-02',
      diagnosisText: 'lameness, right hind',
      uploadIds: [first],
    });
    caseId = response.json<{ data: HealthCase }>().data.id;
  });
  const addFile = (uploadId: number, user = farmer, id = caseId) =>
    call(testApp, api.health.addHealthCaseFile, { token: user.token, params: { id }, body: { uploadId } });
  const removeFile = (uploadId: number, user = farmer, id = caseId) =>
    call(testApp, api.health.removeHealthCaseFile, { token: user.token, params: { id, uploadId } });
  const filesOf = (response: { json: <T>() => T }) =>
    response.json<{ data: HealthCase }>().data.files.map((file) => file.name);

  it('adds a picture taken later and answers the case with both', async () => {
    const later = await insertUpload(farmer, 'hoof-day-3.jpg');
    const response = await addFile(later);
    expect(response.statusCode, response.body).toBe(200);
    expect(filesOf(response)).toEqual(['hoof-day-1.jpg', 'hoof-day-3.jpg']);
    // Twice is once: a retried request does not list the picture twice.
    expect(filesOf(await addFile(later))).toEqual(['hoof-day-1.jpg', 'hoof-day-3.jpg']);
  });

  it('removes a picture from the case; the upload stays with the farm', async () => {
    const response = await removeFile(first);
    expect(response.statusCode, response.body).toBe(200);
    expect(filesOf(response)).toEqual(['hoof-day-3.jpg']);
    expect(await testApp.db.query('SELECT id FROM uploads WHERE id = $1', [first])).toEqual([{ id: first }]);
    const again = await removeFile(first);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ msg: string }>().msg).toBe(`There is no file ${first} on this health case`);
  });

  it('refuses a 21st file with 400, attaching nothing', async () => {
    const full = await addCase({
      cowId: await newCow(),
      diagnosedOn: '2026-03-02',
      diagnosisText: 'skin lesions',
      uploadIds: await Promise.all(
        Array.from({ length: 20 }, (_, n) => insertUpload(farmer, `skin-${n}.jpg`)),
      ),
    });
    const fullId = full.json<{ data: HealthCase }>().data.id;
    const response = await addFile(await insertUpload(farmer, 'skin-20.jpg'), farmer, fullId);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toBe(
      'uploadId: a health case holds at most 20 files; remove one first',
    );
    const [row] = await testApp.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM health_case_uploads WHERE health_case_id = $1',
      [fullId],
    );
    expect(row).toEqual({ n: 20 });
  });

  it("answers another farm's user 404 with no data, and refuses another farm's upload", async () => {
    const theirs = await insertUpload(stranger, 'their.jpg');
    const ours = await insertUpload(farmer, 'ours.jpg');
    for (const response of [await addFile(ours, stranger), await removeFile(ours, stranger)]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('lameness');
      expect(response.body).not.toContain('hoof');
    }
    const planted = await addFile(theirs);
    expect(planted.statusCode).toBe(404);
    expect(planted.body).not.toContain('their.jpg');
    const list = await ok<HealthCase[]>(testApp, api.health.listHealthCases, {
      token: farmer.token,
      params: {
        cowId: (
          await ok<HealthCase>(testApp, api.health.addHealthCaseFile, {
            token: farmer.token,
            params: { id: caseId },
            body: { uploadId: ours },
          })
        ).cowId,
      },
    });
    expect(list[0]?.files.map((file) => file.name)).toEqual(['hoof-day-3.jpg', 'ours.jpg']);
  });
});

describe('every health call', () => {
  const routes: [string, Pick<RouteDefinition, 'method' | 'path'>, Record<string, number>, unknown][] = [
    ['add', api.health.addHealthCase, {}, { cowId: 1, diagnosedOn: '2026-03-02', diagnosisText: 'x' }],
    ['update', api.health.updateHealthCase, { id: 1 }, { memo: 'x' }],
    ['delete', api.health.deleteHealthCase, { id: 1 }, undefined],
    ['list', api.health.listHealthCases, { cowId: 1 }, undefined],
    ['add a file', api.health.addHealthCaseFile, { id: 1 }, { uploadId: 1 }],
    ['remove a file', api.health.removeHealthCaseFile, { id: 1, uploadId: 1 }, undefined],
  ];

  it.each(routes)('%s needs a token (401)', async (_name, route, params, body) => {
    expect((await call(testApp, route, { params, body })).statusCode).toBe(401);
  });

  it.each([
    ['update', api.health.updateHealthCase, { id: 0 }, { memo: 'x' }, 'params.id'],
    ['update', api.health.updateHealthCase, { id: 1 }, { uploadIds: ['a'] }, 'body.uploadIds'],
    ['delete', api.health.deleteHealthCase, { id: 0 }, undefined, 'params.id'],
    ['list', api.health.listHealthCases, { cowId: 0 }, undefined, 'params.cowId'],
    ['add a file', api.health.addHealthCaseFile, { id: 1 }, { uploadId: 'a' }, 'body.uploadId'],
    ['add a file', api.health.addHealthCaseFile, { id: 1 }, {}, 'uploadId'],
    ['remove a file', api.health.removeHealthCaseFile, { id: 1, uploadId: 0 }, undefined, 'params.uploadId'],
  ] as const)('%s refuses bad input with 400 naming %s', async (_name, route, params, body, field) => {
    const response = await call(testApp, route, { token: farmer.token, params, body });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });
});
