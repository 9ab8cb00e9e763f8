import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { MessageKey } from '@cowcare/locales/catalog';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { useLogin } from '../api/login';

/** What the user typed stays while they read an agreement and come back (never the password). */
const draft = { username: '', agree: false, remember: false };

function loginErrorKey(error: unknown): MessageKey | null {
  if (isApiError(error, ERROR_CODES.badCredentials)) return 'auth.login.badCredentials';
  if (isApiError(error, ERROR_CODES.throttled)) return 'auth.login.throttled';
  if (isApiError(error, ERROR_CODES.upgradeRequired)) return null; // the version page is already showing
  return errorMessageKey(error);
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [username, setUsername] = useState(draft.username);
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(draft.agree);
  const [remember, setRemember] = useState(draft.remember);
  const [message, setMessage] = useState<MessageKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      setMessage('auth.login.missingCredentials');
      return;
    }
    if (!agree) {
      setMessage('auth.login.mustAgree');
      return;
    }
    setMessage(null);
    loginMutation.mutate(
      { username, password, remember },
      {
        onSuccess: () => {
          draft.username = '';
          void navigate(paths.home, { replace: true });
        },
        onError: (error) => setMessage(loginErrorKey(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.login.formLabel')}>
      <Stack gap="md">
        <Text c="dimmed">{t('auth.login.prompt')}</Text>
        <TextInput
          label={t('auth.login.username')}
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            draft.username = event.currentTarget.value;
          }}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
        />
        <Stack gap={6}>
          <Checkbox
            label={t('auth.login.readAndAgree')}
            checked={agree}
            onChange={(event) => {
              setAgree(event.currentTarget.checked);
              draft.agree = event.currentTarget.checked;
            }}
          />
          <Group gap="xs" pl={32}>
            <Anchor component={Link} to={paths.login.service} size="sm">
              {t('auth.agreement.service')}
            </Anchor>
            <Text size="sm" c="dimmed" aria-hidden="true">
              ·
            </Text>
            <Anchor component={Link} to={paths.login.yinsi} size="sm">
              {t('auth.agreement.privacy')}
            </Anchor>
          </Group>
        </Stack>
        <Checkbox
          label={t('auth.login.remember')}
          checked={remember}
          onChange={(event) => {
            setRemember(event.currentTarget.checked);
            draft.remember = event.currentTarget.checked;
          }}
        />
        {message && (
          <Alert color="red" role="alert" variant="light">
            {t(message)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('auth.login.noAccount')}
          </Text>
          <Anchor component={Link} to={paths.login.register} size="sm">
            {t('auth.login.register')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
