import type { FormEvent } from 'react';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@cowcare/contract/schemas';
import { currentLanguage, LANGUAGES, regionName } from '../../../lib/i18n';
import { useUserDetailsForm } from '../lib/use-user-details-form';

/** Name, phone, city and avatar can change; username, farm number and country are shown only. */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  // The avatar may be left empty (no picture); the other fields are required once the user has them.
  const form = useUserDetailsForm(user, {
    fields: ['name', 'phone', 'city', 'avatar'],
    optional: ['avatar'],
  });
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) form.save();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.profile.title')}>
      <Stack gap="sm">
        <Group wrap="nowrap">
          <Avatar src={form.values.avatar || null} alt={t('account.profile.avatarAlt')} size={64} radius="xl">
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Text fw={600}>{user.name}</Text>
            <Text size="sm" c="dimmed">
              {t('account.profile.username')}: <span data-testid="profile-username">{user.username}</span>
            </Text>
            <Text size="sm" c="dimmed">
              {t('account.profile.farmNumber')}:{' '}
              <span data-testid="profile-farm-number">{user.FarmNumber}</span>
            </Text>
            <Text size="sm" c="dimmed">
              {t('account.profile.country')}: {regionName(user.country, bcp47)}
            </Text>
          </Stack>
        </Group>
        {form.inputs}
        {form.formError && (
          <Alert color="red" role="alert" variant="light">
            {t(form.formError)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.saving}>
            {t('account.profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
