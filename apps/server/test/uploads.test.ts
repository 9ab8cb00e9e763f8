import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Upload } from '@cowcare/contract/routes/uploads';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let dataDir: string;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cowcare-uploads-'));
  testApp = await createTestApp({ dataDir });
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
});
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const bytesOf = (base64: string) => Buffer.from(base64, 'base64');
const SAMPLES = {
  png: bytesOf(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  ),
  jpeg: bytesOf('/9j/4AAQSkZJRgABAQAAAQABAAD/2Q=='),
  webp: bytesOf('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};
const MIB = 1024 * 1024;

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
const multipart = (fileName: string, contentType: string, bytes: Buffer, fieldName = 'file') => {
  const boundary = `----cowcare${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const upload = (
  user: TestUser | undefined,
  fileName: string,
  contentType: string,
  bytes: Buffer,
  field?: string,
) =>
  call(testApp, api.uploads.upload, {
    token: user?.token,
    ...multipart(fileName, contentType, bytes, field),
  });

const farmIdOf = async (user: TestUser) =>
  (
    await testApp.db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [user.farmNumber])
  )[0]?.id;

const storedFiles = async (user: TestUser): Promise<string[]> =>
  readdir(path.join(dataDir, 'uploads', String(await farmIdOf(user)))).catch(() => []);

const uploadCount = async () =>
  (await testApp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0]?.n;

describe('POST common/common/upload', () => {
  it.each([
    ['png', 'cow.png', 'image/png', 'cow.png', 'image/png'],
    ['jpeg', 'udder photo.jpeg', 'image/jpeg', 'udder photo.jpg', 'image/jpeg'],
    ['webp', 'leg.webp', 'image/webp', 'leg.webp', 'image/webp'],
    ['pdf', 'lab report.pdf', 'application/pdf', 'lab report.pdf', 'application/pdf'],
  ] as const)(
    'stores a %s under DATA_DIR/uploads/<farm>/ and answers it',
    async (kind, name, sent, shown, mimeType) => {
      const bytes = SAMPLES[kind];
      const response = await upload(farmer, name, sent, bytes);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json<{ data: Upload }>().data;
      expect(data).toEqual({
        id: expect.any(Number),
        name: shown,
        mimeType,
        sizeBytes: bytes.length,
        url: `/api/common/common/upload/${data.id}`,
      });
      const [row] = await testApp.db.query<{ storedName: string }>(
        'SELECT stored_name AS "storedName" FROM uploads WHERE id = $1',
        [data.id],
      );
      expect(row?.storedName).toMatch(/^[0-9a-f]{32}\.(png|jpg|webp|pdf)$/);
      const onDisk = await readFile(
        path.join(dataDir, 'uploads', String(await farmIdOf(farmer)), row?.storedName ?? ''),
      );
      expect(onDisk.equals(bytes)).toBe(true);
    },
  );

  it("takes the type from the bytes, not from the name or the client's content type", async () => {
    const response = await upload(farmer, '../../etc/scan.png', 'image/png', SAMPLES.jpeg);
    expect(response.json()).toMatchObject({ data: { name: 'scan.jpg', mimeType: 'image/jpeg' } });
  });

  it('refuses a text file renamed .png with 415 naming the allowed types, storing nothing', async () => {
    const filesBefore = await storedFiles(farmer);
    const rowsBefore = await uploadCount();
    const response = await upload(farmer, 'photo.png', 'image/png', Buffer.from('just some text, honestly'));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_UNSUPPORTED_FILE_TYPE',
      msg: expect.stringContaining('image/jpeg, image/png, image/webp, application/pdf'),
    });
    expect(await storedFiles(farmer)).toEqual(filesBefore);
    expect(await uploadCount()).toBe(rowsBefore);
  });

  it('accepts a file of exactly 10 MiB', async () => {
    const bytes = Buffer.concat([SAMPLES.pdf, Buffer.alloc(10 * MIB - SAMPLES.pdf.length, 0x20)]);
    const response = await upload(farmer, 'big.pdf', 'application/pdf', bytes);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Upload }>().data.sizeBytes).toBe(10 * MIB);
  });

  it('refuses a file over 10 MiB with 413 and a clear message, storing nothing', async () => {
    const filesBefore = await storedFiles(farmer);
    const rowsBefore = await uploadCount();
    const bytes = Buffer.concat([SAMPLES.pdf, Buffer.alloc(10 * MIB + 1 - SAMPLES.pdf.length, 0x20)]);
    const response = await upload(farmer, 'huge.pdf', 'application/pdf', bytes);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_PAYLOAD_TOO_LARGE',
      msg: 'The file is larger than 10 MiB; nothing was stored',
    });
    expect(await storedFiles(farmer)).toEqual(filesBefore);
    expect(await uploadCount()).toBe(rowsBefore);
  });

  it.each([
    [
      'a JSON body',
      () => call(testApp, api.uploads.upload, { token: farmer.token, body: { file: 'x' } }),
      'multipart',
    ],
    [
      'another field name',
      () => upload(farmer, 'cow.png', 'image/png', SAMPLES.png, 'picture'),
      'file is required',
    ],
    ['an empty file', () => upload(farmer, 'cow.png', 'image/png', Buffer.alloc(0)), 'file is empty'],
  ])('refuses %s with 400', async (_case, send, message) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(message);
  });

  it('needs a token (401) before reading the file', async () => {
    const response = await upload(undefined, 'cow.png', 'image/png', SAMPLES.png);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET common/common/upload/:id', () => {
  let image: Upload;
  let pdf: Upload;
  beforeAll(async () => {
    image = (await upload(farmer, 'cow.png', 'image/png', SAMPLES.png)).json<{ data: Upload }>().data;
    pdf = (await upload(farmer, '진단서.pdf', 'application/pdf', SAMPLES.pdf)).json<{ data: Upload }>().data;
  });

  it('serves an image inline to its farm, with its type and nosniff', async () => {
    const response = await call(testApp, api.uploads.download, {
      token: farmer.token,
      params: { id: image.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(SAMPLES.png.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="cow.png"; filename*=UTF-8''cow.png`,
    });
    // The file is sent past the JSON reply, so the security headers of the app must still be on it.
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves a PDF as an attachment, with its name encoded', async () => {
    const response = await call(testApp, api.uploads.download, {
      token: farmer.token,
      params: { id: pdf.id },
    });
    expect(response.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('진단서.pdf')}`,
    );
  });

  it("answers another farm's user 404 with no data", async () => {
    const response = await call(testApp, api.uploads.download, {
      token: stranger.token,
      params: { id: image.id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
    expect(response.rawPayload.includes(SAMPLES.png)).toBe(false);
  });

  it('answers 401 without a token, 400 for a bad id and 404 for an unknown one', async () => {
    expect((await call(testApp, api.uploads.download, { params: { id: image.id } })).statusCode).toBe(401);
    const bad = await call(testApp, api.uploads.download, { token: farmer.token, params: { id: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ msg: string }>().msg).toContain('params.id');
    const unknown = await call(testApp, api.uploads.download, {
      token: farmer.token,
      params: { id: 999_999 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 when the file is gone from the disk', async () => {
    const gone = (await upload(farmer, 'gone.png', 'image/png', SAMPLES.png)).json<{ data: Upload }>().data;
    const [row] = await testApp.db.query<{ storedName: string }>(
      'SELECT stored_name AS "storedName" FROM uploads WHERE id = $1',
      [gone.id],
    );
    await unlink(path.join(dataDir, 'uploads', String(await farmIdOf(farmer)), row?.storedName ?? ''));
    const response = await call(testApp, api.uploads.download, {
      token: farmer.token,
      params: { id: gone.id },
    });
    expect(response.statusCode).toBe(404);
  });
});
