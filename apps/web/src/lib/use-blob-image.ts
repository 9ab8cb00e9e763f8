import { useEffect, useRef, type RefObject } from 'react';

/**
 * Shows bytes that need the token (an upload, a chat picture) in an <img>: `ref` goes on the image, whose
 * source is an object URL made when the bytes arrive and released when the image goes.
 */
export function useBlobImage(blob: Blob | undefined): RefObject<HTMLImageElement | null> {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!blob || !image) return;
    const objectUrl = URL.createObjectURL(blob);
    image.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return ref;
}
