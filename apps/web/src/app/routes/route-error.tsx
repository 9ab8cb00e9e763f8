import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page's code that did not arrive (offline, time-out, or replaced by a newer build). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** Shown by the router when a page fails to load or render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error('Route error', error);
  const chunk = isChunkLoadError(error);
  return (
    <Alert color="red" title={t(chunk ? 'error.chunkTitle' : 'error.title')} role="alert" m="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(chunk ? 'error.chunkBody' : 'error.body')}</Text>
        <Button variant="light" color="red" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
