import { useState } from 'react';
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { APP_VERSION, readRequiredVersion } from '../../../lib/app-version';
import { forceUpdate } from '../../../lib/service-worker';

/** The force-update page: the server asked for a newer app than this one. */
export function VersionRoute() {
  const { t } = useTranslation();
  const required = readRequiredVersion();
  const [updating, setUpdating] = useState(false);
  return (
    <Page title={t('auth.version.title')}>
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('auth.version.body')}
        </Alert>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="50%">{t('auth.version.required')}</Table.Th>
              <Table.Td data-testid="required-version">{required ?? t('auth.version.unknown')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('auth.version.current')}</Table.Th>
              <Table.Td data-testid="current-version">{APP_VERSION}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('auth.version.hint')}
        </Text>
        {/* A full page load from the server, past the service worker's precached build (decision 0031). */}
        <Button
          loading={updating}
          onClick={() => {
            setUpdating(true);
            void forceUpdate(paths.home, { load: (url) => window.location.assign(url) });
          }}
        >
          {t('auth.version.reload')}
        </Button>
      </Stack>
    </Page>
  );
}
