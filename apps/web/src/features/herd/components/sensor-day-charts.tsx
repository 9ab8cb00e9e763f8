import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SeriesChart, type SeriesPoint } from '../../../components/charts/series-chart';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { localToday } from '../../../lib/format';
import { isInvalidPayload, useReadingsOfDay } from '../api/get-readings-of-day';

const pad = (value: number) => String(value).padStart(2, '0');

/** 'HH:mm' on the device's clock. */
function clock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function shiftDay(day: string, by: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return localToday(new Date(year ?? 2000, (month ?? 1) - 1, (date ?? 1) + by));
}

/**
 * Temperature, activity and drinking of one sensor on a chosen day (the 10-minute readings of gpko/line),
 * with a day selector. A day without any reading says 'No data on this date' and asks for another day.
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
  const today = localToday();
  const [day, setDay] = useState(today);
  const readings = useReadingsOfDay({ sensor, city, country, day });

  const points = (pick: 'temp' | 'activity' | 'drink'): SeriesPoint[] =>
    (readings.data ?? []).map((reading) => ({ label: clock(reading.timedate), value: reading[pick] }));
  const measured = (readings.data ?? []).filter(
    (reading) => reading.temp !== null || reading.activity !== null || reading.drink !== null,
  );
  const filled = measured.filter((reading) => reading.filled).length;

  let body;
  if (readings.isPending) body = <PageLoader />;
  else if (readings.isError) {
    body = isInvalidPayload(readings.error) ? (
      <Alert color="red" role="alert" title={t('charts.invalidPayload')}>
        {t('charts.invalidPayloadBody')}
      </Alert>
    ) : (
      <QueryError error={readings.error} onRetry={() => void readings.refetch()} />
    );
  } else if (measured.length === 0) {
    body = (
      <Alert color="gray" role="status" title={t('common.noDataOnDate')} data-testid="no-data-on-date">
        {t('common.reselectRange')}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="xs" c="dimmed" data-testid="readings-count">
          {t('charts.readingsOfDay', { count: measured.length, filled })}
        </Text>
        <SeriesChart
          id="temperature"
          title={t('charts.temperature')}
          unit=" °C"
          digits={2}
          points={points('temp')}
        />
        <SeriesChart
          id="activity"
          title={t('charts.activity')}
          points={points('activity')}
          color="var(--mantine-color-orange-7)"
        />
        <SeriesChart
          id="drinking"
          title={t('charts.drinking')}
          points={points('drink')}
          kind="bar"
          color="var(--mantine-color-cyan-7)"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Button
          variant="light"
          onClick={() => setDay(shiftDay(day, -1))}
          aria-label={t('charts.previousDay')}
        >
          ‹
        </Button>
        <TextInput
          type="date"
          label={t('charts.day')}
          value={day}
          max={today}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setDay(value);
          }}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          onClick={() => setDay(shiftDay(day, 1))}
          disabled={day >= today}
          aria-label={t('charts.nextDay')}
        >
          ›
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
