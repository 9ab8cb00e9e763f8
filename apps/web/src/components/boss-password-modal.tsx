import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@cowcare/locales/catalog';

interface Props {
  opened: boolean;
  pending: boolean;
  /** Message of the last failed attempt, if any. */
  error: MessageKey | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
  /** What the password authorises; defaults to the settings text. */
  prompt?: string;
}

/** Asks for the boss (management) password before a guarded change is saved (settings, force changes). */
export function BossPasswordModal({ opened, pending, error, onConfirm, onClose, prompt }: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);

  const close = () => {
    setPassword('');
    setEmpty(false);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    onConfirm(password);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('settings.boss.title')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{prompt ?? t('settings.boss.prompt')}</Text>
          <PasswordInput
            label={t('settings.boss.password')}
            autoComplete="off"
            data-autofocus
            value={password}
            error={empty ? t('validation.required') : undefined}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setEmpty(false);
            }}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
          />
          {error && (
            <Alert color="red" role="alert" variant="light">
              {t(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('settings.boss.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
