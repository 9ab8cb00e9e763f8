import { useState, type FormEvent } from 'react';
import { Alert, Avatar, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { User } from '@cowcare/contract/schemas';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { currentLanguage, LANGUAGES, regionName } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { checkString, objectRules, problemsFromDetails, type FieldProblem } from '../../../lib/schema-check';
import { useUpdateUser } from '../api/update-user';

const EDITABLE = ['name', 'phone', 'city', 'avatar'] as const;
type Editable = (typeof EDITABLE)[number];

const rules = objectRules<Editable>(api.user.updateUser.body);
const patternMessages: Partial<Record<Editable, MessageKey>> = {
  phone: 'validation.pattern.phone',
  avatar: 'validation.pattern.avatar',
};

/** Name, phone, city and avatar can change; username, farm number and country are shown only. */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUser();
  const [values, setValues] = useState<Record<Editable, string>>({
    name: user.name,
    phone: user.phone,
    city: user.city,
    avatar: user.avatar,
  });
  const [problems, setProblems] = useState<Partial<Record<Editable, FieldProblem>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Editable, FieldProblem>> = {};
    for (const field of EDITABLE) {
      // The avatar may be left empty (no picture); the other fields are required once the user has them.
      const problem = checkString(rules.rule(field), values[field], {
        required: field !== 'avatar',
        patternMessage: patternMessages[field],
      });
      if (problem) found[field] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const avatar = values.avatar.trim();
    update.mutate(
      {
        id: user.id,
        name: values.name.trim(),
        phone: values.phone.trim(),
        city: values.city.trim(),
        ...(avatar !== '' ? { avatar } : {}),
      },
      {
        onSuccess: () => notify('account.profile.saved', 'success'),
        onError: (error) => {
          if (isApiError(error, ERROR_CODES.validation)) {
            const fromServer = problemsFromDetails(error.details, EDITABLE);
            if (Object.keys(fromServer).length > 0) {
              setProblems(fromServer);
              return;
            }
          }
          setFormError(errorMessageKey(error));
        },
      },
    );
  };

  const field = (name: Editable, label: MessageKey, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={t(label)}
      value={values[name]}
      maxLength={rules.rule(name).maxLength}
      error={problems[name] ? t(problems[name].key, problems[name].values) : undefined}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((previous) => ({ ...previous, [name]: value }));
        setProblems((previous) => ({ ...previous, [name]: undefined }));
      }}
      {...extra}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.profile.title')}>
      <Stack gap="sm">
        <Group wrap="nowrap">
          <Avatar src={values.avatar || null} alt={t('account.profile.avatarAlt')} size={64} radius="xl">
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
        {field('name', 'account.profile.name', { autoComplete: 'name' })}
        {field('phone', 'account.profile.phone', { autoComplete: 'tel', inputMode: 'tel' })}
        {field('city', 'account.profile.city', { autoComplete: 'address-level2' })}
        {field('avatar', 'account.profile.avatar', {
          description: t('account.profile.avatarHint'),
          inputMode: 'url',
        })}
        {formError && (
          <Alert color="red" role="alert" variant="light">
            {t(formError)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('account.profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
