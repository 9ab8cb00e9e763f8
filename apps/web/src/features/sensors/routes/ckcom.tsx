import { useEffect, useRef, useState } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@cowcare/contract/schemas';
import { EmptyState } from '../../../components/empty-state';
import { GatewayPanel } from '../../../components/gateways/gateway-panel';
import { SensorInventoryPanel } from '../../../components/sensors/sensor-inventory-panel';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { sensorPageQueryOptions } from '../../../lib/farm-queries';
import { formatRelative } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { isOwner } from '../../../lib/roles';
import { useUser } from '../../../lib/session';
import { SensorDayCharts } from '../../../components/charts/sensor-day-charts';

function Sensors({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const page = useQuery(sensorPageQueryOptions({ country: user.country, FarmNumber: user.FarmNumber }));
  const [chosen, setChosen] = useState<number | null>(null);
  const chart = useRef<HTMLDivElement>(null);
  // The chart opens above the list; a sensor tapped far down would otherwise chart out of sight.
  useEffect(() => {
    if (chosen !== null) chart.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [chosen]);
  if (page.isPending) return <PageLoader />;
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  const { sensors, totals } = page.data;
  if (sensors.length === 0) return <EmptyState title={t('sensors.none')} />;
  const selected = sensors.find((sensor) => sensor.sensor === chosen) ?? null;
  // Offline sensors first: they are the ones to go and look at.
  const ordered = [...sensors].sort((a, b) => a.sensorzt - b.sensorzt || a.sensor - b.sensor);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={4} spacing="xs" data-testid="sensor-totals">
        {(['online', 'offline', 'neck', 'pill'] as const).map((key) => (
          // Narrow side padding: four cards share a 320 px phone, and "Ошейник" needs 69 px.
          <Card key={key} withBorder px={4} py="xs" ta="center">
            <Text size="lg" fw={700}>
              {totals[key]}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`sensors.totals.${key}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {selected && (
        <Card withBorder ref={chart} data-testid="sensor-chart">
          <Title order={2} size="h5" mb="xs">
            {t('sensors.chartOf', { sensor: selected.sensor, code: selected.code })}
          </Title>
          <SensorDayCharts sensor={selected.sensor} city={user.city} country={user.country} />
        </Card>
      )}
      <Card withBorder p={0}>
        {ordered.map((sensor) => (
          <UnstyledButton
            key={sensor.sensor}
            onClick={() => setChosen(sensor.sensor)}
            aria-pressed={sensor.sensor === chosen}
            data-testid="sensor-row"
            p="sm"
            style={{
              display: 'block',
              width: '100%',
              borderBottom: '1px solid var(--mantine-color-gray-2)',
              background: sensor.sensor === chosen ? 'var(--mantine-color-green-0)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {sensor.sensor} · {sensor.code}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`herd.sensor.${sensor.sensorKind}`)} ·{' '}
                  {sensor.lastReadingAt
                    ? t('sensors.lastReading', { when: formatRelative(sensor.lastReadingAt, t, bcp47) })
                    : t('herd.reading.none')}
                </Text>
              </Stack>
              <Badge color={sensor.sensorzt === 1 ? 'green' : 'red'} variant="light">
                {sensor.sensorzt === 1 ? t('herd.sensor.online') : t('herd.sensor.offline')}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
      </Card>
    </Stack>
  );
}

/**
 * The sensor page (ckcom, architecture §8): the farm's sensors, online state, last reading and a chart;
 * then its gateways and its sensor inventory (issue 34).
 */
export function CkcomRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const farm = user && { country: user.country, FarmNumber: user.FarmNumber };
  return (
    <Page title={t('pages.ckcom')} back backTo={paths.home}>
      {user && farm && (
        <Stack gap="lg">
          <Sensors user={user} />
          {/* Gateways are the owner's (decision 0015); staff see the sensors they put on cows. */}
          {isOwner(user) && <GatewayPanel farm={farm} />}
          <Stack gap="xs" component="section" aria-label={t('sensors.inventory')}>
            <Title order={2} size="h5">
              {t('sensors.inventory')}
            </Title>
            <SensorInventoryPanel farm={farm} />
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
