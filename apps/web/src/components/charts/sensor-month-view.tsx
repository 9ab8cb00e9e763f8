import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SensorBounds } from '@cowcare/contract/routes/charts';
import { ChartLoadState } from './chart-load-state';
import { dayLabel, localMidnight, meanOf } from './chart-labels';
import type { SensorChartRequest } from './sensor-chart-request';
import { isPartialRow, partialBuckets } from './partial-buckets';
import { runningBucket } from './running-bucket';
import { TEMPERATURE_AXIS_SPAN } from './value-axis';
import { TrendChart } from './trend-chart';
import { useBcp47 } from '../../lib/language';
import { useActivityMonth, useTemperatureMonth } from '../../lib/api/get-sensor-charts';
import { CHART_COLORS, temperatureAlertLines } from './sensor-chart-lines';

const DAY_MS = 86_400_000;

/**
 * The 30 days ending with the chosen day: each day's mean, lowest and highest temperature (templinerds)
 * and each day's activity (activitylinerds) against the month's mean, for slow changes a day hides.
 */
export function SensorMonthView({
  request,
  bounds,
}: {
  request: SensorChartRequest;
  bounds: SensorBounds | null;
}) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const temperature = useTemperatureMonth(request);
  const activity = useActivityMonth(request);
  const empty =
    !(temperature.data ?? []).some((day) => day.temp !== null) &&
    !(activity.data ?? []).some((day) => day.activity !== null);
  return (
    <ChartLoadState loads={[temperature, activity]} empty={empty}>
      {() => {
        const days = activity.data ?? [];
        const running = runningBucket(
          days.map((day) => localMidnight(day.date).getTime()),
          DAY_MS,
        );
        const partial = partialBuckets(
          days.map((day) => day.count),
          running?.index,
        );
        return (
          <Stack gap="sm">
            <TrendChart
              id="month-temperature"
              minSpan={TEMPERATURE_AXIS_SPAN}
              title={t('charts.monthTemperature')}
              unit=" °C"
              digits={2}
              rows={(temperature.data ?? []).map((day) => ({
                label: dayLabel(day.date, bcp47),
                temp: day.temp,
                min: day.min,
                max: day.max,
              }))}
              series={[
                { key: 'temp', name: t('charts.series.dayMean'), color: CHART_COLORS.temperature },
                { key: 'max', name: t('charts.series.highest'), color: CHART_COLORS.fever, kind: 'dashed' },
                { key: 'min', name: t('charts.series.lowest'), color: CHART_COLORS.lower, kind: 'dashed' },
              ]}
              guides={temperatureAlertLines(bounds, t)}
            />
            <TrendChart
              id="month-activity"
              title={t('charts.monthActivity')}
              digits={0}
              running={running}
              partial={partial}
              rows={days.map((day) => ({ label: dayLabel(day.date, bcp47), activity: day.activity }))}
              series={[
                { key: 'activity', name: t('charts.activity'), color: CHART_COLORS.activity, kind: 'bar' },
              ]}
              guides={[
                {
                  label: t('charts.guide.monthMean'),
                  // Today so far is not a day's activity, nor is a day read only in part.
                  value: meanOf(
                    days
                      .filter((_, index) => index !== running?.index && !isPartialRow(partial, index))
                      .map((day) => day.activity),
                  ),
                  color: CHART_COLORS.average,
                },
              ]}
            />
          </Stack>
        );
      }}
    </ChartLoadState>
  );
}
