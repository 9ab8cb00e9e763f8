import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { PASSWORD_MIN_LENGTH } from '@cowcare/contract/routes/auth';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { useChangePassword } from '../../../lib/api/change-password';
import { logout } from '../api/logout';

interface Values {
  original: string;
  new: string;
  confirm: string;
}

const empty: Values = { original: '', new: '', confirm: '' };

/** Spec §5 checks, done here first and again by the server. */
export function checkPasswordChange(
  values: Values,
): { key: MessageKey; values?: Record<string, number> } | null {
  if (values.original === '' || values.new === '' || values.confirm === '') {
    return { key: 'account.password.required' };
  }
  if (values.new !== values.confirm) return { key: 'account.password.mismatch' };
  if (values.new === values.original) return { key: 'account.password.same' };
  if (values.new.length < PASSWORD_MIN_LENGTH) {
    return { key: 'account.password.tooShort', values: { min: PASSWORD_MIN_LENGTH } };
  }
  return null;
}

const serverMessages: Record<string, MessageKey> = {
  [ERROR_CODES.originalPasswordIncorrect]: 'account.password.originalIncorrect',
  [ERROR_CODES.passwordConfirmMismatch]: 'account.password.mismatch',
  [ERROR_CODES.passwordSameAsOriginal]: 'account.password.same',
};

export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState<Values>(empty);
  const [problem, setProblem] = useState<{ key: MessageKey; values?: Record<string, number> } | null>(null);
  const [done, setDone] = useState(false);

  const set = (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
    // The problem was about what was typed: a correction takes it away until the next save.
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswordChange(values);
    setProblem(found);
    if (found) return;
    change.mutate(values, {
      onSuccess: () => {
        setValues(empty);
        setDone(true);
      },
      onError: (error) => {
        const key = isApiError(error) ? serverMessages[error.code] : undefined;
        setProblem({ key: key ?? errorMessageKey(error) });
      },
    });
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('account.password.title')}>
        <Stack gap="sm">
          <PasswordInput
            label={t('account.password.original')}
            autoComplete="current-password"
            value={values.original}
            onChange={set('original')}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          <PasswordInput
            label={t('account.password.new')}
            autoComplete="new-password"
            value={values.new}
            onChange={set('new')}
            description={t('validation.minLength', { min: PASSWORD_MIN_LENGTH })}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          <PasswordInput
            label={t('account.password.confirm')}
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          {problem && (
            <Alert color="red" role="alert" variant="light">
              {t(problem.key, problem.values)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={done}
        onClose={() => void logout('password-changed')}
        title={t('account.password.changedTitle')}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
      >
        <Stack>
          <Text>{t('account.password.changed')}</Text>
          <Button onClick={() => void logout('password-changed')}>{t('common.ok')}</Button>
        </Stack>
      </Modal>
    </>
  );
}
