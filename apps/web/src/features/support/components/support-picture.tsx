import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useBlobImage } from '../../../lib/use-blob-image';
import { pictureQuery } from '../api/inbox-api';

/** A farmer's picture: its bytes need the agent's token, so they come as a blob shown from an object URL. */
export function SupportPicture({ messageId }: { messageId: number }) {
  const file = useQuery(pictureQuery(messageId));
  const ref = useBlobImage(file.data);
  if (file.isError) return <Text size="sm">Picture (no longer stored)</Text>;
  if (!file.data) return <Loader size="sm" />;
  return (
    <img
      ref={ref}
      alt="Picture from the farmer"
      style={{ maxWidth: '100%', maxHeight: 280, borderRadius: 6 }}
    />
  );
}
