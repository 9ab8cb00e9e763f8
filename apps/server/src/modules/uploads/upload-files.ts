import { randomBytes } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { ALLOWED_UPLOAD_TYPES, type UploadMimeType } from '@cowcare/contract/routes/uploads';
import { isWellFormedJpeg, isWellFormedPng, isWellFormedWebp } from './image-structure';
import { carriesMarkup } from './markup-scan';
import { isWellFormedPdf } from './pdf-structure';

const EXTENSION_OF_TYPE: Readonly<Record<UploadMimeType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const isAllowedType = (mime: string): mime is UploadMimeType =>
  (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(mime);

export interface SniffedType {
  mimeType: UploadMimeType;
  extension: string;
}

/** Whether the whole file is what its signature says, walked by the rules of that format. */
const IS_WELL_FORMED: Readonly<Record<UploadMimeType, (bytes: Buffer) => boolean | Promise<boolean>>> = {
  'image/jpeg': isWellFormedJpeg,
  'image/png': isWellFormedPng,
  'image/webp': isWellFormedWebp,
  'application/pdf': isWellFormedPdf,
};

/** A read past the end of a cut file is the file's fault: it is simply not well formed. */
const readsWithinFile = async (check: () => boolean | Promise<boolean>): Promise<boolean> => {
  try {
    return await check();
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
};

/**
 * The type of an upload, decided by its whole content: the signature names a candidate (file-type), the
 * file must then be that format from its first byte to its last, and carry no HTML or script markup.
 * Undefined for anything else, which the route refuses with 415.
 */
export const sniffUploadType = async (bytes: Buffer): Promise<SniffedType | undefined> => {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAllowedType(detected.mime)) return undefined;
  const mimeType = detected.mime;
  if (carriesMarkup(bytes)) return undefined;
  if (!(await readsWithinFile(() => IS_WELL_FORMED[mimeType](bytes)))) return undefined;
  return { mimeType, extension: EXTENSION_OF_TYPE[mimeType] };
};

const MAX_NAME_LENGTH = 200;

/**
 * The client's file name, kept for display only: no folders, no control characters, and the extension of
 * the real type, so a JPEG sent as "scan.png" is downloaded as "scan.jpg".
 */
export const displayNameOf = (clientName: string, extension: string): string => {
  const base = (clientName.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return `${stem.slice(0, MAX_NAME_LENGTH) || 'upload'}.${extension}`;
};

/** Files live in DATA_DIR/uploads/<farmId>/ under random names; nothing the client sent becomes a path. */
export const uploadFilePath = (dataDir: string, farmId: number, storedName: string): string =>
  path.join(dataDir, 'uploads', String(farmId), storedName);

export const storeUploadFile = async (
  dataDir: string,
  farmId: number,
  extension: string,
  bytes: Uint8Array,
): Promise<string> => {
  const storedName = `${randomBytes(16).toString('hex')}.${extension}`;
  const filePath = uploadFilePath(dataDir, farmId, storedName);
  await mkdir(path.dirname(filePath), { recursive: true, mode: 0o750 });
  await writeFile(filePath, bytes, { flag: 'wx', mode: 0o640 });
  return storedName;
};

export const removeUploadFile = async (
  dataDir: string,
  farmId: number,
  storedName: string,
): Promise<void> => {
  await unlink(uploadFilePath(dataDir, farmId, storedName)).catch(() => undefined);
};

export const isStoredFile = async (filePath: string): Promise<boolean> =>
  stat(filePath).then(
    (info) => info.isFile(),
    () => false,
  );
