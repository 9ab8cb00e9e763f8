import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HerdStats } from '../lib/herd-stats';

/** The four numbers a farmer checks first: cows, fevers, heats in the last 24 hours, sensors online. */
export function HerdKpis({ stats, heatsToday }: { stats: HerdStats; heatsToday: number | null }) {
  const { t } = useTranslation();
  const kpis = [
    { testId: 'kpi-cows', label: t('overview.kpi.cows'), value: stats.total },
    { testId: 'kpi-fevers', label: t('overview.kpi.fevers'), value: stats.fevers },
    // Unknown until the notices are loaded (or for a user without a phone to ask them with).
    { testId: 'kpi-heats', label: t('overview.kpi.heatsToday'), value: heatsToday ?? '–' },
    {
      testId: 'kpi-online',
      label: t('overview.kpi.sensorsOnline', { total: stats.sensors.online + stats.sensors.offline }),
      value: stats.sensors.online,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="herd-kpis">
      {kpis.map(({ testId, label, value }) => (
        <Card key={testId} withBorder p="xs" ta="center">
          <Text size="xl" fw={700} data-testid={testId}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
