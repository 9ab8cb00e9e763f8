import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from './api-client';
import { isMessageKey } from './i18n';

/** The message key for an error: `errors.<CODE>` when the catalog has one, else a generic text. */
export function errorMessageKey(error: unknown): MessageKey {
  if (isApiError(error)) {
    const key = `errors.${error.code}`;
    if (isMessageKey(key)) return key;
    if (error.status >= 500) return 'errors.server';
  }
  return 'errors.generic';
}

/**
 * A refusal in the user's words, followed for a 4xx by the server's own sentence (which names what it
 * refused, in English); a 5xx says only that the server failed.
 */
export function refusalText(error: unknown, t: (key: MessageKey) => string): string {
  const text = t(errorMessageKey(error));
  return isApiError(error) && error.status < 500 ? `${text} (${error.message})` : text;
}

export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation();
  return t(errorMessageKey(error));
}
