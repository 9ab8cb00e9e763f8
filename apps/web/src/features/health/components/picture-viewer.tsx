import { Center, Loader, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Upload } from '@cowcare/contract/routes/uploads';
import { useUploadImage } from '../api/get-upload-file';

function FullPicture({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  const { ref, ready, failed } = useUploadImage(upload.id);
  if (failed) return <Text c="red">{t('herd.upload.loadFailed')}</Text>;
  if (!ready) {
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  }
  return (
    <img
      ref={ref}
      alt={upload.name}
      data-testid="picture-full"
      style={{ display: 'block', maxWidth: '100%', maxHeight: '78dvh', margin: '0 auto' }}
    />
  );
}

/** A picture at full size (as large as the window allows), over the page; Escape or × closes it. */
export function PictureViewer({ upload, onClose }: { upload: Upload | null; onClose: () => void }) {
  return (
    <Modal
      opened={upload !== null}
      onClose={onClose}
      title={upload?.name}
      size="auto"
      centered
      styles={{ content: { maxWidth: '96vw' } }}
    >
      {upload && <FullPicture upload={upload} />}
    </Modal>
  );
}
