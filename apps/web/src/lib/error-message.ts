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

export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation();
  return t(errorMessageKey(error));
}
