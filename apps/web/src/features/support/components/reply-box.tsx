import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ChatPage } from '@cowcare/contract/chat-schemas';
import { MAX_CHAT_TEXT } from '@cowcare/contract/chat-schemas';
import { withMessage } from '../../../lib/chat-history';
import { replyToFarmer } from '../api/inbox-api';
import { supportKeys } from '../api/support-client';
import { errorMessage } from '../support-error';

interface Unsent {
  clientId: string;
  content: string;
  error: string | null;
}

/**
 * The agent's answer. Each answer keeps its client id until the server stored it, so "Retry" after a
 * dropped connection can never post it twice (the server answers the stored one for a known id).
 */
export function ReplyBox({ conversationId }: { conversationId: number }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [unsent, setUnsent] = useState<Unsent | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (reply: Unsent) => {
    setSending(true);
    setUnsent(reply);
    try {
      const stored = await replyToFarmer({
        conversationId,
        clientId: reply.clientId,
        content: reply.content,
      });
      queryClient.setQueryData<InfiniteData<ChatPage, number>>(supportKeys.thread(conversationId), (data) =>
        withMessage(data, stored),
      );
      setUnsent(null);
    } catch (error) {
      setUnsent({ ...reply, error: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  const submit = () => {
    const content = text.trim();
    if (!content || sending) return;
    setText('');
    void send({ clientId: crypto.randomUUID(), content, error: null });
  };

  return (
    <Stack gap={4}>
      {unsent?.error && (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red">
            Not sent: “{unsent.content}” ({unsent.error})
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={() => void send({ ...unsent, error: null })}
          >
            Retry
          </Button>
        </Group>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label="Answer"
          placeholder="Answer as the Administrator (Enter sends)"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MAX_CHAT_TEXT}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button onClick={submit} loading={sending} disabled={text.trim() === ''}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
