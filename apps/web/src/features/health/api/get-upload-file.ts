import type { RefObject } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { callForFile } from '../../../lib/api-client';
import { useBlobImage } from '../../../lib/use-blob-image';

/** An upload's bytes: the download needs the token, so an <img src> cannot fetch it itself. */
export const uploadFileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['upload-file', id],
    queryFn: ({ signal }) => callForFile(api.uploads.download, { params: { id }, signal, silent: true }),
    // An upload never changes: fetched once per page visit.
    staleTime: Infinity,
  });

/**
 * Shows an upload's bytes in an <img>: `ref` goes on the image, whose source is an object URL made when
 * the bytes arrive and released when the image goes. `ready` once the bytes are here.
 */
export function useUploadImage(id: number): {
  ref: RefObject<HTMLImageElement | null>;
  ready: boolean;
  failed: boolean;
} {
  const file = useQuery(uploadFileQueryOptions(id));
  const ref = useBlobImage(file.data);
  return { ref, ready: file.data !== undefined, failed: file.isError };
}
