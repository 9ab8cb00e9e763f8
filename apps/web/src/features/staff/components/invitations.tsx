import { Button, Card, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FarmInvitation } from '@cowcare/contract/routes/staff';
import { INVITATION_CODE_DAYS } from '@cowcare/domain/constants';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { refusalText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCreateInvitation } from '../api/create-invitation';
import { useWithdrawInvitation } from '../api/withdraw-invitation';

/** Making a one-time code (shown once, with a copy button) and the open codes, each withdrawable. */
export function Invitations({ open }: { open: readonly FarmInvitation[] }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const create = useCreateInvitation();
  const withdraw = useWithdrawInvitation();
  const made = create.data;

  return (
    <Stack gap="sm">
      <Text size="sm">{t('staff.invite.body', { days: INVITATION_CODE_DAYS })}</Text>
      <Button
        onClick={() =>
          create.mutate(undefined, { onError: (error) => notify(refusalText(error, t), 'error') })
        }
        loading={create.isPending}
      >
        {t('staff.invite.create')}
      </Button>
      {made && (
        <Card withBorder bg="var(--mantine-color-green-light)" aria-live="polite">
          <Text size="sm" c="dimmed" id="invitation-code-label">
            {t('staff.invite.code')}
          </Text>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text
              fz={28}
              fw={700}
              ff="monospace"
              aria-labelledby="invitation-code-label"
              data-testid="invitation-code"
            >
              {made.code}
            </Text>
            <CopyButton value={made.code}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                >
                  {copied ? t('staff.invite.copied') : t('staff.invite.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{t('staff.invite.expires', { date: formatDateTime(made.expiresAt, bcp47) })}</Text>
          <Text size="xs" c="dimmed">
            {t('staff.invite.shownOnce')}
          </Text>
        </Card>
      )}
      {open.length > 0 && (
        <>
          <Title order={3} size="h6">
            {t('staff.invite.open')}
          </Title>
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {open.map((invitation) => (
              <Group key={invitation.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                  {t('staff.invite.openItem', {
                    name: invitation.createdBy,
                    date: formatDateTime(invitation.expiresAt, bcp47),
                  })}
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  style={{ flexShrink: 0 }}
                  loading={withdraw.isPending && withdraw.variables === invitation.id}
                  onClick={() =>
                    withdraw.mutate(invitation.id, {
                      onSuccess: () => notify('staff.invite.withdrawn', 'success'),
                      onError: (error) => notify(refusalText(error, t), 'error'),
                    })
                  }
                >
                  {t('staff.invite.withdraw')}
                </Button>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
