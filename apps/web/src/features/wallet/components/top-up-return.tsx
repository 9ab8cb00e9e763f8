import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderWithEvents } from '@cowcare/contract/routes/orders';
import { isApiError } from '../../../lib/api-client';
import { refusalText } from '../../../lib/error-message';
import { walletQueryPrefix } from '../../../lib/api/get-wallet';
import { orderQueryOptions, ordersQueryPrefix } from '../../../lib/api/orders';
import { announcePaymentConfirmed } from '../../../lib/payment-success';
import { useMoneyFormat } from '../../../lib/use-money';

/** How often the return page asks for the order while the provider has not confirmed it, and how long. */
export const RETURN_POLL_MS = 2_000;
export const RETURN_POLL_LIMIT_MS = 60_000;

const isOpen = (order: OrderWithEvents | undefined) =>
  order !== undefined && (order.state === 'created' || order.state === 'pending');

interface Props {
  userId: number;
  orderId: number;
  /** The provider said the user gave up (`cancelled=1` on the return address). */
  cancelled: boolean;
  /** The wallet balance, shown once the order is paid. */
  balance: number | undefined;
  onTryAgain: (amount: number) => void;
  tryingAgain: boolean;
  /** Why Try again could not open a new checkout. */
  tryAgainError: unknown;
  onDismiss: () => void;
}

/**
 * Back from the provider's page: what became of the top-up. A payment the provider has not confirmed yet is
 * asked for every 2 s for up to a minute; a paid one shows the new balance and the §2 modal, which the socket
 * would have shown had the page been connected when the confirmation was booked (decision 0026).
 */
export function TopUpReturn({
  userId,
  orderId,
  cancelled,
  balance,
  onTryAgain,
  tryingAgain,
  tryAgainError,
  onDismiss,
}: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), RETURN_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const order = useQuery({
    ...orderQueryOptions(userId, orderId),
    refetchInterval: (query) => (!cancelled && !expired && isOpen(query.state.data) ? RETURN_POLL_MS : false),
  });
  const state = order.data?.state;
  const { money } = useMoneyFormat(order.data?.currency ?? 'USD', order.data?.currencyDigits ?? 2);

  useEffect(() => {
    if (state !== 'paid') return;
    // The credit is booked: the balance, the statement and the orders list all changed.
    void queryClient.invalidateQueries({ queryKey: walletQueryPrefix });
    void queryClient.invalidateQueries({ queryKey: ordersQueryPrefix });
    announcePaymentConfirmed(orderId);
  }, [state, orderId, queryClient]);

  if (order.isPending) {
    return (
      <Alert color="blue" icon={<Loader size="xs" />} data-testid="top-up-return">
        {t('wallet.return.checking')}
      </Alert>
    );
  }
  if (order.isError) {
    return (
      <Alert color="red" withCloseButton onClose={onDismiss} data-testid="top-up-return">
        {isApiError(order.error) && order.error.status === 404
          ? t('wallet.return.notFound')
          : t('wallet.return.unknown')}
      </Alert>
    );
  }
  const amount = money(order.data.amount);
  if (state === 'paid') {
    return (
      <Alert color="green" withCloseButton onClose={onDismiss} data-testid="top-up-return">
        {balance === undefined
          ? t('wallet.return.paid', { amount })
          : t('wallet.return.paidBalance', { amount, balance: money(balance) })}
      </Alert>
    );
  }
  if (state === 'failed') {
    return (
      <Alert color="red" withCloseButton onClose={onDismiss} data-testid="top-up-return">
        <Text size="sm">{t('wallet.return.declined', { amount })}</Text>
        <Group mt="xs">
          <Button size="xs" loading={tryingAgain} onClick={() => onTryAgain(order.data.amount)}>
            {t('wallet.return.tryAgain')}
          </Button>
        </Group>
        {tryAgainError !== null && tryAgainError !== undefined && (
          <Text size="sm" mt="xs" role="alert">
            {refusalText(tryAgainError, t)}
          </Text>
        )}
      </Alert>
    );
  }
  if (state === 'refunded') {
    return (
      <Alert color="gray" withCloseButton onClose={onDismiss} data-testid="top-up-return">
        {t('wallet.return.refunded', { amount })}
      </Alert>
    );
  }
  if (cancelled || state === 'cancelled') {
    return (
      <Alert color="gray" withCloseButton onClose={onDismiss} data-testid="top-up-return">
        {t('wallet.return.cancelled', { amount })}
      </Alert>
    );
  }
  const waiting = !expired;
  return (
    <Alert
      color="blue"
      icon={waiting ? <Loader size="xs" /> : undefined}
      withCloseButton={!waiting}
      onClose={onDismiss}
      data-testid="top-up-return"
    >
      {waiting ? t('wallet.return.pending', { amount }) : t('wallet.return.slow', { amount })}
    </Alert>
  );
}
