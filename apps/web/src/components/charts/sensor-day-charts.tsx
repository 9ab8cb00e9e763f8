import { useState } from 'react';
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayPicker } from './day-picker';
import { localToday } from '../../lib/format';
import { useSensorBounds } from '../../lib/api/get-sensor-bounds';
import { AlertLinesForm } from './alert-lines-form';
import { SensorDayView } from './sensor-day-view';
import { SensorMonthView } from './sensor-month-view';
import { SensorWeekView } from './sensor-week-view';

const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

/**
 * A sensor's charts on a chosen day (cow detail, sensor page): that day's readings, or the 7 or 30 days
 * ending with it, with the alert lines the user set for the sensor and a form to set them.
 * A day without any reading says 'No data on this date' and asks for another day.
 */
export function SensorDayCharts({
  sensor,
  city,
  country,
}: {
  sensor: number | null;
  city: string | null | undefined;
  country: string | null | undefined;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(localToday);
  const [period, setPeriod] = useState<Period>('day');
  const [editing, setEditing] = useState(false);
  const boundsQuery = useSensorBounds(sensor);
  const bounds = boundsQuery.data ?? null;
  const request = { sensor, city, country, day };
  const View = period === 'day' ? SensorDayView : period === 'week' ? SensorWeekView : SensorMonthView;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('charts.period.label')}
        value={period}
        onChange={(value) => setPeriod(value)}
        data={PERIODS.map((value) => ({ value, label: t(`charts.period.${value}`) }))}
        fullWidth
      />
      <DayPicker
        day={day}
        onChange={setDay}
        label={period === 'day' ? t('charts.day') : t('charts.lastDay')}
      />
      <View request={request} bounds={bounds} />
      {sensor !== null && (
        <Stack gap="xs">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setEditing((open) => !open)}
            aria-expanded={editing}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('charts.alerts.title')}
          </Button>
          {/* Filled from the stored lines, so it waits for them; saving replaces them and refills it. */}
          {editing && !boundsQuery.isPending && (
            <AlertLinesForm key={JSON.stringify(bounds)} sensor={sensor} bounds={bounds} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
