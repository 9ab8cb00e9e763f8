import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { MessageKey } from '@cowcare/locales/catalog';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { landingAfterLogin } from '../../../lib/welcome';
import { useLogin } from '../api/login';
import { AgreementLinks } from './agreement-links';

/**
 * What the user typed stays while they read an agreement and come back (never the password). Kept in
 * sessionStorage, so it ends with the tab.
 */
interface Draft {
  username: string;
  agree: boolean;
  remember: boolean;
}
const DRAFT_KEY = 'cowcare.loginDraft';

function readDraft(): Draft {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (raw) return { username: '', agree: false, remember: false, ...(JSON.parse(raw) as Partial<Draft>) };
  } catch {
    // no storage or a broken entry: start empty
  }
  return { username: '', agree: false, remember: false };
}

function writeDraft(draft: Draft | null): void {
  try {
    if (draft) window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // the draft is a convenience only
  }
}

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
  const [initial] = useState(readDraft);
  const [username, setUsername] = useState(initial.username);
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(initial.agree);
  const [remember, setRemember] = useState(initial.remember);
  const [message, setMessage] = useState<MessageKey | null>(null);

  useEffect(() => {
    writeDraft({ username, agree, remember });
  }, [username, agree, remember]);

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
        onSuccess: (session) => {
          writeDraft(null);
          void navigate(landingAfterLogin(session.user.id), { replace: true });
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
          onChange={(event) => setUsername(event.currentTarget.value)}
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
            onChange={(event) => setAgree(event.currentTarget.checked)}
          />
          <AgreementLinks />
        </Stack>
        <Checkbox
          label={t('auth.login.remember')}
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
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
