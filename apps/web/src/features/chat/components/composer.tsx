import { useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../../components/icons';
import { enqueue } from '../lib/outbox';

/** Types a text or picks a picture; each goes to the outbox, which sends it with its own id. */
export function Composer({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');

  const sendText = () => {
    if (text.trim() === '') return;
    enqueue(queryClient, { conversationId, type: 'text', content: text });
    setText('');
  };

  const sendPicture = (file: File | null) => {
    // The preview shows from the file itself until the stored message replaces it.
    if (file) {
      enqueue(queryClient, { conversationId, type: 'image', content: URL.createObjectURL(file), file });
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <FileButton onChange={sendPicture} accept="image/jpeg,image/png,image/webp">
        {(props) => (
          <ActionIcon {...props} variant="light" size="lg" aria-label={t('chat.composer.picture')}>
            <CameraIcon size={20} />
          </ActionIcon>
        )}
      </FileButton>
      <Textarea
        style={{ flex: 1 }}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={4000}
        value={text}
        placeholder={t('chat.composer.placeholder')}
        aria-label={t('chat.composer.placeholder')}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            sendText();
          }
        }}
      />
      <Button onClick={sendText} disabled={text.trim() === ''}>
        {t('chat.composer.send')}
      </Button>
    </Group>
  );
}
