// Uploads as a careless or hostile client sends them: files of every allowed type and of none, names with
// NUL and path parts, and multipart bodies that are broken (no boundary, the wrong one, cut short).
import fc from 'fast-check';
import { UPLOAD_FIELD_NAME } from '@cowcare/contract/routes/uploads';
import { HOSTILE_TEXT } from './schema-arbitrary';

/** A request body and its content type, as sent. */
export interface RawUpload {
  payload: Buffer;
  contentType: string;
  /** What is wrong with it, or 'a valid upload'. */
  what: string;
}

const base64 = (text: string) => Buffer.from(text, 'base64');

/** The smallest files of each allowed type (the upload tests use the same). */
export const SAMPLE_FILES = {
  png: base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=='),
  jpeg: base64('/9j/4AAQSkZJRgABAQAAAQABAAD/2Q=='),
  webp: base64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
} as const;

const OTHER_FILES: readonly Buffer[] = [
  Buffer.concat([SAMPLE_FILES.png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from('just text'),
  Buffer.alloc(0),
  Buffer.from([0xff, 0xd8]),
];

interface Part {
  field: string;
  fileName?: string;
  contentType?: string;
  bytes: Buffer;
}

const BOUNDARY = '----cowcarefuzz7d1f';

const partText = (part: Part): Buffer => {
  const name = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
  const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"${name}${type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), part.bytes, Buffer.from('\r\n')]);
};

const multipart = (parts: readonly Part[]): Buffer =>
  Buffer.concat([...parts.map(partText), Buffer.from(`--${BOUNDARY}--\r\n`)]);

const WELL_FORMED_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const fileName = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('cow.png', 'udder photo.jpeg', 'lab report.pdf', 'leg.webp') },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT.filter((text) => !text.includes('"'))) },
);

const file = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...Object.values(SAMPLE_FILES)) },
  { weight: 1, arbitrary: fc.constantFrom(...OTHER_FILES) },
);

const validUpload: fc.Arbitrary<RawUpload> = fc
  .tuple(file, fileName, fc.constantFrom('image/png', 'application/octet-stream', 'text/html'))
  .map(([bytes, name, type]) => ({
    payload: multipart([{ field: UPLOAD_FIELD_NAME, fileName: name, contentType: type, bytes }]),
    contentType: WELL_FORMED_TYPE,
    what: `file ${JSON.stringify(name.slice(0, 40))} of ${bytes.length} bytes`,
  }));

const withFile = (what: string, shape: (body: Buffer) => Omit<RawUpload, 'what'>) =>
  file.map((bytes) => ({
    ...shape(multipart([{ field: UPLOAD_FIELD_NAME, fileName: 'cow.png', contentType: 'image/png', bytes }])),
    what,
  }));

const brokenUpload: fc.Arbitrary<RawUpload> = fc.oneof(
  withFile('no boundary', (payload) => ({ payload, contentType: 'multipart/form-data' })),
  withFile('the wrong boundary', (payload) => ({
    payload,
    contentType: 'multipart/form-data; boundary=not-the-one',
  })),
  withFile('an empty boundary', (payload) => ({ payload, contentType: 'multipart/form-data; boundary=' })),
  fc.tuple(file, fc.double({ min: 0, max: 1, noNaN: true })).map(([bytes, cut]) => {
    const whole = multipart([{ field: UPLOAD_FIELD_NAME, fileName: 'cow.png', bytes }]);
    const at = Math.floor(whole.length * cut);
    return { payload: whole.subarray(0, at), contentType: WELL_FORMED_TYPE, what: `cut at byte ${at}` };
  }),
  file.map((bytes) => ({
    payload: multipart([{ field: 'picture', fileName: 'cow.png', bytes }]),
    contentType: WELL_FORMED_TYPE,
    what: 'the file in another field',
  })),
  file.map((bytes) => ({
    payload: multipart([{ field: UPLOAD_FIELD_NAME, bytes }]),
    contentType: WELL_FORMED_TYPE,
    what: 'a field without a file name',
  })),
  file.map((bytes) => ({
    payload: multipart([
      { field: UPLOAD_FIELD_NAME, fileName: 'a.png', bytes },
      { field: UPLOAD_FIELD_NAME, fileName: 'b.png', bytes },
    ]),
    contentType: WELL_FORMED_TYPE,
    what: 'two files',
  })),
  fc.constant({
    payload: multipart(
      Array.from({ length: 8 }, (_, index) => ({ field: `field${index}`, bytes: Buffer.from('x') })),
    ),
    contentType: WELL_FORMED_TYPE,
    what: 'eight plain fields and no file',
  }),
  fc.constant({
    payload: Buffer.from('{"file":"cow.png"}'),
    contentType: WELL_FORMED_TYPE,
    what: 'JSON sent as multipart',
  }),
  fc.constant({
    payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
    contentType: WELL_FORMED_TYPE,
    what: 'a part without a name',
  }),
  fc.constant({ payload: Buffer.alloc(0), contentType: WELL_FORMED_TYPE, what: 'an empty body' }),
);

/** Valid uploads one time in three, broken ones otherwise. */
export const uploadArbitrary: fc.Arbitrary<RawUpload> = fc.oneof(
  { weight: 1, arbitrary: validUpload },
  { weight: 2, arbitrary: brokenUpload },
);
