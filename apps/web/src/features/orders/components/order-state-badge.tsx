import { Badge } from '@mantine/core';
import type { OrderState } from '@cowcare/contract/routes/orders';
import { STATE_COLORS, useOrderLabels } from './order-labels';

export function OrderStateBadge({ state }: { state: OrderState }) {
  const labels = useOrderLabels();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" style={{ flexShrink: 0 }}>
      {labels.state(state)}
    </Badge>
  );
}
