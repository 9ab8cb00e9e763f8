import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { Id, IdParam } from '../schemas';

const tag = 'uploads';

/**
 * Types are decided from the file's whole content (it must be that format from its first byte to its last,
 * with no HTML or script in it), never from its name or the client's content type.
 */
export const ALLOWED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadMimeType = (typeof ALLOWED_UPLOAD_TYPES)[number];

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The multipart field that carries the file. */
export const UPLOAD_FIELD_NAME = 'file';

export const UploadSchema = Type.Object({
  id: Id,
  name: Type.String({ description: 'the file name as uploaded, with the extension of its real type' }),
  mimeType: Type.String({ description: 'sniffed from the bytes' }),
  sizeBytes: Type.Integer({ minimum: 1 }),
  url: Type.String({ description: 'API path that serves the file to the owning farm (bearer token)' }),
});
export type Upload = Static<typeof UploadSchema>;

export const upload = defineRoute({
  method: 'POST',
  path: 'common/common/upload',
  access: 'user',
  tag,
  summary:
    'Upload one picture or file as multipart/form-data in the field "file": JPEG, PNG, WebP or PDF by ' +
    'its whole content, at most 10 MiB (413 above, 415 for another type or a file that is not wholly ' +
    'that type, 400 for a malformed multipart body)',
  data: UploadSchema,
});

export const download = defineRoute({
  method: 'GET',
  path: 'common/common/upload/:id',
  access: 'user',
  tag,
  summary:
    'The file itself (not a JSON envelope) with its content type, only to the owning farm; images ' +
    'inline, PDFs as an attachment',
  params: Type.Object({ id: IdParam }),
  data: Type.Null({ description: 'never sent: a success answers the file bytes' }),
});
