import { Button, Group, TextInput } from '@mantine/core';
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
        max={today}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (/^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today) onChange(value);
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
