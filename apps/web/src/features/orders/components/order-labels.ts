import { useTranslation } from 'react-i18next';
import type { OrderEvent, OrderKind, OrderMethod, OrderState } from '@cowcare/contract/routes/orders';

export const STATE_COLORS: Record<OrderState, string> = {
  created: 'gray',
  pending: 'blue',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
  refunded: 'orange',
};

/** An order's state, kind, method and event source in the user's language. */
export function useOrderLabels() {
  const { t } = useTranslation();
  return {
    state: (state: OrderState) => t(`orders.state.${state}`),
    kind: (kind: OrderKind) => t(`orders.kind.${kind}`),
    method: (method: OrderMethod) => t(`orders.method.${method}`),
    source: (source: OrderEvent['source']) => t(`orders.source.${source}`),
  };
}
