import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api } from '@cowcare/contract/api';
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

/** The multipart parser for the upload route; the app's JSON body limit does not apply to it. */
export const registerUploadSupport = async (app: FastifyInstance): Promise<void> => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
};

const tooLarge = () =>
  new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `The file is larger than ${MAX_MIB} MiB; nothing was stored`,
  );

/** The one file of the request, whole: a file above the limit is refused before anything is written. */
const readUploadedFile = async (request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> => {
  if (!request.isMultipart()) {
    throw badRequest(
      ERROR_CODES.validation,
      `Send the file as multipart/form-data in the field "${UPLOAD_FIELD_NAME}"`,
    );
  }
  const part = await request.file();
  if (!part || part.fieldname !== UPLOAD_FIELD_NAME) {
    throw badRequest(ERROR_CODES.validation, `${UPLOAD_FIELD_NAME} is required (a multipart file field)`);
  }
  const bytes = await part.toBuffer().catch((error: unknown) => {
    throw (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
  });
  if (bytes.length === 0) throw badRequest(ERROR_CODES.validation, `${UPLOAD_FIELD_NAME} is empty`);
  return { name: part.filename, bytes };
};

const unsupportedType = () =>
  new AppError(
    415,
    ERROR_CODES.unsupportedFileType,
    `This file type is not accepted: upload a JPEG, PNG or WebP picture or a PDF (${ALLOWED_UPLOAD_TYPES.join(', ')})`,
  );

const contentDisposition = (upload: UploadRow): string => {
  const disposition = upload.mimeType.startsWith('image/') ? 'inline' : 'attachment';
  const asciiName = upload.originalName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`;
};

/**
 * Streams the file past the JSON envelope: the reply is taken over (hijacked) only once the file is known
 * to exist, so every refusal before that is an ordinary error answer.
 */
const sendFile = async (reply: FastifyReply, filePath: string, upload: UploadRow): Promise<null> => {
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
