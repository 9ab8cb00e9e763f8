import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { sensorKind } from '@cowcare/domain/sensor';
import { CheckIcon } from '../../../components/icons';
import { refusalText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { problemFromServer } from '../../../lib/server-cow-errors';
import { usePutSensorOnCow } from '../api/put-sensor-on-cow';
import { cowChoicesFor, wearerOf } from '../lib/cow-choices';

/** Pick a cow by code and put the sensor on her; a cow that wears another sensor has it replaced. */
function PutOnCowForm({
  sensor,
  cows,
  onDone,
}: {
  sensor: number;
  cows: readonly Cow[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const put = usePutSensorOnCow();
  const choices = useMemo(() => cowChoicesFor(cows), [cows]);
  const [cowId, setCowId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = choices.find((choice) => String(choice.id) === cowId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem(t('notices.putOnCow.pick'));
      return;
    }
    setProblem(null);
    put.mutate(
      { cowId: chosen.id, sensor },
      {
        onSuccess: (cow) => {
          notify(t('notices.putOnCow.done', { sensor, code: cow.code }), 'success');
          onDone();
        },
        onError: (error) => {
          const known = problemFromServer(error);
          setProblem(known ? t(known.key, known.values) : refusalText(error, t));
        },
      },
    );
  };

  if (choices.length === 0) {
    return <Text size="sm">{t('notices.putOnCow.noCows')}</Text>;
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('notices.putOnCow.title', { sensor })}>
      <Stack gap="sm">
        <Text size="sm">
          {t('notices.putOnCow.intro', { kind: t(`herd.sensor.${sensorKind(sensor)}`), sensor })}
        </Text>
        <Select
          label={t('notices.putOnCow.cow')}
          placeholder={t('notices.filter.keywordPlaceholder')}
          searchable
          data-autofocus
          limit={100}
          nothingFoundMessage={t('notices.putOnCow.noMatch')}
          data={choices.map((choice) => ({
            value: String(choice.id),
            label:
              choice.sensor === null
                ? choice.code
                : t('notices.putOnCow.wears', { code: choice.code, sensor: choice.sensor }),
          }))}
          value={cowId}
          onChange={(value) => {
            setCowId(value);
            setProblem(null);
          }}
        />
        {chosen && chosen.sensor !== null && (
          <Alert color="yellow" variant="light">
            {t('notices.putOnCow.replaces', { code: chosen.code, old: chosen.sensor, sensor })}
          </Alert>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={put.isPending}>
            {chosen ? t('notices.putOnCow.saveOn', { code: chosen.code }) : t('notices.putOnCow.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The 703 notice's own action: a sensor reports with no cow wearing it, so offer to put it on one right
 * here. Once a cow wears it (from here, her edit form or step 3), the notice says which cow instead.
 */
export function PutOnCow({ sensor, cows }: { sensor: number; cows: readonly Cow[] | undefined }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!cows) return null;
  const wearer = wearerOf(cows, sensor);
  if (wearer) {
    // The text keeps the body colour: green text on an unread notice's green tint is too faint (axe, 4.5:1).
    return (
      <Group gap={4} wrap="nowrap">
        <CheckIcon size={14} color="var(--mantine-color-green-8)" aria-hidden />
        <Text size="xs" fw={600} data-testid="notice-sensor-worn">
          {t('notices.putOnCow.worn', { code: wearer.code })}
        </Text>
      </Group>
    );
  }
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)}>
        {t('notices.putOnCow.action')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('notices.putOnCow.title', { sensor })}
        centered
      >
        {opened && <PutOnCowForm sensor={sensor} cows={cows} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
