import { api } from '@cowcare/contract/api';
import { apiPath, fillPath } from '@cowcare/contract/route';
import type { Upload } from '@cowcare/contract/routes/uploads';
import type { UploadRow } from './uploads-repository';

export const presentUpload = (row: UploadRow): Upload => ({
  id: row.id,
  name: row.originalName,
  mimeType: row.mimeType,
  sizeBytes: row.sizeBytes,
  url: apiPath({ path: fillPath(api.uploads.download.path, { id: row.id }) }),
});
