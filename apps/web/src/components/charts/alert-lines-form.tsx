import { useState, type FormEvent } from 'react';
import { Alert, Button, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SensorBounds } from '@cowcare/contract/routes/charts';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from '../../lib/api-client';
import { errorMessageKey } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useSaveSensorBounds, type SensorBoundChanges } from '../../lib/api/save-sensor-bounds';

const FIELDS = ['tempUp', 'tempLow', 'activityUp', 'activityLow'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, number | string>;

const LABELS: Record<Field, MessageKey> = {
  tempUp: 'charts.alerts.tempUp',
  tempLow: 'charts.alerts.tempLow',
  activityUp: 'charts.alerts.activityUp',
  activityLow: 'charts.alerts.activityLow',
};

const toNumber = (value: number | string): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);

/** The lower lines that are not below their upper ones (the server refuses those too). */
function crossedLines(values: Values): Field[] {
  const crossed: Field[] = [];
  for (const [low, up] of [
    ['tempLow', 'tempUp'],
    ['activityLow', 'activityUp'],
  ] as const) {
    const lower = toNumber(values[low]);
    const upper = toNumber(values[up]);
    if (lower !== null && upper !== null && lower >= upper) crossed.push(low);
  }
  return crossed;
}

/** The fields a 400 from uplow names (`body.datas.tempLow`). */
const refusedFields = (error: unknown): Field[] =>
  isApiError(error)
    ? FIELDS.filter((field) => error.details.some((detail) => detail.path === `body.datas.${field}`))
    : [];

/**
 * The user's upper and lower alert lines of a sensor's charts (uplow). An empty field clears its line.
 * Saved lines replace the cached ones, so the charts above redraw with them at once.
 */
export function AlertLinesForm({ sensor, bounds }: { sensor: number; bounds: SensorBounds | null }) {
  const { t } = useTranslation();
  const save = useSaveSensorBounds();
  const [values, setValues] = useState<Values>(() => ({
    tempUp: bounds?.tempUp ?? '',
    tempLow: bounds?.tempLow ?? '',
    activityUp: bounds?.activityUp ?? '',
    activityLow: bounds?.activityLow ?? '',
  }));
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [formError, setFormError] = useState<MessageKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const crossed = crossedLines(values);
    setInvalid(crossed);
    if (crossed.length > 0) return;
    const datas = Object.fromEntries(
      FIELDS.map((field) => [field, toNumber(values[field])]),
    ) as SensorBoundChanges;
    save.mutate(
      { sensor, datas },
      {
        onSuccess: () => notify('charts.alerts.saved', 'success'),
        onError: (error) => {
          const refused = refusedFields(error);
          setInvalid(refused);
          if (refused.length === 0) setFormError(errorMessageKey(error));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('charts.alerts.title')}>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('charts.alerts.intro')}
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          {FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(LABELS[field])}
              value={values[field]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field]: value }));
                // A crossing is of a pair of lines: changing either one takes its error off both.
                const pair = (other: Field) => other.startsWith('temp') === field.startsWith('temp');
                setInvalid((current) => current.filter((other) => !pair(other)));
              }}
              decimalScale={field.startsWith('temp') ? 2 : 1}
              step={field.startsWith('temp') ? 0.1 : 1}
              hideControls
              error={invalid.includes(field) ? t('charts.alerts.lowBelowUp') : undefined}
            />
          ))}
        </SimpleGrid>
        {formError && (
          <Alert color="red" role="alert">
            {t(formError)}
          </Alert>
        )}
        <Button type="submit" variant="light" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('charts.alerts.save')}
        </Button>
      </Stack>
    </form>
  );
}
