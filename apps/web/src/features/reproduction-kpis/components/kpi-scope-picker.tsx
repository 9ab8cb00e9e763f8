import { useState } from 'react';
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EARLIEST_RECORD_DAY, isCalendarDate } from '@cowcare/domain/calendar-date';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { localToday } from '../../../lib/format';
import type { KpiScope } from '../api/reproduction-kpis';
import { KPI_PERIOD_CHOICES, type KpiPeriod, type KpiPeriodChoice } from '../lib/kpi-period';

/** The user's own dates: applied once both are days and in order; until then the field says what is wrong. */
function CustomDates({ period, onChange }: { period: KpiPeriod; onChange: (period: KpiPeriod) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(period);
  const inOrder = draft.from <= draft.to;
  const change = (next: KpiPeriod) => {
    setDraft(next);
    if (isCalendarDate(next.from) && isCalendarDate(next.to) && next.from <= next.to) onChange(next);
  };
  return (
    <Group gap="sm" grow>
      <TextInput
        type="date"
        label={t('kpis.period.from')}
        min={EARLIEST_RECORD_DAY}
        max={localToday()}
        value={draft.from}
        onChange={(event) => change({ ...draft, from: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('kpis.period.to')}
        min={EARLIEST_RECORD_DAY}
        max={localToday()}
        value={draft.to}
        error={inOrder ? undefined : t('kpis.period.order')}
        onChange={(event) => change({ ...draft, to: event.currentTarget.value })}
      />
    </Group>
  );
}

/** The period and the cow type the figures are for. */
export function KpiScopePicker({
  FarmNumber,
  choice,
  scope,
  onChoice,
  onCustom,
  onCowType,
}: {
  FarmNumber: string;
  choice: KpiPeriodChoice;
  scope: KpiScope;
  onChoice: (choice: KpiPeriodChoice) => void;
  onCustom: (period: KpiPeriod) => void;
  onCowType: (cowTypeId: number | null) => void;
}) {
  const { t } = useTranslation();
  const types = useCowTypes(FarmNumber);
  return (
    <Stack gap="xs">
      <Group gap="sm" grow>
        <NativeSelect
          label={t('kpis.period.label')}
          value={choice}
          data={KPI_PERIOD_CHOICES.map((value) => ({ value, label: t(`kpis.period.${value}`) }))}
          onChange={(event) => onChoice(event.currentTarget.value as KpiPeriodChoice)}
        />
        <NativeSelect
          label={t('kpis.cowType.label')}
          value={scope.cowTypeId === null ? '' : String(scope.cowTypeId)}
          data={[
            { value: '', label: t('kpis.cowType.all') },
            ...(types.data?.types ?? []).map((type) => ({ value: String(type.id), label: type.name })),
          ]}
          onChange={(event) =>
            onCowType(event.currentTarget.value ? Number(event.currentTarget.value) : null)
          }
        />
      </Group>
      {choice === 'custom' && <CustomDates period={scope} onChange={onCustom} />}
    </Stack>
  );
}
