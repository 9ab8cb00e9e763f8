import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatMessageType, CowCard } from '@cowcare/contract/chat-schemas';
import { formatTime } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { ChatPicture } from './chat-picture';
import { CowCardView } from './cow-card';

interface MessageBubbleProps {
  mine: boolean;
  author: string;
  time: string;
  type: ChatMessageType;
  content: string;
  messageId?: number;
  /** A cow card as stored; a card still being sent shows its cow's code alone. */
  card?: CowCard;
  pendingCowCode?: string;
  /** A message of this device not stored yet: `sending`, or `failed` with a retry. */
  pending?: { status: 'sending' | 'failed'; onRetry: () => void };
  previewUrl?: string;
}

export function MessageBubble({
  mine,
  author,
  time,
  type,
  content,
  messageId,
  card,
  pendingCowCode,
  pending,
  previewUrl,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} component="li" data-testid="chat-message">
      <Paper
        p="xs"
        px="sm"
        radius="md"
        maw="80%"
        withBorder={!mine}
        bg={mine ? 'var(--mantine-color-green-light)' : undefined}
        style={pending?.status === 'failed' ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      >
        <Stack gap={2}>
          {!mine && (
            <Text size="xs" fw={600} c="dimmed">
              {author}
            </Text>
          )}
          {type === 'image' &&
            (messageId !== undefined ? (
              <ChatPicture messageId={messageId} />
            ) : (
              <img src={previewUrl} alt={t('chat.picture')} style={{ maxWidth: '100%', maxHeight: 240 }} />
            ))}
          {type !== 'image' && content !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {content}
            </Text>
          )}
          {type === 'cow' && card && <CowCardView card={card} />}
          {type === 'cow' && !card && (
            <Text size="sm" fw={600}>
              {t('chat.card.preview', { code: pendingCowCode ?? '' })}
            </Text>
          )}
          <Group gap="xs" justify="flex-end">
            {pending?.status === 'failed' ? (
              <>
                <Text size="xs" c="red" role="status">
                  {t('chat.failed')}
                </Text>
                <Button size="compact-xs" variant="light" color="red" onClick={pending.onRetry}>
                  {t('chat.retry')}
                </Button>
              </>
            ) : (
              <Text size="xs" c="dimmed">
                {pending ? t('chat.sending') : formatTime(time, bcp47)}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
    </Group>
  );
}
