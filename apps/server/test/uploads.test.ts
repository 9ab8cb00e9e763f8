import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { apiPath } from '@cowcare/contract/route';
import type { Upload } from '@cowcare/contract/routes/uploads';
import { listeningPort, rawRequest, sendRaw } from './helpers/raw-http';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let dataDir: string;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cowcare-uploads-'));
  testApp = await createTestApp({ dataDir });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
});
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const bytesOf = (base64: string) => Buffer.from(base64, 'base64');

/**
 * A PDF with a correct cross-reference table, optionally padded (in a comment) to an exact size. The
 * offsets are counted, not written by hand, so any padding keeps them right.
 */
const pdfOf = (size?: number): Buffer => {
  const build = (padding: number) => {
    const head = `%PDF-1.4\n${padding > 0 ? `%${'x'.repeat(padding)}\n` : ''}`;
    const objects = [
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n',
      '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n',
    ];
    const offsets = objects.map((_, i) => head.length + objects.slice(0, i).join('').length);
    const xrefAt = head.length + objects.join('').length;
    const xref = [
      'xref\n0 3\n0000000000 65535 f \n',
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
      `trailer<</Size 3/Root 1 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ];
    return Buffer.from(head + objects.join('') + xref.join(''), 'latin1');
  };
  if (size === undefined) return build(0);
  let padding = size - build(0).length - 2;
  while (build(padding).length !== size) padding += size - build(padding).length;
  return build(padding);
};

const SAMPLES = {
  png: bytesOf(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  ),
  // A 4x3 baseline JPEG as libjpeg writes it (DQT, SOF0, DHT, SOS, EOI; no JFIF segment).
  jpeg: bytesOf(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAI2f/2Q==',
  ),
  webp: bytesOf('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
  pdf: pdfOf(),
};

/** More real files as libvips writes them: the variants of each format a phone or a scanner sends. */
const VARIANTS = {
  progressiveJpeg: bytesOf(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wgARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUAQEAAAAAAAAAAAAAAAAAAAAF/9oADAMBAAIQAxAAAAGgAb//xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAEFAn//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAEDAQE/AX//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAECAQE/AX//xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAY/An//xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAE/IX//2gAMAwEAAgADAAAAEPv/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAEDAQE/EH//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAECAQE/EH//xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAE/EH//2Q==',
  ),
  lossyWebp: bytesOf(
    'UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoEAAMAAUAmJaACdLoB+AADsAD+pNf/TSPGkeNI+Yt/84ljqd3aAAAA',
  ),
  extendedWebp: bytesOf(
    'UklGRl4AAABXRUJQVlA4WAoAAAAQAAAAAwAAAgAAQUxQSAoAAAABB1DAiAhERP8DVlA4IC4AAADQAQCdASoEAAMAAUAmJaACdLoB+AADsAD+pNf/TSPGkeNI+Yt/84ljqd3aAAAA',
  ),
  interlacedPng: bytesOf(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAFMkQkHAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGM4UaHBAMW4KAgHAF1xEOEfvTCWAAAAAElFTkSuQmCC',
  ),
  rgba16Png: bytesOf(
    'iVBORw0KGgoAAAANSUhEUgAAAAUAAAADEAYAAAALphm7AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAF0lEQVR4nGNg/M/EwPy/gYEQTVAByQoBDiglvSB4jTAAAAAASUVORK5CYII=',
  ),
};

/** A PNG chunk with its CRC (PNG spec 5.3), or with a wrong one when `corruptCrc`. */
const pngChunk = (type: string, data: Buffer, corruptCrc = false) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((crc32(body) ^ (corruptCrc ? 1 : 0)) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** A greyscale 8-bit PNG of the given size, its pixels `pixels` (default: the right number of zeros). */
const pngOf = (
  { width, height }: { width: number; height: number },
  options: { pixels?: Buffer; beforePixels?: Buffer[]; corruptCrc?: boolean } = {},
) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0, compression 0, filter 0, no interlace
  const pixels = options.pixels ?? Buffer.alloc(height * (1 + width));
  return Buffer.concat([
    SAMPLES.png.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    ...(options.beforePixels ?? []),
    pngChunk('IDAT', deflateSync(pixels), options.corruptCrc),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

const textChunk = (text: string) => pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'));
const PAGE = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';

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
    const bytes = pdfOf(10 * MIB);
    const response = await upload(farmer, 'big.pdf', 'application/pdf', bytes);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Upload }>().data.sizeBytes).toBe(10 * MIB);
  });

  it('refuses a file over 10 MiB with 413 and a clear message, storing nothing', async () => {
    const filesBefore = await storedFiles(farmer);
    const rowsBefore = await uploadCount();
    const bytes = pdfOf(10 * MIB + 1);
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

/** Sends `send` and checks it was refused with `status` and `code`, leaving no file and no row behind. */
const expectRefusedStoringNothing = async (
  send: () => Promise<{ statusCode: number; body: string }>,
  status: number,
  code: string,
) => {
  const filesBefore = await storedFiles(farmer);
  const rowsBefore = await uploadCount();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(JSON.parse(response.body)).toEqual({ success: false, code, msg: expect.any(String) });
  expect(await storedFiles(farmer)).toEqual(filesBefore);
  expect(await uploadCount()).toBe(rowsBefore);
  return JSON.parse(response.body) as { msg: string };
};

describe('POST common/common/upload: the type is decided by the whole content', () => {
  it.each([
    ['a progressive JPEG', VARIANTS.progressiveJpeg, 'image/jpeg'],
    ['a lossy WebP', VARIANTS.lossyWebp, 'image/webp'],
    ['an extended WebP with transparency', VARIANTS.extendedWebp, 'image/webp'],
    ['an interlaced PNG', VARIANTS.interlacedPng, 'image/png'],
    ['a 16-bit PNG with transparency', VARIANTS.rgba16Png, 'image/png'],
    [
      'a PNG with a text chunk of plain words',
      pngOf({ width: 3, height: 2 }, { beforePixels: [textChunk('Cow 4021, left hind leg')] }),
      'image/png',
    ],
  ])('accepts %s', async (_case, bytes, mimeType) => {
    const response = await upload(farmer, 'picture', 'application/octet-stream', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Upload }>().data.mimeType).toBe(mimeType);
  });

  const afterIend = (tail: string) => Buffer.concat([SAMPLES.png, Buffer.from(tail, 'latin1')]);
  const bigComment = textChunk(`${'moo '.repeat(4096)}`);
  it.each([
    // The fault as found: file-type reads the signature and the header chunk and calls it a PNG.
    [
      'a PNG signature and header followed by a page',
      Buffer.concat([SAMPLES.png.subarray(0, 33), Buffer.from(PAGE)]),
    ],
    ['a whole PNG followed by a page', afterIend(PAGE)],
    ['a whole PNG followed by other bytes', afterIend('trailing bytes that are not a picture')],
    [
      'a PNG carrying a page in a text chunk',
      pngOf({ width: 3, height: 2 }, { beforePixels: [textChunk(PAGE)] }),
    ],
    [
      'a PNG carrying a script past its first 8 KiB',
      pngOf({ width: 3, height: 2 }, { beforePixels: [bigComment, textChunk('<SCRIPT src=//x.example>')] }),
    ],
    [
      'a PNG with an SVG drawing in a text chunk',
      pngOf({ width: 1, height: 1 }, { beforePixels: [textChunk('<svg onload=alert(1)>')] }),
    ],
    ['a PNG with a corrupt chunk CRC', pngOf({ width: 3, height: 2 }, { corruptCrc: true })],
    ['a PNG cut before its end', SAMPLES.png.subarray(0, SAMPLES.png.length - 12)],
    [
      'a PNG whose pixels are fewer than its size says',
      pngOf({ width: 300, height: 200 }, { pixels: Buffer.alloc(7) }),
    ],
    [
      'a PNG whose pixels inflate far past its size (a zlib bomb)',
      pngOf({ width: 1, height: 1 }, { pixels: Buffer.alloc(8 * MIB) }),
    ],
    ['a PNG larger than 50 megapixels', pngOf({ width: 10_000, height: 6_000 }, { pixels: Buffer.alloc(2) })],
    ['a JPEG start and end with no picture between', bytesOf('/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==')],
    ['a JPEG cut before its end', SAMPLES.jpeg.subarray(0, SAMPLES.jpeg.length - 40)],
    ['a JPEG signature followed by a page', Buffer.concat([SAMPLES.jpeg.subarray(0, 3), Buffer.from(PAGE)])],
    ['a whole JPEG followed by a page', Buffer.concat([SAMPLES.jpeg, Buffer.from(PAGE)])],
    ['a WebP with bytes past its RIFF size', Buffer.concat([VARIANTS.lossyWebp, Buffer.from('<b>hi</b>')])],
    [
      'a WebP whose frame is not a key frame',
      Buffer.from(VARIANTS.lossyWebp.toString('latin1').replace('\x9d\x01\x2a', 'abc'), 'latin1'),
    ],
    ['a PDF header followed by a page', Buffer.from(`%PDF-1.4\n${PAGE}`)],
    ['a PDF without its trailer', SAMPLES.pdf.subarray(0, SAMPLES.pdf.indexOf('startxref'))],
    [
      'a PDF with a script in it',
      Buffer.from(SAMPLES.pdf.toString('latin1').replace('/Count 0', `/Count 0/Note(${PAGE})`), 'latin1'),
    ],
    [
      'an SVG drawing',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
  ])('refuses %s with 415, storing nothing', async (_case, bytes) => {
    const refusal = await expectRefusedStoringNothing(
      () => upload(farmer, 'cow.png', 'image/png', bytes),
      415,
      'E_UNSUPPORTED_FILE_TYPE',
    );
    expect(refusal.msg).toContain('image/jpeg, image/png, image/webp, application/pdf');
  });
});

/** Multipart bodies as a careless or hostile client sends them; the boundary is fixed to shape them by hand. */
const BOUNDARY = 'cowcare-test-boundary';
const filePart = (bytes: Buffer, field = 'file', fileName = 'cow.png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const formBody = (...parts: Buffer[]) => Buffer.concat([...parts, closing]);
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;

const MALFORMED_MULTIPART: ReadonlyArray<readonly [string, string, Buffer, string]> = [
  ['no boundary', 'multipart/form-data', formBody(filePart(SAMPLES.png)), 'malformed'],
  ['a wrong boundary', 'multipart/form-data; boundary=another', formBody(filePart(SAMPLES.png)), 'malformed'],
  ['a body cut inside the file', WITH_BOUNDARY, filePart(SAMPLES.png).subarray(0, 140), 'malformed'],
  ['a body cut before its closing boundary', WITH_BOUNDARY, filePart(SAMPLES.png), 'malformed'],
  ['a body that is not multipart at all', WITH_BOUNDARY, Buffer.from('file=cow.png'), 'malformed'],
  [
    'a part without a header',
    WITH_BOUNDARY,
    Buffer.from(`--${BOUNDARY}\r\nno header here\r\n--${BOUNDARY}--\r\n`),
    'file is required',
  ],
  [
    'a form with no file field',
    WITH_BOUNDARY,
    formBody(fieldPart('note', 'left hind leg')),
    'file is required',
  ],
  [
    'two files',
    WITH_BOUNDARY,
    formBody(filePart(SAMPLES.png), filePart(SAMPLES.jpeg)),
    'one file per upload',
  ],
  [
    'more parts than an upload has',
    WITH_BOUNDARY,
    formBody(...Array.from({ length: 6 }, (_, i) => fieldPart(`note${i}`, 'x')), filePart(SAMPLES.png)),
    'more parts',
  ],
];

describe("POST common/common/upload: a malformed multipart body is the client's fault", () => {
  it.each(MALFORMED_MULTIPART)(
    'answers %s with 400 E_VALIDATION (inject)',
    async (_case, contentType, body, message) => {
      const refusal = await expectRefusedStoringNothing(
        () =>
          call(testApp, api.uploads.upload, {
            token: farmer.token,
            headers: { 'content-type': contentType },
            body,
          }),
        400,
        'E_VALIDATION',
      );
      expect(refusal.msg).toContain(message);
    },
  );

  const overTcp = (contentType: string, body: Buffer) =>
    sendRaw(
      listeningPort(testApp.app),
      rawRequest(
        `POST ${apiPath({ path: api.uploads.upload.path })} HTTP/1.1`,
        [
          `Authorization: Bearer ${farmer.token}`,
          `Content-Type: ${contentType}`,
          `Content-Length: ${body.length}`,
          'Connection: close',
        ],
        body,
      ),
      20_000,
    );

  it.each(MALFORMED_MULTIPART)(
    'answers %s with 400 E_VALIDATION (over TCP)',
    async (_case, contentType, body, message) => {
      const refusal = await expectRefusedStoringNothing(
        () => overTcp(contentType, body),
        400,
        'E_VALIDATION',
      );
      expect(refusal.msg).toContain(message);
    },
  );

  it('answers a file part over 10 MiB with 413 over TCP too', async () => {
    const body = formBody(filePart(pdfOf(10 * MIB + 1), 'file', 'huge.pdf'));
    await expectRefusedStoringNothing(() => overTcp(WITH_BOUNDARY, body), 413, 'E_PAYLOAD_TOO_LARGE');
  });

  it('stores a well-formed upload over TCP', async () => {
    const response = await overTcp(WITH_BOUNDARY, formBody(fieldPart('note', 'x'), filePart(SAMPLES.png)));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers a multipart body sent to another route with 415 E_VALIDATION', async () => {
    const response = await call(testApp, api.auth.login, {
      headers: { 'content-type': WITH_BOUNDARY },
      body: formBody(fieldPart('username', 'demo'), fieldPart('password', 'demo1234')),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_VALIDATION',
      msg: expect.stringContaining('multipart'),
    });
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

  it.each([
    ['an image type a browser runs script in', 'image/svg+xml', 'svg'],
    ['a page', 'text/html', 'html'],
  ])('serves a stored file of %s as an attachment with nosniff', async (_case, mimeType, extension) => {
    const farmId = await farmIdOf(farmer);
    const storedName = `${randomBytes(16).toString('hex')}.${extension}`;
    await mkdir(path.join(dataDir, 'uploads', String(farmId)), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', String(farmId), storedName), PAGE);
    const [row] = await testApp.db.query<{ id: number }>(
      `INSERT INTO uploads (farm_id, user_id, stored_name, original_name, mime_type, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [farmId, farmer.id, storedName, `old.${extension}`, mimeType, PAGE.length],
    );
    const response = await call(testApp, api.uploads.download, {
      token: farmer.token,
      params: { id: row?.id ?? 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
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
