import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/error-message';

/** A failed load, with the reason in the user's language and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = useErrorMessage(error);
  return (
    <Alert color="red" title={t('error.loadFailed')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button variant="light" color="red" onClick={onRetry}>
            {t('error.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
