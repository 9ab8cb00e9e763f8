import { useMutation } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { UPLOAD_FIELD_NAME } from '@cowcare/contract/routes/uploads';
import { call } from '../../../lib/api-client';

/** One picture or PDF, as multipart; the server decides the type from the bytes and limits the size. */
export function uploadFile(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD_NAME, file, file.name);
  return call(api.uploads.upload, { form });
}

export const useUploadFile = () => useMutation({ mutationFn: uploadFile });
