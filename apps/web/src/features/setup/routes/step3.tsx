import { useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { SetupSteps } from '../../../components/setup-steps';
import { paths, withQuery } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { useCows } from '../../../lib/api/get-cows';
import { CsvImport } from '../../../components/cows/csv-import';
import { NewCowForm } from '../../../components/cows/new-cow-form';
import { activeCows } from '../../../lib/cow-rows';
import { useSensorInventory } from '../../../lib/api/gateways';

function Cows({ user, fileImport }: { user: User; fileImport?: ReactNode }) {
  const { t } = useTranslation();
  const cows = useCows({ country: user.country, FarmNumber: user.FarmNumber });
  const types = useCowTypes(user.FarmNumber);
  const [added, setAdded] = useState<Cow[]>([]);
  // Registered in step 2 (or on the sensor page) and on no cow yet: offered to each new cow.
  const inventory = useSensorInventory({ country: user.country, FarmNumber: user.FarmNumber });
  const sensors = (inventory.data ?? [])
    .filter((sensor) => sensor.cowId === null)
    .map((sensor) => sensor.sensor);
  if (cows.isPending) return <PageLoader />;
  if (cows.isError) return <QueryError error={cows.error} onRetry={() => void cows.refetch()} />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('setup.cows.intro', { count: activeCows(cows.data).length })}
      </Text>
      {sensors.length > 0 && (
        <Text size="sm" data-testid="setup-unpaired-sensors">
          {t('setup.cows.unpairedSensors', { count: sensors.length, sensors: sensors.join(', ') })}
        </Text>
      )}
      <Tabs defaultValue="hand" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="hand">{t('setup.cows.byHand')}</Tabs.Tab>
          <Tabs.Tab value="csv">{t('setup.cows.fromCsv')}</Tabs.Tab>
          {fileImport && <Tabs.Tab value="ade">{t('exchange.setupTab')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="hand" pt="md">
          <NewCowForm
            cows={cows.data}
            types={types.data?.types}
            sensorSuggestions={sensors}
            submitLabel={t('setup.cows.addThis')}
            onSaved={(cow) => {
              setAdded((previous) => [cow, ...previous]);
              void inventory.refetch();
            }}
          />
          {added.length > 0 && (
            <Card withBorder mt="md" padding="sm" component="section" aria-label={t('setup.cows.added')}>
              <Text size="sm" fw={600} mb={4}>
                {t('setup.cows.addedCount', { count: added.length })}
              </Text>
              <Group gap="xs">
                {added.map((cow) => (
                  <Anchor
                    key={cow.id}
                    component={Link}
                    to={withQuery(paths.index.cow, { id: cow.id })}
                    size="sm"
                  >
                    {cow.code}
                  </Anchor>
                ))}
              </Group>
            </Card>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="csv" pt="md">
          <CsvImport cows={cows.data} />
        </Tabs.Panel>
        {fileImport && (
          <Tabs.Panel value="ade" pt="md">
            {fileImport}
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** Setup wizard, step 3: cows by hand, from a CSV file, or from another program's file (`fileImport`). */
export function Step3Route({ fileImport }: { fileImport?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.step3')} back backTo={paths.index.step2}>
      <SetupSteps active={2} />
      {user ? <Cows user={user} fileImport={fileImport} /> : <PageLoader />}
      <Group justify="space-between" mt="md">
        <Button component={Link} to={paths.index.step2} variant="default">
          {t('setup.back')}
        </Button>
        <Button component={Link} to={paths.index.step4}>
          {t('setup.next')}
        </Button>
      </Group>
    </Page>
  );
}
