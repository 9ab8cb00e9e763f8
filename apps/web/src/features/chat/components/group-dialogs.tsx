import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FriendRelation } from '@cowcare/contract/chat-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { refusalText } from '../../../lib/error-message';
import { isMessageKey } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { getUser } from '../../../lib/session';
import {
  chatKeys,
  createGroup,
  deleteGroup,
  groupQuery,
  groupTypesQuery,
  inviteToGroup,
  leaveGroup,
  removeFromGroup,
  updateGroup,
} from '../api/chat-api';
import { GroupAvatarInput, isGroupAvatar } from './group-avatar-input';

const friendOptions = (relations: readonly FriendRelation[], except: readonly number[] = []) =>
  relations
    .filter((relation) => relation.kind === 'direct' && !except.includes(relation.fid))
    .map((relation) => ({ value: String(relation.fid), label: `${relation.name} (${relation.farmName})` }));

function useTypeOptions() {
  const { t } = useTranslation();
  const types = useQuery(groupTypesQuery());
  return (types.data ?? []).map((type) => {
    const key = `chat.groupType.${type.code}`;
    return { value: String(type.id), label: isMessageKey(key) ? t(key) : type.code };
  });
}

/** A new group: name, note, kind and friends as its first members. */
export function NewGroupDialog({
  opened,
  onClose,
  relations,
}: {
  opened: boolean;
  onClose: () => void;
  relations: readonly FriendRelation[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const typeOptions = useTypeOptions();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [avatar, setAvatar] = useState('');
  const [type, setType] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: createGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.relations });
      setName('');
      setNote('');
      setAvatar('');
      setMembers([]);
      onClose();
    },
    onError: (error) => notify(refusalText(error, t), 'error', 6000),
  });
  const chosenType = type || typeOptions[0]?.value || '';
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat.groups.new')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '' || chosenType === '' || !isGroupAvatar(avatar)) return;
          create.mutate({
            name: name.trim(),
            note,
            avatar: avatar.trim(),
            type: Number(chosenType),
            users: members.map(Number),
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('chat.groups.name')}
            required
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label={t('chat.groups.note')}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <GroupAvatarInput value={avatar} onChange={setAvatar} name={name} />
          <NativeSelect
            label={t('chat.groups.type')}
            data={typeOptions}
            value={chosenType}
            onChange={(e) => setType(e.currentTarget.value)}
          />
          <MultiSelect
            label={t('chat.groups.members')}
            data={friendOptions(relations)}
            value={members}
            onChange={setMembers}
            searchable
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('chat.groups.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A group's settings: rename and note (any member), members (the owner removes), invite, leave, delete. */
export function GroupSettingsDialog({
  gid,
  opened,
  onClose,
  relations,
  onGone,
}: {
  gid: number;
  opened: boolean;
  onClose: () => void;
  relations: readonly FriendRelation[];
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const group = useQuery({ ...groupQuery(gid), enabled: opened });
  const me = getUser()?.id;
  const [name, setName] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [invited, setInvited] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.group(gid) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.relations });
  };
  const onError = (error: unknown) => notify(refusalText(error, t), 'error', 6000);
  const save = useMutation({
    mutationFn: () =>
      updateGroup(gid, {
        name: name ?? undefined,
        note: note ?? undefined,
        avatar: avatar?.trim() ?? undefined,
      }),
    onSuccess: refresh,
    onError,
  });
  const invite = useMutation({
    mutationFn: () => inviteToGroup(gid, invited.map(Number)),
    onSuccess: () => {
      setInvited([]);
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (uid: number) => removeFromGroup(gid, uid),
    onSuccess: refresh,
    onError,
  });
  const gone = {
    onSuccess: () => {
      refresh();
      onClose();
      onGone();
    },
    onError,
  };
  const leave = useMutation({ mutationFn: () => leaveGroup(gid), ...gone });
  const remove_ = useMutation({ mutationFn: () => deleteGroup(gid), ...gone });

  const data = group.data;
  const owner = data?.ownerId === me;
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat.groups.settings')} centered>
      {data && (
        <Stack gap="sm">
          <TextInput
            label={t('chat.groups.name')}
            maxLength={60}
            value={name ?? data.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label={t('chat.groups.note')}
            maxLength={500}
            value={note ?? data.note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <GroupAvatarInput value={avatar ?? data.avatar} onChange={setAvatar} name={name ?? data.name} />
          <Group justify="flex-end">
            <Button
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={(name ?? data.name).trim() === '' || !isGroupAvatar(avatar ?? data.avatar)}
            >
              {t('chat.groups.save')}
            </Button>
          </Group>
          <Text fw={600}>{t('chat.groups.members')}</Text>
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.users.map((user) => (
              <Group component="li" key={user.uid} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {user.name} · {user.farmName}
                  {user.owner ? ` · ${t('chat.groups.owner')}` : ''}
                </Text>
                {owner && !user.owner && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.mutate(user.uid)}
                  >
                    {t('chat.groups.remove')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <MultiSelect
              style={{ flex: 1 }}
              label={t('chat.groups.invite')}
              data={friendOptions(
                relations,
                data.users.map((user) => user.uid),
              )}
              value={invited}
              onChange={setInvited}
              searchable
            />
            <Button
              onClick={() => invite.mutate()}
              disabled={invited.length === 0}
              loading={invite.isPending}
            >
              {t('chat.groups.invite')}
            </Button>
          </Group>
          <Group justify="space-between">
            {owner ? (
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                {t('chat.groups.delete')}
              </Button>
            ) : (
              <Button color="red" variant="light" onClick={() => leave.mutate()} loading={leave.isPending}>
                {t('chat.groups.leave')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting}
        title={t('chat.groups.delete')}
        message={t('chat.groups.deleteConfirm')}
        confirmLabel={t('chat.groups.delete')}
        danger
        pending={remove_.isPending}
        onConfirm={() => remove_.mutate(undefined, { onSettled: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      />
    </Modal>
  );
}
