import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { ChartLoadState } from '../../../components/charts/chart-load-state';
import { clockLabel } from '../../../components/charts/chart-labels';
import { DayPicker } from '../../../components/charts/day-picker';
import { TEMPERATURE_AXIS_SPAN } from '../../../components/charts/value-axis';
import { TrendChart } from '../../../components/charts/trend-chart';
import { EmptyState } from '../../../components/empty-state';
import { localToday } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { useHerdDay } from '../api/get-herd-day';
import { herdSensors } from '../lib/herd-day';

/** The herd hour by hour on a chosen day: mean temperature and activity per cow, over the sensors that read. */
export function HerdDayCharts({ user, cows }: { user: User; cows: readonly Cow[] }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const [day, setDay] = useState(localToday);
  const sensors = herdSensors(cows);
  const herd = useHerdDay({ sensors, city: user.city, country: user.country, day });
  const hours = herd.data?.hours ?? [];
  const reported = herd.data?.reported ?? 0;
  // Sensors of the herd with no reading on the day: offline, or put on a cow after it.
  const silent = (herd.data?.sensors ?? 0) - reported;
  const empty = !hours.some((hour) => hour.temp !== null || hour.activity !== null);
  const rows = hours.map((hour) => ({
    label: clockLabel(hour.time, bcp47),
    temp: hour.temp,
    activity: hour.activity,
  }));
  return (
    <Card withBorder component="section" aria-labelledby="herd-day-title" data-testid="herd-day">
      <Stack gap="sm">
        <Title order={2} size="h5" id="herd-day-title">
          {t('overview.herdDay')}
        </Title>
        {sensors.length === 0 ? (
          <EmptyState title={t('sensors.none')} />
        ) : (
          <>
            <DayPicker day={day} onChange={setDay} />
            <ChartLoadState loads={[herd]} empty={empty}>
              {() => (
                <Stack gap="sm">
                  <Text size="xs" c="dimmed" data-testid="herd-day-sensors">
                    {t('overview.herdDaySensors', { count: reported })}
                    {silent > 0 ? ` · ${t('overview.herdDaySilent', { count: silent })}` : ''}
                  </Text>
                  <TrendChart
                    id="herd-temperature"
                    minSpan={TEMPERATURE_AXIS_SPAN}
                    title={t('overview.herdTemperature')}
                    unit=" °C"
                    digits={2}
                    rows={rows}
                    series={[
                      { key: 'temp', name: t('charts.temperature'), color: 'var(--mantine-color-red-7)' },
                    ]}
                  />
                  <TrendChart
                    id="herd-activity"
                    title={t('overview.herdActivity')}
                    digits={1}
                    rows={rows}
                    series={[
                      {
                        key: 'activity',
                        name: t('charts.activity'),
                        color: 'var(--mantine-color-orange-7)',
                        kind: 'bar',
                      },
                    ]}
                  />
                </Stack>
              )}
            </ChartLoadState>
          </>
        )}
      </Stack>
    </Card>
  );
}
