import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '@cowcare/contract/schemas';
import { EmptyState } from '../../../components/empty-state';
import { WalletIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { useUser } from '../../../lib/session';
import { useWallet } from '../../../lib/api/get-wallet';

function WalletView({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const wallet = useWallet(user.id);
  if (wallet.isPending) return <PageLoader />;
  if (wallet.isError) return <QueryError error={wallet.error} onRetry={() => void wallet.refetch()} />;
  const { balance, currency, currencyDigits, entries } = wallet.data;
  const money = (minor: number) => formatMoney(minor, currency, currencyDigits, bcp47);
  return (
    <Stack gap="md">
      <Card withBorder>
        <Text size="sm" c="dimmed">
          {t('herd.wallet.balance')}
        </Text>
        <Text fz={32} fw={700} c={balance < 0 ? 'red.8' : undefined} data-testid="wallet-balance">
          {money(balance)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('herd.wallet.readOnly')}
        </Text>
      </Card>
      <Title order={2} size="h5">
        {t('herd.wallet.usage')}
      </Title>
      {entries.length === 0 ? (
        <EmptyState
          icon={<WalletIcon />}
          title={t('herd.wallet.emptyTitle')}
          body={t('herd.wallet.emptyBody')}
        />
      ) : (
        <Stack
          gap={0}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('herd.wallet.usage')}
        >
          {entries.map((entry) => (
            <Group
              component="li"
              key={entry.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {entry.kind === 'charge'
                    ? t('herd.wallet.charge', {
                        type: entry.typeName ?? entry.description,
                        count: entry.cowCount ?? 0,
                      })
                    : t('herd.wallet.topup')}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt, bcp47)}
                </Text>
              </Stack>
              <Text fw={700} c={entry.amount < 0 ? 'red' : 'green'} style={{ whiteSpace: 'nowrap' }}>
                {entry.amount > 0 ? '+' : ''}
                {money(entry.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Wallet: the balance and the usage-cost records (read-only; top-ups come later). */
export function WalletRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.wallet')} back backTo={paths.home}>
      {user ? <WalletView user={user} /> : <PageLoader />}
    </Page>
  );
}
