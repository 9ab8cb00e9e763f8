import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from './api-client';
import { FIELD_LABELS, refusedField, ruleMessageKey, withFieldLabels } from './field-labels';
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
 * A refusal in the user's words. A 4xx about a field the server names with its rule reads "<label>: <what
 * is wrong>" in the user's language; otherwise the server's own sentence follows, with every field name in
 * it replaced by the field's label (never `estrusAt`). A 5xx says only that the server failed.
 */
export function refusalText(error: unknown, t: (key: MessageKey) => string): string {
  const text = t(errorMessageKey(error));
  if (!isApiError(error) || error.status >= 500) return text;
  const refused = refusedField(error);
  const rule = ruleMessageKey(refused?.detail?.rule);
  if (refused && rule) return `${text} ${t(FIELD_LABELS[refused.field])}: ${t(rule)}`;
  return error.message ? `${text} (${withFieldLabels(error.message, t)})` : text;
}

export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation();
  return t(errorMessageKey(error));
}
