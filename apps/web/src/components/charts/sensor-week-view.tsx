import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SensorBounds } from '@cowcare/contract/routes/charts';
import { ChartLoadState } from './chart-load-state';
import { dayClockLabel } from './chart-labels';
import type { SensorChartRequest } from './sensor-chart-request';
import { isPartialRow, partialBuckets } from './partial-buckets';
import { runningBucket } from './running-bucket';
import { TEMPERATURE_AXIS_SPAN } from './value-axis';
import { TrendChart } from './trend-chart';
import { useBcp47 } from '../../lib/language';
import { useActivityWeek, useTemperatureWeek } from '../../lib/api/get-sensor-charts';
import { CHART_COLORS, temperatureAlertLines, usualBySlot } from './sensor-chart-lines';

const SIX_HOURS_MS = 6 * 3_600_000;

/**
 * The 7 days ending with the chosen day: temperature in 2-hour means against her 10-day average and fever
 * line (templinepynew), and activity in 6-hour sums beside what she usually does at that time of day
 * (activitylinesix; the usual value is the same slot on the earlier days of the week).
 */
export function SensorWeekView({
  request,
  bounds,
}: {
  request: SensorChartRequest;
  bounds: SensorBounds | null;
}) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const temperature = useTemperatureWeek(request);
  const activity = useActivityWeek(request);
  const empty =
    !(temperature.data?.data ?? []).some((point) => point.temp !== null) &&
    !(activity.data ?? []).some((point) => point.activity !== null);
  return (
    <ChartLoadState loads={[temperature, activity]} empty={empty}>
      {() => {
        const week = temperature.data;
        const points = activity.data ?? [];
        const running = runningBucket(
          points.map((point) => Date.parse(point.time)),
          SIX_HOURS_MS,
        );
        const partial = partialBuckets(
          points.map((point) => point.count),
          running?.index,
        );
        // A bucket read only in part is not what she usually does at that time either.
        const usual = usualBySlot(
          points.map((point, index) => (isPartialRow(partial, index) ? { ...point, activity: null } : point)),
        );
        return (
          <Stack gap="sm">
            <TrendChart
              id="week-temperature"
              minSpan={TEMPERATURE_AXIS_SPAN}
              title={t('charts.weekTemperature')}
              unit=" °C"
              digits={2}
              rows={(week?.data ?? []).map((point) => ({
                label: dayClockLabel(point.time, bcp47),
                temp: point.temp,
              }))}
              series={[{ key: 'temp', name: t('charts.temperature'), color: CHART_COLORS.temperature }]}
              guides={[
                {
                  label: t('charts.guide.average'),
                  value: week?.average ?? null,
                  color: CHART_COLORS.average,
                },
                { label: t('charts.guide.fever'), value: week?.feverLine ?? null, color: CHART_COLORS.fever },
                ...temperatureAlertLines(bounds, t),
              ]}
            />
            <TrendChart
              id="week-activity"
              title={t('charts.weekActivity')}
              digits={0}
              running={running}
              partial={partial}
              rows={points.map((point, index) => ({
                label: dayClockLabel(point.time, bcp47),
                activity: point.activity,
                usual: usual[index] ?? null,
              }))}
              series={[
                { key: 'activity', name: t('charts.activity'), color: CHART_COLORS.activity, kind: 'bar' },
                { key: 'usual', name: t('charts.series.usual'), color: CHART_COLORS.average, kind: 'dashed' },
              ]}
            />
          </Stack>
        );
      }}
    </ChartLoadState>
  );
}
