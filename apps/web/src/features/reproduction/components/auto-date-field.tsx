import { useState } from 'react';
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A record's stored date and whether the server computed it: where an edit starts from. */
export interface StoredDate {
  date: string | null;
  auto: boolean;
}

/**
 * A date the form fills from the rules (shown as "automatic") until the user types their own (then
 * "set by hand", sent to the server, which keeps it as manual). "Use automatic" goes back. An edited
 * record starts from its `stored` date: a hand-set one stays hand-set until the user changes it.
 */
export function useAutoDate(auto: string | undefined, stored?: StoredDate) {
  const initial = stored && !stored.auto && stored.date ? stored.date : null;
  const [manual, setManual] = useState<string | null>(initial);
  const typed = manual === null || manual === '' ? undefined : manual;
  return {
    value: manual ?? auto ?? '',
    isManual: manual !== null,
    /** What to send: the hand-set date, or undefined to let the server compute it. */
    manual: typed,
    /**
     * What an edit sends: a newly hand-set date; null when a hand-set date went back to automatic (or was
     * emptied); undefined when nothing changed (the server keeps a hand-set date, recomputes an automatic one).
     */
    change:
      typed !== undefined ? (typed === initial ? undefined : typed) : initial === null ? undefined : null,
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
