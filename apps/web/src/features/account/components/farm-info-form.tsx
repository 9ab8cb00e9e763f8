import type { FormEvent } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@cowcare/contract/schemas';
import { useUserDetailsForm } from '../lib/use-user-details-form';

/** The farm's contact details of the setup wizard's first step: name, phone and city (PUT user/user). */
export function FarmInfoForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useUserDetailsForm(user, { fields: ['name', 'phone', 'city'], markRequired: true });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    if (form.unchanged) onSaved();
    else form.save(onSaved);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('setup.farm.formLabel')}>
      <Stack gap="sm">
        {form.inputs}
        {form.formError && (
          <Alert color="red" role="alert" variant="light">
            {t(form.formError)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.saving}>
            {form.unchanged ? t('setup.next') : t('setup.saveAndNext')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
