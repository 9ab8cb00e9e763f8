import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflate, crc32 } from 'node:zlib';

/*
 * Structural checks of the picture formats the upload call accepts. Each walks the whole file along its
 * container's own rules and says whether it is that format from the first byte to the last: a signature
 * followed by anything else (HTML, a second file) is not. Pixel data is not decoded by a native decoder
 * (decision 0011); PNG's compressed pixels are inflated and measured, which node:zlib does safely.
 */

/** A PNG whose pixels would need more memory than this is refused (about a 7,000 x 7,000 photo). */
export const MAX_PNG_PIXELS = 50_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Channels per colour type (PNG spec 11.2.2, table 11.1) and the bit depths each allows. */
const PNG_COLOUR_TYPES: Readonly<Record<number, { channels: number; depths: readonly number[] }>> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

interface PngHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  interlaced: boolean;
  paletted: boolean;
}

interface PngChunk {
  type: string;
  data: Buffer;
}

const isChunkType = (type: string) => /^[A-Za-z]{4}$/.test(type);

/** Every chunk with its CRC checked (PNG spec 5.3), or undefined when one is cut, mis-sized or corrupt. */
const pngChunks = (bytes: Buffer): PngChunk[] | undefined => {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) return undefined;
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return undefined;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!isChunkType(type)) return undefined;
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) return undefined;
    chunks.push({ type, data: bytes.subarray(offset + 8, end - 4) });
    offset = end;
  }
  return chunks;
};

const pngHeader = (ihdr: PngChunk | undefined): PngHeader | undefined => {
  if (ihdr?.type !== 'IHDR' || ihdr.data.length !== 13) return undefined;
  const width = ihdr.data.readUInt32BE(0);
  const height = ihdr.data.readUInt32BE(4);
  const [depth = -1, colourType = -1, compression, filter, interlace = -1] = ihdr.data.subarray(8);
  const colour = PNG_COLOUR_TYPES[colourType];
  const valid =
    width > 0 &&
    height > 0 &&
    width * height <= MAX_PNG_PIXELS &&
    colour?.depths.includes(depth) === true &&
    compression === 0 &&
    filter === 0 &&
    interlace <= 1;
  if (!valid || !colour) return undefined;
  return {
    width,
    height,
    bitsPerPixel: colour.channels * depth,
    interlaced: interlace === 1,
    paletted: colourType === 3,
  };
};

/** Adam7's seven passes as [x start, y start, x step, y step] (PNG spec 8.2). */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of the filtered image the IDAT stream must inflate to: each row is a filter byte and its pixels. */
export const pngRawSize = ({ width, height, bitsPerPixel, interlaced }: PngHeader): number => {
  const imageBytes = (w: number, h: number) =>
    w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return imageBytes(width, height);
  return ADAM7_PASSES.reduce(
    (sum, [x0, y0, dx, dy]) =>
      sum + imageBytes(Math.ceil(Math.max(0, width - x0) / dx), Math.ceil(Math.max(0, height - y0) / dy)),
    0,
  );
};

/** The size a zlib stream inflates to, stopping as soon as it passes `limit` (a zlib bomb costs nothing). */
const inflatedSize = async (compressed: Buffer, limit: number): Promise<number | undefined> => {
  let size = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? new Error('inflates past its limit') : null);
    },
  });
  const inflate = createInflate();
  inflate.end(compressed);
  return pipeline(inflate, counter).then(
    () => size,
    () => undefined,
  );
};

/**
 * A PNG: IHDR first, valid chunk CRCs, a palette before the pixels when paletted, the IDAT chunks in one
 * run, IEND last and nothing after it, and pixels that inflate to exactly the size IHDR promises.
 */
export const isWellFormedPng = async (bytes: Buffer): Promise<boolean> => {
  const chunks = pngChunks(bytes);
  const header = pngHeader(chunks?.[0]);
  if (!chunks || !header || chunks.at(-1)?.type !== 'IEND') return false;
  const types = chunks.map((chunk) => chunk.type);
  const firstIdat = types.indexOf('IDAT');
  const idatRun = types.lastIndexOf('IDAT') - firstIdat + 1;
  const structured =
    firstIdat > 0 &&
    types.slice(firstIdat, firstIdat + idatRun).every((type) => type === 'IDAT') &&
    types.filter((type) => type === 'IHDR' || type === 'IEND').length === 2 &&
    (!header.paletted || types.slice(0, firstIdat).includes('PLTE'));
  if (!structured) return false;
  const compressed = Buffer.concat(
    chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data),
  );
  const expected = pngRawSize(header);
  return (await inflatedSize(compressed, expected)) === expected;
};

const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** Where the entropy-coded data after a scan header ends: the next marker that is not a stuffed 0 or RSTn. */
const endOfScanData = (bytes: Buffer, from: number): number => {
  for (let offset = from; offset + 1 < bytes.length; offset += 1) {
    const next = bytes[offset + 1] ?? 0;
    if (bytes[offset] === 0xff && next !== 0x00 && !isRestart(next)) return offset;
  }
  return bytes.length;
};

const isValidFrameHeader = (segment: Buffer) => {
  const components = segment[5] ?? 0;
  return (
    segment.length === 6 + 3 * components &&
    [8, 12, 16].includes(segment[0] ?? 0) &&
    segment.readUInt16BE(3) > 0 &&
    components >= 1 &&
    components <= 4
  );
};

const isValidScanHeader = (segment: Buffer) => {
  const components = segment[0] ?? 0;
  return components >= 1 && components <= 4 && segment.length === 4 + 2 * components;
};

/**
 * A JPEG: SOI, then marker segments whose lengths stay inside the file, a frame header (SOFn) before the
 * first scan (SOS), the scans' entropy-coded data, and EOI (ITU T.81, annex B). Bytes after EOI are
 * allowed: phones store a second picture (MPF) or a motion clip there, and no viewer shows them.
 */
export const isWellFormedJpeg = (bytes: Buffer): boolean => {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  let sawFrame = false;
  let sawScan = false;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    while (bytes[offset] === 0xff) offset += 1; // fill bytes before a marker
    const marker = bytes[offset] ?? 0;
    offset += 1;
    if (marker === 0xd9) return sawFrame && sawScan;
    if (isRestart(marker) || marker === 0x01) continue;
    if (marker === 0x00 || marker === 0xd8 || offset + 2 > bytes.length) return false;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return false;
    const segment = bytes.subarray(offset + 2, offset + length);
    offset += length;
    if (isStartOfFrame(marker)) {
      if (!isValidFrameHeader(segment)) return false;
      sawFrame = true;
    } else if (marker === 0xda) {
      if (!sawFrame || !isValidScanHeader(segment)) return false;
      sawScan = true;
      offset = endOfScanData(bytes, offset);
    }
  }
  return false; // no EOI: cut short
};

interface RiffChunk {
  fourCc: string;
  data: Buffer;
}

/** The chunks of a RIFF WEBP file, which must fill it exactly (RIFF size, even padding), or undefined. */
const webpChunks = (bytes: Buffer): RiffChunk[] | undefined => {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF') return undefined;
  if (bytes.toString('latin1', 8, 12) !== 'WEBP' || bytes.readUInt32LE(4) + 8 !== bytes.length) {
    return undefined;
  }
  const chunks: RiffChunk[] = [];
  let offset = 12;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return undefined;
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size;
    if (end > bytes.length) return undefined;
    chunks.push({
      fourCc: bytes.toString('latin1', offset, offset + 4),
      data: bytes.subarray(offset + 8, end),
    });
    offset = end + (size % 2);
  }
  return offset === bytes.length ? chunks : undefined;
};

/** A lossy key frame: its tag, start code and non-zero size (RFC 6386, 9.1). */
const isVp8KeyFrame = (data: Buffer) =>
  data.length >= 10 &&
  ((data[0] ?? 1) & 1) === 0 &&
  data[3] === 0x9d &&
  data[4] === 0x01 &&
  data[5] === 0x2a &&
  (data.readUInt16LE(6) & 0x3fff) > 0 &&
  (data.readUInt16LE(8) & 0x3fff) > 0;

/** A lossless bitstream: signature 0x2f and version 0 (RFC 9649, 3.2). */
const isVp8lStream = (data: Buffer) => data.length >= 5 && data[0] === 0x2f && (data[4] ?? 0xff) >> 5 === 0;

const isImageChunk = ({ fourCc, data }: RiffChunk) =>
  (fourCc === 'VP8 ' && isVp8KeyFrame(data)) || (fourCc === 'VP8L' && isVp8lStream(data));

/**
 * A WebP: a RIFF container filled exactly by its chunks, a simple file's one bitstream (VP8 or VP8L) or an
 * extended file (VP8X) with a bitstream or animation frames (RFC 9649).
 */
export const isWellFormedWebp = (bytes: Buffer): boolean => {
  const chunks = webpChunks(bytes);
  const [first] = chunks ?? [];
  if (!chunks || !first) return false;
  if (first.fourCc !== 'VP8X') return chunks.length === 1 && isImageChunk(first);
  if (first.data.length < 10) return false;
  const rest = chunks.slice(1);
  return rest.some(isImageChunk) || rest.some((chunk) => chunk.fourCc === 'ANMF');
};
