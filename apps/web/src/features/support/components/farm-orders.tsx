import { useRef, useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { OrderState, OrderWithEvents } from '@cowcare/contract/routes/orders';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { mayHaveHappened, newIdempotencyKey } from '../../../lib/idempotency';
import { supportCall, supportKeys } from '../api/support-client';
import { errorMessage } from '../support-error';
import { when } from './when';

const STATE_COLORS: Record<OrderState, string> = {
  created: 'gray',
  pending: 'blue',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'orange',
};

/** The 409s of a refund in an agent's words: what to tell the farmer, not only the code. */
function refundError(error: unknown): string {
  if (isApiError(error, ERROR_CODES.insufficientBalance)) {
    return 'Not refunded: the farm has already spent this top-up (its wallet holds less than the amount), so it cannot go back to the card.';
  }
  if (isApiError(error, ERROR_CODES.conflict)) {
    return 'Not refunded: the order is not paid any more (already refunded, or never paid). Reload to see its state.';
  }
  return `Not refunded: ${errorMessage(error)}`;
}

const MIN_REASON = 3;

function RefundDialog({
  order,
  farmId,
  onClose,
}: {
  order: OrderWithEvents;
  farmId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  // One key per refund attempt, kept when the answer was lost so a retry refunds once.
  const key = useRef(newIdempotencyKey());
  const refund = useMutation({
    mutationFn: () =>
      supportCall(api.orders.refundOrder, {
        params: { orderId: order.id },
        body: { reason: reason.trim(), idempotencyKey: key.current },
      }),
    onSuccess: onClose,
    onError: (error) => {
      if (!mayHaveHappened(error)) key.current = newIdempotencyKey();
      setConfirming(false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.farmOrders(farmId) }),
  });
  const amount = formatMoney(order.amount, order.currency, order.currencyDigits, 'en');
  const valid = reason.trim().length >= MIN_REASON;
  return (
    <Modal opened onClose={onClose} title={`Refund order ${order.id}`} centered>
      <Stack>
        <Text size="sm">
          {order.kind === 'topup'
            ? `${amount} goes back to the card through ${order.method} and leaves the farm's wallet.`
            : `${amount} comes back to the farm's wallet.`}{' '}
          This is written to the audit log.
        </Text>
        <Textarea
          label="Reason (kept with the order and in the audit log)"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setConfirming(false);
          }}
          error={reason !== '' && !valid ? `At least ${MIN_REASON} characters` : undefined}
        />
        {refund.isError && (
          <Text c="red" size="sm" role="alert">
            {refundError(refund.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {confirming ? (
            <Button color="red" loading={refund.isPending} onClick={() => refund.mutate()}>
              Yes, refund {amount}
            </Button>
          ) : (
            <Button color="red" variant="light" disabled={!valid} onClick={() => setConfirming(true)}>
              Refund…
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function OrderRows({ order, onRefund }: { order: OrderWithEvents; onRefund: () => void }) {
  return (
    <>
      <Table.Tr>
        <Table.Td>{order.id}</Table.Td>
        <Table.Td>{order.kind}</Table.Td>
        <Table.Td>
          <Badge color={STATE_COLORS[order.state]} variant="light">
            {order.state}
          </Badge>
        </Table.Td>
        <Table.Td>{formatMoney(order.amount, order.currency, order.currencyDigits, 'en')}</Table.Td>
        <Table.Td>{order.method}</Table.Td>
        <Table.Td>{when(order.createdAt)}</Table.Td>
        <Table.Td>
          {order.state === 'paid' && (
            <Button size="compact-xs" color="red" variant="light" onClick={onRefund}>
              Refund
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td />
        <Table.Td colSpan={6}>
          {order.events.map((event, index) => (
            <Text key={`${event.at}-${index}`} size="xs" c="dimmed">
              {when(event.at)} · {event.state} · {event.source}
              {event.detail ? ` · ${event.detail}` : ''}
            </Text>
          ))}
        </Table.Td>
      </Table.Tr>
    </>
  );
}

/** A farm's orders with their events and its wallet balance; support refunds a paid one. */
export function FarmOrders({ farmId }: { farmId: number }) {
  const [refunding, setRefunding] = useState<OrderWithEvents | null>(null);
  const orders = useQuery({
    queryKey: supportKeys.farmOrders(farmId),
    queryFn: ({ signal }) => supportCall(api.orders.supportFarmOrders, { params: { farmId }, signal }),
  });
  return (
    <Card withBorder component="section">
      <Title order={3} size="h5" mb="xs">
        Orders
        {orders.data &&
          ` · wallet ${formatMoney(orders.data.balance, orders.data.currency, orders.data.currencyDigits, 'en')}`}
      </Title>
      {orders.isError && <Text c="red">{errorMessage(orders.error)}</Text>}
      {orders.data?.orders.length === 0 && <Text c="dimmed">No orders yet.</Text>}
      {orders.data && orders.data.orders.length > 0 && (
        <Table.ScrollContainer minWidth={640} mah={480}>
          <Table stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.orders.map((order) => (
                <OrderRows key={order.id} order={order} onRefund={() => setRefunding(order)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {refunding && <RefundDialog order={refunding} farmId={farmId} onClose={() => setRefunding(null)} />}
    </Card>
  );
}
