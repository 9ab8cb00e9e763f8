import { useLayoutEffect, useMemo, useRef } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FriendRelation } from '@cowcare/contract/chat-schemas';
import { QueryError } from '../../../components/query-error';
import { getUser } from '../../../lib/session';
import { groupQuery, historyQuery } from '../api/chat-api';
import { retry, usePending } from '../lib/outbox';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

/**
 * One conversation: its history oldest at the top, loaded a page at a time upwards; loading older pages keeps
 * what the user was looking at in place. This device's unsent messages follow, marked, with a retry.
 */
export function ConversationView({ relation }: { relation: FriendRelation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const history = useInfiniteQuery(historyQuery(relation.conversationId));
  const group = useQuery({ ...groupQuery(relation.gid), enabled: relation.kind === 'group' });
  const pending = usePending(relation.conversationId);
  const me = getUser()?.id;
  const scroller = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before older messages were added above: kept, so nothing jumps. */
  const keepFromBottom = useRef<number | null>(null);

  const messages = useMemo(
    () => (history.data?.pages.flatMap((page) => page.messages) ?? []).slice().sort((a, b) => a.seq - b.seq),
    [history.data],
  );
  const names = useMemo(
    () => new Map((group.data?.users ?? []).map((user) => [user.uid, user.name])),
    [group.data],
  );

  const authorOf = (uid: number, from: 'user' | 'admin') => {
    if (from === 'admin') return t('chat.administrator');
    if (relation.kind === 'direct') return relation.name;
    return names.get(uid) ?? '';
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      // A new message (or the first page): show the newest.
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, pending.length]);

  const loadOlder = () => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void history.fetchNextPage();
  };

  return (
    <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
      <div
        ref={scroller}
        style={{ flex: 1, overflowY: 'auto', minHeight: 240, maxHeight: 'calc(100dvh - 260px)' }}
        data-testid="chat-scroller"
      >
        {history.isPending && (
          <Center p="lg">
            <Loader size="sm" />
          </Center>
        )}
        {history.isError && <QueryError error={history.error} onRetry={() => void history.refetch()} />}
        {/* This device's unsent messages show even while the history cannot load (offline). */}
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {history.hasNextPage && (
            <Center component="li">
              <Button variant="subtle" size="xs" onClick={loadOlder} loading={history.isFetchingNextPage}>
                {t('chat.loadOlder')}
              </Button>
            </Center>
          )}
          {history.isSuccess && messages.length === 0 && pending.length === 0 && (
            <Text component="li" c="dimmed" ta="center" size="sm" p="md">
              {relation.kind === 'service' ? t('chat.serviceHint') : t('chat.empty')}
            </Text>
          )}
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              mine={message.from === 'user' && message.uid === me}
              author={authorOf(message.uid, message.from)}
              time={message.time}
              type={message.type}
              content={message.content}
              messageId={message.id}
              card={message.card}
            />
          ))}
          {pending.map((message) => (
            <MessageBubble
              key={message.clientId}
              mine
              author=""
              time={message.time}
              type={message.type}
              content={message.content}
              previewUrl={message.content}
              pendingCowCode={message.cow?.code}
              pending={{ status: message.status, onRetry: () => retry(queryClient, message.clientId) }}
            />
          ))}
        </Stack>
      </div>
      <Composer conversationId={relation.conversationId} />
    </Stack>
  );
}
