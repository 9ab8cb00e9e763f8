import { appEvents } from './event-bus';

/**
 * The orders whose payment-success modal this tab has shown, so that the socket's paysuccess and the return
 * page's own check of the same order show it once (decision 0026).
 */
const SHOWN_KEY = 'cowcare.paySuccessShown';

function shownOrders(): number[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export const wasPaySuccessShown = (orderId: number): boolean => shownOrders().includes(orderId);

export function markPaySuccessShown(orderId: number): void {
  // The latest few are enough: a tab returns from one payment at a time.
  const ids = [...shownOrders().filter((id) => id !== orderId), orderId].slice(-20);
  sessionStorage.setItem(SHOWN_KEY, JSON.stringify(ids));
}

/** The return page found its order paid: show the §2 modal unless this tab already did for that order. */
export function announcePaymentConfirmed(orderId: number): void {
  if (!wasPaySuccessShown(orderId)) appEvents.emit('paymentConfirmed', { orderId });
}

/** The order id of a socket paysuccess payload, when it has one. */
export function paySuccessOrderId(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const orderId = (payload as { orderId?: unknown }).orderId;
  return typeof orderId === 'number' && Number.isInteger(orderId) ? orderId : null;
}
