import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PregnancyCheckDaysSchema, type PregnancyCheckDays } from '@cowcare/contract/schemas';
import type { MessageKey } from '@cowcare/locales/catalog';
import { BossPasswordModal } from '../../../components/boss-password-modal';
import { bossErrorKey } from '../../../lib/boss-password';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import type { SettingsParams } from '../../../lib/settings-query';
import { useSaveSettings } from '../api/put-settings';

export const METHODS = [
  'Ultrasonic',
  'Inspection',
  'Rectal',
  'Hormone',
  'External',
] as const satisfies readonly (keyof PregnancyCheckDays)[];
type Method = (typeof METHODS)[number];

const bounds = (method: Method) => {
  const schema = PregnancyCheckDaysSchema.properties[method] as { minimum?: number; maximum?: number };
  return { min: schema.minimum ?? 1, max: schema.maximum ?? 365 };
};

export function isValidDays(method: Method, value: number | string): value is number {
  const { min, max } = bounds(method);
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The days added per pregnancy-check method; saved only after the boss password is verified. */
export function SettingsForm({ params, initial }: { params: SettingsParams; initial: PregnancyCheckDays }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [values, setValues] = useState<Record<Method, number | string>>(initial);
  const [invalid, setInvalid] = useState<Partial<Record<Method, boolean>>>({});
  const [asking, setAsking] = useState(false);
  const [bossError, setBossError] = useState<MessageKey | null>(null);
  const [formError, setFormError] = useState<MessageKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Method, boolean>> = {};
    for (const method of METHODS) if (!isValidDays(method, values[method])) found[method] = true;
    setInvalid(found);
    if (Object.keys(found).length > 0) return;
    setBossError(null);
    setAsking(true);
  };

  const onConfirm = (bossPassword: string) => {
    const days = Object.fromEntries(
      METHODS.map((method) => [method, Number(values[method])]),
    ) as PregnancyCheckDays;
    save.mutate(
      { params, days, bossPassword },
      {
        onSuccess: () => {
          setAsking(false);
          notify('settings.saved', 'success');
        },
        onError: (error) => {
          const bossKey = bossErrorKey(error);
          if (bossKey) {
            setBossError(bossKey);
            return;
          }
          setAsking(false);
          setFormError(errorMessageKey(error));
        },
      },
    );
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('settings.days.title')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('settings.days.description')}
          </Text>
          {METHODS.map((method) => {
            const { min, max } = bounds(method);
            return (
              <NumberInput
                key={method}
                label={t(`settings.method.${method}`)}
                rightSection={
                  <Text size="xs" c="dimmed" pr="xs">
                    {t('settings.days.unit')}
                  </Text>
                }
                rightSectionWidth={48}
                min={min}
                max={max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                inputMode="numeric"
                value={values[method]}
                error={invalid[method] ? t('settings.days.range', { min, max }) : undefined}
                onChange={(value) => {
                  setValues((previous) => ({ ...previous, [method]: value }));
                  setInvalid((previous) => ({ ...previous, [method]: false }));
                }}
              />
            );
          })}
          {formError && (
            <Alert color="red" role="alert" variant="light">
              {t(formError)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit">{t('settings.save')}</Button>
          </Group>
        </Stack>
      </form>
      <BossPasswordModal
        opened={asking}
        pending={save.isPending}
        error={bossError}
        onConfirm={onConfirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
