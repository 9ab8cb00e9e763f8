import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useAddMember } from '../api/add-member';

/** Adds someone who already has a CowCare login (and no farm of their own) as staff. */
export function AddMemberForm() {
  const { t } = useTranslation();
  const add = useAddMember();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = login.trim();
    if (value === '') {
      setError(t('validation.required'));
      return;
    }
    add.mutate(value, {
      onSuccess: (member) => {
        setLogin('');
        notify(t('staff.add.added', { name: member.name }), 'success');
      },
      onError: (refusal) => setError(t(errorMessageKey(refusal))),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Text size="sm">{t('staff.add.body')}</Text>
        <Group align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            style={{ flex: '1 1 12rem' }}
            label={t('staff.add.login')}
            value={login}
            maxLength={64}
            autoCapitalize="none"
            error={error}
            onChange={(event) => {
              setLogin(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={add.isPending}>
            {t('staff.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
