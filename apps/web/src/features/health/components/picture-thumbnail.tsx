import { Box, Center, Loader, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@cowcare/contract/routes/uploads';
import { AlertIcon, FileIcon } from '../../../components/icons';
import { useUploadImage } from '../api/get-upload-file';

/** The types a browser shows as a picture; a PDF is a file to download. */
export const isPicture = (upload: Upload): boolean => upload.mimeType.startsWith('image/');

function PictureImage({ upload, size }: { upload: Upload; size: number }) {
  const { t } = useTranslation();
  const { ref, ready, failed } = useUploadImage(upload.id);
  if (failed) {
    return (
      <Center w={size} h={size} c="red" title={t('herd.upload.loadFailed')}>
        <AlertIcon size={18} />
      </Center>
    );
  }
  if (!ready) {
    return (
      <Center w={size} h={size}>
        <Loader size="xs" />
      </Center>
    );
  }
  return (
    <img
      ref={ref}
      alt={upload.name}
      width={size}
      height={size}
      style={{ objectFit: 'cover', display: 'block' }}
      data-testid="picture-thumbnail"
    />
  );
}

/**
 * A picture as a small square (a PDF as its icon); with `onOpen` it is a button that opens it full size.
 */
export function PictureThumbnail({
  upload,
  size = 88,
  onOpen,
}: {
  upload: Upload;
  size?: number;
  onOpen?: (upload: Upload) => void;
}) {
  const { t } = useTranslation();
  const face = isPicture(upload) ? (
    <PictureImage upload={upload} size={size} />
  ) : (
    <Center w={size} h={size} c="dimmed">
      <FileIcon size={Math.min(28, size / 2)} />
    </Center>
  );
  const frame = {
    w: size,
    h: size,
    style: {
      borderRadius: 6,
      overflow: 'hidden',
      border: '1px solid var(--mantine-color-gray-3)',
      flexShrink: 0,
    },
  } as const;
  if (!onOpen) return <Box {...frame}>{face}</Box>;
  return (
    <UnstyledButton
      {...frame}
      onClick={() => onOpen(upload)}
      aria-label={t(isPicture(upload) ? 'herd.upload.open' : 'herd.upload.download', { name: upload.name })}
      title={upload.name}
    >
      {face}
    </UnstyledButton>
  );
}
