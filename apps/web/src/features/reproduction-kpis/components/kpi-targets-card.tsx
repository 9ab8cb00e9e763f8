import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KpiSettings } from '@cowcare/contract/routes/reproduction-kpis';
import { VoluntaryWaitingDays } from '@cowcare/contract/routes/reproduction-kpis';
import {
  DEFAULT_REPRODUCTION_KPI_TARGETS,
  REPRODUCTION_KPI_KINDS,
  REPRODUCTION_KPI_NAMES,
  type ReproductionKpiName,
} from '@cowcare/domain/reproduction-kpi-targets';
import type { MessageKey } from '@cowcare/locales/catalog';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useKpiSettings, useSaveKpiSettings } from '../api/reproduction-kpis';
import { targetSign } from '../lib/kpi-format';
import { inputBounds, targetInputsOf, targetsOf, type TargetInputs } from '../lib/target-inputs';

const VWP = { min: VoluntaryWaitingDays.minimum ?? 20, max: VoluntaryWaitingDays.maximum ?? 200 };
const UNIT_KEYS = {
  rate: 'kpis.settings.percent',
  days: 'settings.days.unit',
  count: 'kpis.settings.services',
} as const;

function TargetsForm({ initial }: { initial: KpiSettings }) {
  const { t } = useTranslation();
  const save = useSaveKpiSettings();
  const [waiting, setWaiting] = useState<number | string>(initial.voluntaryWaitingDays);
  const [inputs, setInputs] = useState<TargetInputs>(() => targetInputsOf(initial.targets));
  const [invalid, setInvalid] = useState<readonly string[]>([]);
  const [formError, setFormError] = useState<MessageKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const targets = targetsOf(inputs);
    const waitingOk =
      typeof waiting === 'number' && Number.isInteger(waiting) && waiting >= VWP.min && waiting <= VWP.max;
    const wrong = [
      ...(Array.isArray(targets) ? targets : []),
      ...(waitingOk ? [] : ['voluntaryWaitingDays']),
    ];
    setInvalid(wrong);
    if (Array.isArray(targets) || !waitingOk) return;
    save.mutate(
      { voluntaryWaitingDays: waiting, targets },
      {
        onSuccess: () => notify('kpis.settings.saved', 'success'),
        onError: (error) => setFormError(errorMessageKey(error)),
      },
    );
  };

  const field = (name: ReproductionKpiName) => {
    const { min, max } = inputBounds(name);
    return (
      <NumberInput
        key={name}
        label={`${t(`kpis.name.${name}`)} (${targetSign(name)})`}
        rightSection={
          <Text size="xs" c="dimmed" pr="xs">
            {t(UNIT_KEYS[REPRODUCTION_KPI_KINDS[name].unit])}
          </Text>
        }
        rightSectionWidth={56}
        min={min}
        max={max}
        decimalScale={1}
        allowNegative={false}
        clampBehavior="none"
        inputMode="decimal"
        value={inputs[name]}
        error={invalid.includes(name) ? t('kpis.settings.range', { min, max }) : undefined}
        onChange={(value) => setInputs((previous) => ({ ...previous, [name]: value }))}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('kpis.settings.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('kpis.settings.body')}
        </Text>
        <NumberInput
          label={t('kpis.settings.waiting')}
          description={t('kpis.settings.waitingHelp')}
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {t('settings.days.unit')}
            </Text>
          }
          rightSectionWidth={56}
          min={VWP.min}
          max={VWP.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          value={waiting}
          error={invalid.includes('voluntaryWaitingDays') ? t('settings.days.range', VWP) : undefined}
          onChange={setWaiting}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {REPRODUCTION_KPI_NAMES.map(field)}
        </SimpleGrid>
        {formError && (
          <Alert color="red" role="alert" variant="light">
            {t(formError)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="subtle"
            onClick={() => {
              setInputs(targetInputsOf(DEFAULT_REPRODUCTION_KPI_TARGETS));
              setInvalid([]);
            }}
          >
            {t('kpis.settings.usual')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('kpis.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The farm's reproduction targets and waiting period, on the settings page (owners only). */
export function KpiTargetsCard() {
  const { t } = useTranslation();
  const settings = useKpiSettings();
  return (
    <Card withBorder component="section" aria-labelledby="settings-kpi-targets" mt="md">
      <Title order={2} size="h4" mb="sm" id="settings-kpi-targets">
        {t('kpis.settings.title')}
      </Title>
      {settings.isPending && <PageLoader />}
      {settings.isError && <QueryError error={settings.error} onRetry={() => void settings.refetch()} />}
      {/* Saved or changed elsewhere: the form starts again from what the server holds. */}
      {settings.data && <TargetsForm key={JSON.stringify(settings.data)} initial={settings.data} />}
    </Card>
  );
}
