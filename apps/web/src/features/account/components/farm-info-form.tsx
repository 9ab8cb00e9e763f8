import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { User } from '@cowcare/contract/schemas';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { checkString, objectRules, problemsFromDetails, type FieldProblem } from '../../../lib/schema-check';
import { useUpdateUser } from '../api/update-user';

const FIELDS = ['name', 'phone', 'city'] as const;
type Field = (typeof FIELDS)[number];
const rules = objectRules<Field>(api.user.updateUser.body);

/** The farm's contact details of the setup wizard's first step: name, phone and city (PUT user/user). */
export function FarmInfoForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [values, setValues] = useState<Record<Field, string>>({
    name: user.name,
    phone: user.phone,
    city: user.city,
  });
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const unchanged = FIELDS.every((field) => values[field].trim() === user[field]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Field, FieldProblem>> = {};
    for (const field of FIELDS) {
      const problem = checkString(rules.rule(field), values[field], {
        required: true,
        patternMessage: field === 'phone' ? 'validation.pattern.phone' : undefined,
      });
      if (problem) found[field] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (unchanged) {
      onSaved();
      return;
    }
    update.mutate(
      { id: user.id, name: values.name.trim(), phone: values.phone.trim(), city: values.city.trim() },
      {
        onSuccess: () => {
          notify('account.profile.saved', 'success');
          onSaved();
        },
        onError: (error) => {
          if (isApiError(error, ERROR_CODES.validation)) {
            const fromServer = problemsFromDetails(error.details, FIELDS);
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

  const field = (name: Field, label: MessageKey, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={t(label)}
      required
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
    <form onSubmit={onSubmit} noValidate aria-label={t('setup.farm.formLabel')}>
      <Stack gap="sm">
        {field('name', 'account.profile.name', { autoComplete: 'name' })}
        {field('phone', 'account.profile.phone', { autoComplete: 'tel', inputMode: 'tel' })}
        {field('city', 'account.profile.city', { autoComplete: 'address-level2' })}
        {formError && (
          <Alert color="red" role="alert" variant="light">
            {t(formError)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {unchanged ? t('setup.next') : t('setup.saveAndNext')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
