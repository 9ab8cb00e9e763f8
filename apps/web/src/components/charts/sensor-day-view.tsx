import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SensorBounds } from '@cowcare/contract/routes/charts';
import { sensorKind } from '@cowcare/domain/sensor';
import { ChartLoadState } from './chart-load-state';
import { clockLabel } from './chart-labels';
import type { SensorChartRequest } from './sensor-chart-request';
import { TEMPERATURE_AXIS_SPAN } from './value-axis';
import { TrendChart } from './trend-chart';
import { formatDecimal, formatRelative, localToday } from '../../lib/format';
import { useBcp47 } from '../../lib/language';
import { useReadingCounts, useReadingsOfDay, useTemperatureDeviation } from '../../lib/api/get-sensor-charts';
import {
  activityAlertLines,
  CHART_COLORS,
  peakDeviation,
  signedDegrees,
  temperatureAlertLines,
} from './sensor-chart-lines';

/**
 * One day of a sensor: how many readings came (num), every 10-minute reading of temperature, activity and
 * drinking (line) with the user's alert lines, and the hourly temperature against her 10-day average
 * (hotdataynew), which is what a fever is judged by.
 */
export function SensorDayView({
  request,
  bounds,
}: {
  request: SensorChartRequest;
  bounds: SensorBounds | null;
}) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const readings = useReadingsOfDay(request);
  const hours = useTemperatureDeviation(request);
  const counts = useReadingCounts(request);
  // Drinks are seen in a bolus's temperature; a neck collar's drinking chart would always be empty.
  const neckCollar = typeof request.sensor === 'number' && sensorKind(request.sensor) === 'neck';
  // Today's last reading is news ("5 minutes ago"); an earlier day's is a time of that day, as "8 hours
  // ago" beside a live sensor would say it has gone quiet.
  const lastReadingWhen = (iso: string) =>
    request.day === localToday() ? formatRelative(iso, t, bcp47) : clockLabel(iso, bcp47);
  const measured = (readings.data ?? []).some(
    (reading) => reading.temp !== null || reading.activity !== null || reading.drink !== null,
  );
  return (
    <ChartLoadState loads={[readings, hours, counts]} empty={!measured}>
      {() => {
        const rows = (readings.data ?? []).map((reading) => ({
          label: clockLabel(reading.timedate, bcp47),
          temp: reading.temp,
          activity: reading.activity,
          drink: reading.drink,
        }));
        const hourly = (hours.data ?? []).map((hour) => ({
          label: clockLabel(hour.time, bcp47),
          temp: hour.temp,
          average: hour.average,
        }));
        const peak = peakDeviation(hours.data ?? []);
        const count = counts.data;
        return (
          <Stack gap="sm">
            {count && (
              <Text size="xs" c="dimmed" data-testid="readings-count">
                {t('charts.counts', {
                  received: count.received,
                  expected: count.expected,
                  missing: count.missing,
                  filled: count.filled,
                })}
                {count.lastReadingAt
                  ? ` · ${t('sensors.lastReading', { when: lastReadingWhen(count.lastReadingAt) })}`
                  : ''}
              </Text>
            )}
            <TrendChart
              id="temperature"
              minSpan={TEMPERATURE_AXIS_SPAN}
              title={t('charts.temperature')}
              unit=" °C"
              digits={2}
              counting="readings"
              rows={rows}
              series={[{ key: 'temp', name: t('charts.temperature'), color: CHART_COLORS.temperature }]}
              guides={temperatureAlertLines(bounds, t)}
            />
            <TrendChart
              id="temperature-average"
              minSpan={TEMPERATURE_AXIS_SPAN}
              title={t('charts.hourlyAgainstAverage')}
              unit=" °C"
              digits={2}
              rows={hourly}
              series={[
                { key: 'temp', name: t('charts.series.hourMean'), color: CHART_COLORS.temperature },
                {
                  key: 'average',
                  name: t('charts.guide.average'),
                  color: CHART_COLORS.average,
                  kind: 'dashed',
                },
              ]}
              guides={temperatureAlertLines(bounds, t)}
              summary={
                peak
                  ? t('charts.peakDeviation', {
                      value: signedDegrees(peak.deviation, bcp47),
                      time: clockLabel(peak.time, bcp47),
                      temperature: formatDecimal(peak.temp, 2, bcp47),
                      average: formatDecimal(peak.average, 2, bcp47),
                      offset: formatDecimal(peak.allowance, 2, bcp47),
                    })
                  : t('common.noData')
              }
            />
            <TrendChart
              id="activity"
              title={t('charts.activity')}
              counting="readings"
              rows={rows}
              series={[{ key: 'activity', name: t('charts.activity'), color: CHART_COLORS.activity }]}
              guides={activityAlertLines(bounds, t)}
            />
            {neckCollar ? (
              <Text size="xs" c="dimmed" data-testid="drinking-not-measured">
                {t('herd.reading.drinkNeckTitle')}
              </Text>
            ) : (
              <TrendChart
                id="drinking"
                title={t('charts.drinking')}
                counting="readings"
                rows={rows}
                series={[
                  { key: 'drink', name: t('charts.drinking'), color: CHART_COLORS.drinking, kind: 'bar' },
                ]}
              />
            )}
          </Stack>
        );
      }}
    </ChartLoadState>
  );
}
