import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { KPI_PERIOD_CHOICES, type KpiPeriodChoice } from '../lib/kpi-period';

/** The period and the cow type the figures are for. */
export function KpiScopePicker({
  FarmNumber,
  choice,
  cowTypeId,
  onChoice,
  onCowType,
}: {
  FarmNumber: string;
  choice: KpiPeriodChoice;
  cowTypeId: number | null;
  onChoice: (choice: KpiPeriodChoice) => void;
  onCowType: (cowTypeId: number | null) => void;
}) {
  const { t } = useTranslation();
  const types = useCowTypes(FarmNumber);
  return (
    <Group gap="sm" grow>
      <NativeSelect
        label={t('kpis.period.label')}
        value={choice}
        data={KPI_PERIOD_CHOICES.map((value) => ({ value, label: t(`kpis.period.${value}`) }))}
        onChange={(event) => onChoice(event.currentTarget.value as KpiPeriodChoice)}
      />
      <NativeSelect
        label={t('kpis.cowType.label')}
        value={cowTypeId === null ? '' : String(cowTypeId)}
        data={[
          { value: '', label: t('kpis.cowType.all') },
          ...(types.data?.types ?? []).map((type) => ({ value: String(type.id), label: type.name })),
        ]}
        onChange={(event) => onCowType(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      />
    </Group>
  );
}
