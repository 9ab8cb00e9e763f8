import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlobImage } from '../../../lib/use-blob-image';
import { pictureQuery } from '../api/chat-api';

/** A picture message: its bytes need the token, so they come as a blob shown from an object URL. */
export function ChatPicture({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const file = useQuery(pictureQuery(messageId));
  const ref = useBlobImage(file.data);
  if (file.isError) return <Text size="sm">{t('chat.picture')}</Text>;
  if (!file.data) return <Loader size="sm" />;
  return (
    <img ref={ref} alt={t('chat.picture')} style={{ maxWidth: '100%', maxHeight: 240, borderRadius: 6 }} />
  );
}
