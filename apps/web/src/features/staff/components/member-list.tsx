import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FarmMember } from '@cowcare/contract/routes/staff';
import type { FarmRole } from '@cowcare/contract/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { refusalText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useChangeMemberRole } from '../api/change-member-role';
import { useRemoveMember } from '../api/remove-member';

const ROLES: readonly FarmRole[] = ['owner', 'staff'];

/** The farm's members with their role, which an owner changes in place, and a remove button each. */
export function MemberList({ members }: { members: readonly FarmMember[] }) {
  const { t } = useTranslation();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<FarmMember | null>(null);
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`staff.role.${role}`) }));

  const onRole = (member: FarmMember, role: FarmRole) =>
    changeRole.mutate(
      { id: member.id, role },
      {
        onSuccess: () => notify('staff.members.roleSaved', 'success'),
        onError: (error) => notify(refusalText(error, t), 'error', 6000),
      },
    );

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notify(t('staff.members.removed', { name: removing.name }), 'success'),
      onError: (error) => notify(refusalText(error, t), 'error', 6000),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {members.map((member) => (
        <Paper withBorder p="sm" key={member.id} component="li" aria-label={member.name}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Group gap={6}>
                <Text fw={600}>{member.name}</Text>
                {member.you && (
                  <Badge size="sm" variant="light">
                    {t('staff.members.you')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {member.username} · {member.phone}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <NativeSelect
                aria-label={t('staff.members.role', { name: member.name })}
                value={member.role}
                data={roleOptions}
                disabled={changeRole.isPending}
                onChange={(event) => onRole(member, event.currentTarget.value as FarmRole)}
              />
              <Button
                variant="subtle"
                color="red"
                aria-label={t('staff.members.removeLabel', { name: member.name })}
                onClick={() => setRemoving(member)}
              >
                {t('staff.members.remove')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <ConfirmDialog
        opened={removing !== null}
        title={t('staff.members.removeTitle', { name: removing?.name ?? '' })}
        message={t('staff.members.removeBody')}
        confirmLabel={t('staff.members.remove')}
        danger
        pending={remove.isPending}
        onConfirm={onRemove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
