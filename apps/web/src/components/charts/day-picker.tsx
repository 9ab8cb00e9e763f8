import { Button, Group, TextInput } from '@mantine/core';
import { EARLIEST_RECORD_DAY } from '@cowcare/domain/calendar-date';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../lib/format';
import { shiftDay } from './chart-labels';

/** The chosen day of a date screen: a day back, the date itself, a day on (never past today). */
export function DayPicker({
  day,
  onChange,
  label,
}: {
  day: string;
  onChange: (day: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const today = localToday();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Button
        variant="light"
        onClick={() => onChange(shiftDay(day, -1))}
        aria-label={t('charts.previousDay')}
      >
        ‹
      </Button>
      <TextInput
        type="date"
        label={label ?? t('charts.day')}
        value={day}
        min={EARLIEST_RECORD_DAY}
        max={today}
        onChange={(event) => {
          const value = event.currentTarget.value;
          // A day the server draws no chart for (before its record days) is not sent at all.
          if (/^\d{4}-\d{2}-\d{2}$/.test(value) && value >= EARLIEST_RECORD_DAY && value <= today) {
            onChange(value);
          }
        }}
        style={{ flex: 1 }}
      />
      <Button
        variant="light"
        onClick={() => onChange(shiftDay(day, 1))}
        disabled={day >= today}
        aria-label={t('charts.nextDay')}
      >
        ›
      </Button>
    </Group>
  );
}
