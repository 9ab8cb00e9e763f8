import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageKey } from '@cowcare/locales/catalog';
import { paths } from '../config/paths';

/** The four steps of the new-farm setup wizard (architecture §8), in order. */
export const SETUP_STEPS: readonly { path: string; label: MessageKey }[] = [
  { path: paths.index.step1, label: 'setup.steps.farm' },
  { path: paths.index.step2, label: 'setup.steps.sensors' },
  { path: paths.index.step3, label: 'setup.steps.cows' },
  { path: paths.index.step4, label: 'setup.steps.days' },
];

/** Where the wizard stands; a step already reached can be revisited by tapping it. */
export function SetupSteps({ active }: { active: 0 | 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stepper
      active={active}
      size="xs"
      iconSize={28}
      mb="md"
      wrap={false}
      labelPosition="bottom"
      allowNextStepsSelect={false}
      onStepClick={(step) => {
        const target = SETUP_STEPS[step];
        if (target) void navigate(target.path);
      }}
      aria-label={t('setup.title')}
    >
      {SETUP_STEPS.map((step) => (
        <Stepper.Step key={step.path} label={t(step.label)} />
      ))}
    </Stepper>
  );
}
