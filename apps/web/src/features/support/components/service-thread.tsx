import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChatMessage, CowCard } from '@cowcare/contract/chat-schemas';
import type { ServiceConversation } from '@cowcare/contract/routes/admin';
import { markRead, threadQuery } from '../api/inbox-api';
import { supportKeys } from '../api/support-client';
import { announceViewing } from '../api/support-socket';
import { SUPPORT_PATHS } from '../support-paths';
import { errorMessage } from '../support-error';
import { ReplyBox } from './reply-box';
import { SupportPicture } from './support-picture';
import { when } from './when';

/** A cow the farmer shared, as the snapshot taken when it was sent; the farm's page shows her as she is now. */
function CowCardLine({ card, farmId }: { card: CowCard; farmId: number }) {
  const values = [
    card.status,
    card.temperature === null ? null : `${card.temperature} °C`,
    card.activity === null ? null : `activity ${card.activity}`,
    card.drink === null ? null : `${card.drink} drinks/24 h`,
    card.readingAt === null ? 'no reading' : `read ${when(card.readingAt)}`,
  ].filter((value) => value !== null);
  return (
    <Text size="sm" data-testid="support-cow-card">
      Cow{' '}
      <Anchor component={Link} to={SUPPORT_PATHS.farm(farmId)}>
        {card.code}
      </Anchor>{' '}
      ({card.sensorKind ?? 'no sensor'}): {values.join(' · ')}
    </Text>
  );
}

function Message({ message, farmer, farmId }: { message: ChatMessage; farmer: string; farmId: number }) {
  const fromSupport = message.from === 'admin';
  return (
    <Group justify={fromSupport ? 'flex-end' : 'flex-start'} component="li" data-testid="support-message">
      <Paper
        p="xs"
        px="sm"
        radius="md"
        maw="80%"
        withBorder={!fromSupport}
        bg={fromSupport ? 'blue.0' : undefined}
      >
        <Text size="xs" fw={600} c="dimmed">
          {fromSupport ? 'Support' : farmer} · {when(message.time)}
        </Text>
        {message.type === 'cow' && message.card && <CowCardLine card={message.card} farmId={farmId} />}
        {message.type === 'image' && <SupportPicture messageId={message.id} />}
        {message.type !== 'image' && message.content !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Text>
        )}
      </Paper>
    </Group>
  );
}

/**
 * One farmer's customer-service conversation: oldest at the top, older pages loaded upwards with the view
 * kept in place; opening it (and each new question while it is open) marks it read for every agent.
 */
export function ServiceThread({
  conversation,
  viewers,
}: {
  conversation: ServiceConversation;
  viewers: string[];
}) {
  const queryClient = useQueryClient();
  const { conversationId } = conversation;
  const history = useInfiniteQuery(threadQuery(conversationId));
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const messages = useMemo(
    () => (history.data?.pages.flatMap((page) => page.messages) ?? []).slice().sort((a, b) => a.seq - b.seq),
    [history.data],
  );

  useEffect(() => {
    announceViewing(conversationId);
    return () => announceViewing(null);
  }, [conversationId]);

  useEffect(() => {
    if (conversation.unread === 0) return;
    markRead(conversationId)
      .then((read) =>
        queryClient.setQueryData(supportKeys.inbox, (inbox: ServiceConversation[] | undefined) =>
          inbox?.map((row) => (row.conversationId === conversationId ? read : row)),
        ),
      )
      .catch(() => undefined);
  }, [conversationId, conversation.unread, queryClient]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop =
      keepFromBottom.current === null ? element.scrollHeight : element.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [messages]);

  const loadOlder = () => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void history.fetchNextPage();
  };

  return (
    <Stack gap="xs" h="100%">
      <Stack gap={2}>
        <Title order={2} size="h4">
          {conversation.name || `User ${conversation.userId}`}
        </Title>
        <Text size="sm" c="dimmed">
          Farm{' '}
          <Anchor component={Link} to={SUPPORT_PATHS.farm(conversation.farmId)}>
            {conversation.farmNumber}
          </Anchor>{' '}
          · {conversation.country} · writes in {conversation.language}
        </Text>
        {viewers.length > 0 && (
          <Text size="sm" c="orange.8" fw={600} role="status">
            {viewers.join(', ')} {viewers.length === 1 ? 'is' : 'are'} also looking at this conversation
          </Text>
        )}
      </Stack>
      <div
        ref={scroller}
        style={{ flex: 1, overflowY: 'auto', minHeight: 240, maxHeight: 'calc(100dvh - 300px)' }}
      >
        {history.isPending && (
          <Center p="lg">
            <Loader size="sm" />
          </Center>
        )}
        {history.isError && <Text c="red">{errorMessage(history.error)}</Text>}
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {history.hasNextPage && (
            <Center component="li">
              <Button variant="subtle" size="xs" onClick={loadOlder} loading={history.isFetchingNextPage}>
                Older messages
              </Button>
            </Center>
          )}
          {messages.map((message) => (
            <Message
              key={message.id}
              message={message}
              farmer={conversation.name || 'Farmer'}
              farmId={conversation.farmId}
            />
          ))}
        </Stack>
      </div>
      <ReplyBox conversationId={conversationId} />
    </Stack>
  );
}
