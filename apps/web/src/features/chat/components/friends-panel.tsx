import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatPerson, FriendRelation } from '@cowcare/contract/chat-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { refusalText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { getUser } from '../../../lib/session';
import {
  appliesQuery,
  applyForFriend,
  chatKeys,
  deleteFriend,
  findUsers,
  passApply,
  refuseApply,
} from '../api/chat-api';

function PersonLine({
  person,
  children,
}: {
  person: { name: string; farmName: string };
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xs" component="li">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {person.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {person.farmName}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Finding people by phone or username, the open requests both ways, and the friends with a remove each. */
export function FriendsPanel({ relations }: { relations: readonly FriendRelation[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = getUser()?.id;
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<ChatPerson[] | null>(null);
  const [removing, setRemoving] = useState<FriendRelation | null>(null);
  const applies = useQuery(appliesQuery());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.applies });
    void queryClient.invalidateQueries({ queryKey: chatKeys.relations });
  };
  const onError = (error: unknown) => notify(refusalText(error, t), 'error', 6000);

  const search = useMutation({ mutationFn: findUsers, onSuccess: setFound, onError });
  const apply = useMutation({
    mutationFn: applyForFriend,
    onSuccess: () => {
      notify('chat.friends.requested', 'success');
      refresh();
    },
    onError,
  });
  const accept = useMutation({ mutationFn: passApply, onSuccess: refresh, onError });
  const refuse = useMutation({ mutationFn: refuseApply, onSuccess: refresh, onError });
  const remove = useMutation({ mutationFn: deleteFriend, onSuccess: refresh, onError });

  const incoming = (applies.data ?? []).filter((request) => request.to.id === me);
  const outgoing = (applies.data ?? []).filter((request) => request.from.id === me);
  const friends = relations.filter((relation) => relation.kind === 'direct');

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (keyword.trim().length >= 2) search.mutate(keyword.trim());
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('chat.friends.search')}
            value={keyword}
            maxLength={64}
            onChange={(event) => setKeyword(event.currentTarget.value)}
          />
          <Button type="submit" loading={search.isPending}>
            {t('chat.friends.find')}
          </Button>
        </Group>
      </form>
      {found && found.length === 0 && <Text size="sm">{t('chat.friends.noneFound')}</Text>}
      {found && found.length > 0 && (
        <ul style={listStyle}>
          {found.map((person) => (
            <PersonLine key={person.id} person={person}>
              <Button size="xs" onClick={() => apply.mutate(person.id)} loading={apply.isPending}>
                {t('chat.friends.add')}
              </Button>
            </PersonLine>
          ))}
        </ul>
      )}

      {incoming.length > 0 && (
        <Stack gap="xs" component="section">
          <Title order={3} size="h5">
            {t('chat.friends.incoming')}
          </Title>
          <ul style={listStyle}>
            {incoming.map((request) => (
              <PersonLine key={request.id} person={request.from}>
                <Button size="xs" onClick={() => accept.mutate(request.id)}>
                  {t('chat.friends.accept')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => refuse.mutate(request.id)}>
                  {t('chat.friends.decline')}
                </Button>
              </PersonLine>
            ))}
          </ul>
        </Stack>
      )}

      {outgoing.length > 0 && (
        <Stack gap="xs" component="section">
          <Title order={3} size="h5">
            {t('chat.friends.outgoing')}
          </Title>
          <ul style={listStyle}>
            {outgoing.map((request) => (
              <PersonLine key={request.id} person={request.to}>
                <Button size="xs" variant="subtle" onClick={() => refuse.mutate(request.id)}>
                  {t('chat.friends.withdraw')}
                </Button>
              </PersonLine>
            ))}
          </ul>
        </Stack>
      )}

      <Stack gap="xs" component="section">
        <Title order={3} size="h5">
          {t('chat.friends.list')}
        </Title>
        {friends.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chat.friends.none')}
          </Text>
        ) : (
          <ul style={listStyle}>
            {friends.map((friend) => (
              <PersonLine key={friend.conversationId} person={friend}>
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(friend)}>
                  {t('chat.friends.delete')}
                </Button>
              </PersonLine>
            ))}
          </ul>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('chat.friends.delete')}
        message={t('chat.friends.deleteConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('chat.friends.delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing.fid, { onSettled: () => setRemoving(null) });
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
