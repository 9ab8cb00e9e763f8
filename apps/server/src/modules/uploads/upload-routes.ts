import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api } from '@cowcare/contract/api';
import { apiPath } from '@cowcare/contract/route';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { ALLOWED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, UPLOAD_FIELD_NAME } from '@cowcare/contract/routes/uploads';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { presentUpload } from './upload-presenter';
import {
  displayNameOf,
  isStoredFile,
  removeUploadFile,
  sniffUploadType,
  storeUploadFile,
  uploadFilePath,
} from './upload-files';
import { findUploadInFarm, insertUpload, type UploadRow } from './uploads-repository';

const MAX_MIB = MAX_UPLOAD_BYTES / 1024 / 1024;
const UPLOAD_URL = apiPath({ path: api.uploads.upload.path });

/**
 * Only the upload call reads a multipart body: any other route would pass it on as a missing body, so it
 * is refused as the content type no route accepts.
 */
const refuseMultipartElsewhere = async (request: FastifyRequest): Promise<void> => {
  if (request.isMultipart() && request.routeOptions.url !== UPLOAD_URL) {
    throw new AppError(
      415,
      ERROR_CODES.validation,
      `Only ${api.uploads.upload.method} ${UPLOAD_URL} takes multipart/form-data; send this call JSON`,
    );
  }
};

/** The multipart parser for the upload route; the app's JSON body limit does not apply to it. */
export const registerUploadSupport = async (app: FastifyInstance): Promise<void> => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  app.addHook('preValidation', refuseMultipartElsewhere);
};

const tooLarge = () =>
  new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than ${MAX_MIB} MiB; nothing was stored`,
  );

const fileRequired = () =>
  badRequest(ERROR_CODES.validation, `${UPLOAD_FIELD_NAME} is required (a multipart file field)`);

/**
 * What the multipart parser (busboy, @fastify/multipart) throws is about the body the client sent: a
 * missing or wrong boundary, a body cut short, a malformed part, more parts than an upload has. Each is a
 * 400 (the file's size a 413), never a 500. The parser's message is its own text, not the client's bytes.
 */
const asUploadRefusal = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') {
    return badRequest(
      ERROR_CODES.validation,
      `Send one file per upload, in the field "${UPLOAD_FIELD_NAME}"`,
    );
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest(ERROR_CODES.validation, 'The form has more parts than an upload takes (one file)');
  }
  const reason = typeof message === 'string' ? `: ${message.slice(0, 120)}` : '';
  return badRequest(ERROR_CODES.validation, `The multipart body is malformed${reason}`);
};

/** The one file of the body, read whole; other fields are ignored, a second file is refused. */
const readOnlyFile = async (request: FastifyRequest) => {
  let file: { name: string; bytes: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== UPLOAD_FIELD_NAME) throw fileRequired();
    file = { name: part.filename, bytes: await part.toBuffer() };
  }
  return file;
};

/**
 * The one file of the request, whole: a file above the limit is refused before anything is written, and
 * the body is read to its end, so a body cut short or a second file is noticed, not half-stored.
 */
const readUploadedFile = async (request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> => {
  if (!request.isMultipart()) {
    throw badRequest(
      ERROR_CODES.validation,
      `Send the file as multipart/form-data in the field "${UPLOAD_FIELD_NAME}"`,
    );
  }
  const file = await readOnlyFile(request).catch((error: unknown) => {
    throw asUploadRefusal(error);
  });
  if (!file) throw fileRequired();
  if (file.bytes.length === 0) throw badRequest(ERROR_CODES.validation, `${UPLOAD_FIELD_NAME} is empty`);
  return file;
};

const unsupportedType = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedFileType,
    `This file type is not accepted: upload a JPEG, PNG or WebP picture or a PDF (${ALLOWED_UPLOAD_TYPES.join(', ')})`,
  );

/** The pictures a browser may show in the page; anything else, whatever its type says, is downloaded. */
const INLINE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

const contentDisposition = (upload: UploadRow): string => {
  const disposition = INLINE_TYPES.has(upload.mimeType) ? 'inline' : 'attachment';
  const asciiName = upload.originalName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`;
};

/**
 * Streams the file past the JSON envelope: the reply is taken over (hijacked) only once the file is known
 * to exist, so every refusal before that is an ordinary error answer.
 */
export const sendFile = async (reply: FastifyReply, filePath: string, upload: UploadRow): Promise<null> => {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': upload.mimeType,
    'content-length': String(upload.sizeBytes),
    'content-disposition': contentDisposition(upload),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-cache',
  });
  await pipeline(createReadStream(filePath), reply.raw).catch((error: unknown) => {
    reply.log.warn({ err: error, uploadId: upload.id }, 'upload stream ended early');
    reply.raw.destroy();
  });
  return null;
};

export const uploadRoutes = ({ db, config }: Services) => [
  bind(api.uploads.upload, async ({ request, user }) => {
    const file = await readUploadedFile(request);
    const type = await sniffUploadType(file.bytes);
    if (!type) throw unsupportedType();
    const storedName = await storeUploadFile(config.dataDir, user.farmId, type.extension, file.bytes);
    try {
      const row = await insertUpload(db, {
        farmId: user.farmId,
        userId: user.userId,
        storedName,
        originalName: displayNameOf(file.name, type.extension),
        mimeType: type.mimeType,
        sizeBytes: file.bytes.length,
      });
      return presentUpload(row);
    } catch (error) {
      await removeUploadFile(config.dataDir, user.farmId, storedName);
      throw error;
    }
  }),

  bind(api.uploads.download, async ({ params, user, reply }) => {
    const upload = await findUploadInFarm(db, user.farmId, params.id);
    if (!upload) throw notFound('There is no such upload in this farm');
    const filePath = uploadFilePath(config.dataDir, user.farmId, upload.storedName);
    if (!(await isStoredFile(filePath))) throw notFound('The file of this upload is no longer stored');
    return sendFile(reply, filePath, upload);
  }),
];
