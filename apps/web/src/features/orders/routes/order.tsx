import { Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { OrderWithEvents } from '@cowcare/contract/routes/orders';
import { EmptyState } from '../../../components/empty-state';
import { WalletIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { useMoneyFormat } from '../../../lib/use-money';
import { useOrder } from '../api/orders-api';
import { STATE_COLORS, useOrderLabels } from '../components/order-labels';
import { OrderStateBadge } from '../components/order-state-badge';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function OrderView({ order }: { order: OrderWithEvents }) {
  const { t } = useTranslation();
  const labels = useOrderLabels();
  const { money, dateTime } = useMoneyFormat(order.currency, order.currencyDigits);
  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{labels.kind(order.kind)}</Text>
            <OrderStateBadge state={order.state} />
          </Group>
          <Text fz={28} fw={700} data-testid="order-amount">
            {money(order.amount)}
          </Text>
          <Fact label={t('orders.method')} value={labels.method(order.method)} />
          <Fact label={t('orders.created')} value={dateTime(order.createdAt)} />
          <Fact label={t('orders.updated')} value={dateTime(order.updatedAt)} />
          <Fact label={t('orders.number')} value={String(order.id)} />
        </Stack>
      </Card>
      <Title order={2} size="h5">
        {t('orders.events')}
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={order.events.length - 1}>
        {order.events.map((event, index) => (
          <Timeline.Item
            key={`${event.at}-${index}`}
            color={STATE_COLORS[event.state]}
            title={`${labels.state(event.state)} · ${labels.source(event.source)}`}
          >
            <Text size="xs" c="dimmed">
              {dateTime(event.at)}
            </Text>
            {event.detail && (
              <Text size="sm" lang="en">
                {event.detail}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** One order with the events that moved it (owners only). */
export function OrderRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const orderId = Number(useParams().orderId);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const order = useOrder(user?.id ?? 0, valid && user ? orderId : 0);
  const missing = !valid || (order.isError && isApiError(order.error) && order.error.status === 404);
  return (
    <Page title={t('orders.detailTitle')} back backTo={paths.index.wallet}>
      {missing ? (
        <EmptyState icon={<WalletIcon />} title={t('orders.notFound')} body={t('orders.notFoundBody')} />
      ) : order.isError ? (
        <QueryError error={order.error} onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <OrderView order={order.data} />
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}
