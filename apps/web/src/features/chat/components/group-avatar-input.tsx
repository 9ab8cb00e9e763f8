import { Avatar, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GROUP_AVATAR_PATTERN } from '@cowcare/contract/routes/chat';

const valid = new RegExp(GROUP_AVATAR_PATTERN);

export const isGroupAvatar = (address: string): boolean => valid.test(address.trim());

/** The group's picture: an image address, as a user's avatar is, shown as it will look in the lists. */
export function GroupAvatarInput({
  value,
  onChange,
  name,
}: {
  value: string;
  onChange: (address: string) => void;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="nowrap" gap="sm">
      <Avatar
        src={isGroupAvatar(value) && value.trim() !== '' ? value.trim() : null}
        radius="xl"
        color="green"
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <TextInput
        style={{ flex: 1 }}
        label={t('chat.groups.avatar')}
        description={t('chat.groups.avatarHint')}
        inputMode="url"
        maxLength={500}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={isGroupAvatar(value) ? undefined : t('chat.groups.avatarHint')}
      />
    </Group>
  );
}
