import { useEffect, useState } from 'react';
import { ActionIcon, Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FriendRelation } from '@cowcare/contract/chat-schemas';
import { BackIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { relationsQuery, zeroUnread } from '../api/chat-api';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { FriendsPanel } from '../components/friends-panel';
import { GroupSettingsDialog, NewGroupDialog } from '../components/group-dialogs';
import { zeroInRelations } from '../lib/history-cache';
import { useChatLive } from '../lib/use-chat-live';

/**
 * The message screen (spec §2 `message`, §4 "Chat"): customer service with the Administrator, friends and
 * groups. Selecting a conversation makes it current and zeroes its unread count here and on the server (and
 * so on the user's other devices). A phone shows the list or one conversation; a desktop both side by side.
 */
export function MessageRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const wide = useMediaQuery('(min-width: 62em)');
  const [search, setSearch] = useSearchParams();
  const [panel, setPanel] = useState<'chats' | 'friends'>('chats');
  const [newGroup, setNewGroup] = useState(false);
  const [settings, setSettings] = useState(false);
  const relations = useQuery(relationsQuery());
  const currentId = Number(search.get('c')) || undefined;
  const current = relations.data?.find((relation) => relation.conversationId === currentId);
  useChatLive(current);

  // Opening a conversation with unread messages reads them, on every device of the user.
  const unread = current?.count ?? 0;
  const currentRelationId = current?.id;
  useEffect(() => {
    if (currentRelationId === undefined || unread === 0 || currentId === undefined) return;
    zeroInRelations(queryClient, currentId);
    void zeroUnread(currentRelationId).catch(() => undefined);
  }, [currentRelationId, currentId, unread, queryClient]);

  const select = (relation: FriendRelation) => setSearch({ c: String(relation.conversationId) });
  const close = () => setSearch({});

  const titleOf = (relation: FriendRelation) =>
    relation.kind === 'service' ? t('chat.administrator') : relation.name;

  if (relations.isPending) {
    return (
      <Page title={t('chat.title')}>
        <PageLoader />
      </Page>
    );
  }
  if (relations.isError) {
    return (
      <Page title={t('chat.title')}>
        <QueryError error={relations.error} onRetry={() => void relations.refetch()} />
      </Page>
    );
  }

  const list = (
    <Stack gap="sm">
      <SegmentedControl
        value={panel}
        onChange={(value) => setPanel(value)}
        data={[
          { value: 'chats', label: t('chat.tabs.chats') },
          { value: 'friends', label: t('chat.tabs.friends') },
        ]}
      />
      {panel === 'chats' ? (
        <>
          <ConversationList relations={relations.data} currentId={currentId} onSelect={select} />
          <Button variant="light" onClick={() => setNewGroup(true)}>
            {t('chat.groups.new')}
          </Button>
        </>
      ) : (
        <FriendsPanel relations={relations.data} />
      )}
    </Stack>
  );

  const conversation = current ? (
    <Stack gap="xs" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {!wide && (
            <ActionIcon variant="subtle" onClick={close} aria-label={t('chat.back')}>
              <BackIcon />
            </ActionIcon>
          )}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>
              {titleOf(current)}
            </Title>
            {current.farmName && (
              <Text size="xs" c="dimmed">
                {current.farmName}
              </Text>
            )}
          </Stack>
        </Group>
        {current.kind === 'group' && (
          <Button size="xs" variant="subtle" onClick={() => setSettings(true)}>
            {t('chat.groups.settings')}
          </Button>
        )}
      </Group>
      <ConversationView key={current.conversationId} relation={current} />
    </Stack>
  ) : (
    <Text c="dimmed" ta="center" p="xl">
      {t('chat.pick')}
    </Text>
  );

  return (
    <Page title={t('chat.title')} wide>
      {wide ? (
        <Group align="stretch" wrap="nowrap" gap="md">
          <Box w={340} style={{ flexShrink: 0 }}>
            {list}
          </Box>
          <Paper withBorder p="sm" style={{ flex: 1, minWidth: 0 }}>
            {conversation}
          </Paper>
        </Group>
      ) : current ? (
        conversation
      ) : (
        list
      )}
      <NewGroupDialog opened={newGroup} onClose={() => setNewGroup(false)} relations={relations.data} />
      {current?.kind === 'group' && (
        <GroupSettingsDialog
          gid={current.gid}
          opened={settings}
          onClose={() => setSettings(false)}
          relations={relations.data}
          onGone={close}
        />
      )}
    </Page>
  );
}
