import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@cowcare/domain/constants';
import { i18n, isMessageKey } from './i18n';

export type NotifyKind = 'success' | 'info' | 'warning' | 'error';

const colors: Record<NotifyKind, string> = {
  success: 'green',
  info: 'blue',
  warning: 'orange',
  error: 'red',
};

/** A short toast (spec §9: 1.5 s by default). `message` is a message key or already translated text. */
export function notify(
  message: string,
  kind: NotifyKind = 'info',
  autoCloseMs: number = TOAST_DURATION_MS,
): void {
  notifications.show({
    message: isMessageKey(message) ? i18n.t(message) : message,
    color: colors[kind],
    autoClose: autoCloseMs,
  });
}
