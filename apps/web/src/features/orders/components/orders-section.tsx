import { Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '@cowcare/contract/routes/orders';
import { ChevronRightIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { orderPath } from '../../../config/paths';
import { useMoneyFormat } from '../../../lib/use-money';
import { useOrders } from '../api/orders-api';
import { useOrderLabels } from './order-labels';
import { OrderStateBadge } from './order-state-badge';

function OrderRow({ order }: { order: Order }) {
  const labels = useOrderLabels();
  const { money, dateTime } = useMoneyFormat(order.currency, order.currencyDigits);
  return (
    <li style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <UnstyledButton component={Link} to={orderPath(order.id)} py="xs" w="100%" display="block">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {labels.kind(order.kind)}
              </Text>
              <OrderStateBadge state={order.state} />
            </Group>
            <Text size="xs" c="dimmed">
              {dateTime(order.createdAt)} · {labels.method(order.method)}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {money(order.amount)}
            </Text>
            <ChevronRightIcon size={16} />
          </Group>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** The farm's orders: every top-up and plan payment with its state, amount, method and time. */
export function OrdersSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const orders = useOrders(userId);
  const title = (
    <Title order={2} size="h5" id="orders-title">
      {t('orders.title')}
    </Title>
  );
  if (orders.isPending) return <PageLoader />;
  if (orders.isError) {
    return (
      <Stack gap="xs">
        {title}
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
      </Stack>
    );
  }
  const list = orders.data.pages.flatMap((page) => page.orders);
  return (
    <Stack gap="xs" component="section" aria-labelledby="orders-title">
      {title}
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.empty')}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('orders.title')}
        >
          {list.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </Stack>
      )}
      {orders.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
        >
          {t('orders.more')}
        </Button>
      )}
    </Stack>
  );
}
