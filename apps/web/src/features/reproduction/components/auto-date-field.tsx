import { useState } from 'react';
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A date the form fills from the rules (shown as "automatic") until the user types their own (then
 * "set by hand", sent to the server, which keeps it as manual). "Use automatic" goes back.
 */
export function useAutoDate(auto: string | undefined) {
  const [manual, setManual] = useState<string | null>(null);
  return {
    value: manual ?? auto ?? '',
    isManual: manual !== null,
    /** What to send: the hand-set date, or undefined to let the server compute it. */
    manual: manual === null || manual === '' ? undefined : manual,
    set: (value: string) => setManual(value),
    reset: () => setManual(null),
  };
}

export function AutoDateField({
  label,
  date,
  description,
  onEdit,
}: {
  label: string;
  date: ReturnType<typeof useAutoDate>;
  description?: string;
  /** Told of every change by the user, so the form can drop a refusal about this date. */
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <TextInput
        type="date"
        label={label}
        description={description}
        value={date.value}
        onChange={(event) => {
          date.set(event.currentTarget.value);
          onEdit?.();
        }}
      />
      <Group gap="xs">
        <Text size="xs" c={date.isManual ? 'blue.8' : 'dimmed'}>
          {date.isManual ? t('herd.dates.manual') : t('herd.dates.automatic')}
        </Text>
        {date.isManual && (
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              date.reset();
              onEdit?.();
            }}
          >
            {t('herd.dates.useAutomatic')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
