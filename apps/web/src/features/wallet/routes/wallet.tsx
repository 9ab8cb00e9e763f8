import type { ReactNode } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useWallet } from '../../../lib/api/get-wallet';
import { useUser } from '../../../lib/session';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useMoneyFormat } from '../../../lib/use-money';
import { useStartTopUp } from '../api/wallet-api';
import { StatementSection } from '../components/statement-section';
import { goToCheckout, TOP_UP_ANCHOR, TOP_UP_INPUT_ID, TopUpCard } from '../components/top-up-card';
import { TopUpReturn } from '../components/top-up-return';

/** What the app's composition gives the sections other features add to the wallet (plans, orders). */
export interface WalletSectionsContext {
  userId: number;
  /** Brings the top-up into view with its amount field focused (a plan the balance does not cover). */
  focusTopUp: () => void;
}

function focusTopUp(): void {
  document.getElementById(TOP_UP_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  document.getElementById(TOP_UP_INPUT_ID)?.focus({ preventScroll: true });
}

/** `?order=<id>[&cancelled=1]`: the provider sent the user back from its page. */
function useReturnedOrder() {
  const [search, setSearch] = useSearchParams();
  const orderId = Number(search.get('order'));
  return {
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    cancelled: search.get('cancelled') === '1',
    dismiss: () => setSearch({}, { replace: true }),
  };
}

function Balance({ balance, money }: { balance: number; money: (minor: number) => string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {t('herd.wallet.balance')}
      </Text>
      <Text fz={32} fw={700} c={balance < 0 ? 'red.8' : undefined} data-testid="wallet-balance">
        {money(balance)}
      </Text>
    </Card>
  );
}

function WalletView({
  user,
  sections,
}: {
  user: User;
  sections?: (context: WalletSectionsContext) => ReactNode;
}) {
  const wallet = useWallet(user.id);
  const returned = useReturnedOrder();
  const retry = useStartTopUp(user.id);
  const { money } = useMoneyFormat(wallet.data?.currency ?? 'USD', wallet.data?.currencyDigits ?? 2);
  if (wallet.isPending) return <PageLoader />;
  if (wallet.isError) return <QueryError error={wallet.error} onRetry={() => void wallet.refetch()} />;
  // "Try again" after a decline is a new attempt: a new order with a new key.
  const tryAgain = (amount: number) =>
    retry.mutate(
      { amount, idempotencyKey: newIdempotencyKey() },
      { onSuccess: ({ checkoutUrl }) => goToCheckout.assign(checkoutUrl) },
    );
  return (
    <Stack gap="md">
      {returned.orderId !== null && (
        <TopUpReturn
          key={returned.orderId}
          userId={user.id}
          orderId={returned.orderId}
          cancelled={returned.cancelled}
          balance={wallet.data.balance}
          onTryAgain={tryAgain}
          tryingAgain={retry.isPending || retry.isSuccess}
          tryAgainError={retry.error}
          onDismiss={returned.dismiss}
        />
      )}
      <Balance balance={wallet.data.balance} money={money} />
      <TopUpCard userId={user.id} wallet={wallet.data} />
      {sections?.({ userId: user.id, focusTopUp })}
      <StatementSection userId={user.id} />
    </Stack>
  );
}

/**
 * The farm's money (owners only): the balance, top-up through the payment provider and the return from
 * it, the sections the app adds (the plan, the orders) and the usage-cost statement by month.
 */
export function WalletRoute({ sections }: { sections?: (context: WalletSectionsContext) => ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.wallet')} back backTo={paths.home}>
      {user ? <WalletView user={user} sections={sections} /> : <PageLoader />}
    </Page>
  );
}
