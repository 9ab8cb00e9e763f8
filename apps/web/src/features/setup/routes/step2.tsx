import { useMemo, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { NECK_SENSOR_THRESHOLD, sensorKind } from '@cowcare/domain/sensor';
import { EmptyState } from '../../../components/empty-state';
import { SignalIcon, TrashIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { SetupSteps } from '../../../components/setup-steps';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { useCows } from '../../../lib/api/get-cows';
import { herdIndexOf } from '../../../lib/cow-rules';
import {
  parseSensorEntry,
  readSetupSensors,
  writeSetupSensors,
  type SensorEntryResult,
} from '../lib/setup-sensors';

function Sensors({ user }: { user: User }) {
  const { t } = useTranslation();
  const cows = useCows({ country: user.country, FarmNumber: user.FarmNumber });
  const worn = useMemo(
    () => (cows.data ? herdIndexOf(cows.data).sensors : new Map<number, string>()),
    [cows.data],
  );
  const [sensors, setSensors] = useState<number[]>(readSetupSensors);
  const [entry, setEntry] = useState('');
  const [problems, setProblems] = useState<SensorEntryResult['problems']>([]);

  const update = (next: number[]) => {
    setSensors(next);
    writeSetupSensors(next);
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const result = parseSensorEntry(entry, sensors, worn);
    setProblems(result.problems);
    if (result.added.length > 0) update([...sensors, ...result.added]);
    setEntry(result.problems.map((problem) => problem.text).join(' '));
  };

  if (cows.isPending) return <PageLoader />;
  if (cows.isError) return <QueryError error={cows.error} onRetry={() => void cows.refetch()} />;
  return (
    <Stack gap="md">
      <Card withBorder>
        <Text size="sm" mb="xs">
          {t('setup.sensors.intro')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('setup.sensors.neck', { threshold: NECK_SENSOR_THRESHOLD })}</List.Item>
          <List.Item>{t('setup.sensors.pill', { threshold: NECK_SENSOR_THRESHOLD })}</List.Item>
        </List>
      </Card>
      <form onSubmit={onAdd} noValidate aria-label={t('setup.sensors.formLabel')}>
        <Stack gap="xs">
          <Textarea
            label={t('setup.sensors.entry')}
            description={t('setup.sensors.entryHint')}
            autosize
            minRows={2}
            value={entry}
            onChange={(event) => setEntry(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" disabled={entry.trim() === ''}>
              {t('setup.sensors.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {problems.length > 0 && (
        <Alert color="red" variant="light" role="alert" title={t('setup.sensors.problems')}>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem.text}>
                <b>{problem.text}</b>: {t(problem.key, problem.values)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {sensors.length === 0 ? (
        <EmptyState
          icon={<SignalIcon />}
          title={t('setup.sensors.emptyTitle')}
          body={t('setup.sensors.emptyBody')}
        />
      ) : (
        <Card withBorder padding="xs" aria-label={t('setup.sensors.listLabel')} component="section">
          <Text size="sm" fw={600} px="xs" pb={4}>
            {t('setup.sensors.count', { count: sensors.length })}
          </Text>
          {sensors.map((sensor) => {
            const kind = sensorKind(sensor);
            return (
              <Group key={sensor} justify="space-between" px="xs" py={4} data-testid="setup-sensor">
                <Group gap="xs">
                  <Text fw={600}>{sensor}</Text>
                  <Badge size="sm" variant="light" color={kind === 'neck' ? 'teal' : 'grape'} tt="none">
                    {t(`herd.sensor.${kind}`)}
                  </Badge>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('setup.sensors.remove', { sensor })}
                  onClick={() => update(sensors.filter((other) => other !== sensor))}
                >
                  <TrashIcon size={14} />
                </ActionIcon>
              </Group>
            );
          })}
        </Card>
      )}
    </Stack>
  );
}

/** Setup wizard, step 2: the farm's sensors. */
export function Step2Route() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.step2')} back backTo={paths.index.step1}>
      <SetupSteps active={1} />
      {user ? <Sensors user={user} /> : <PageLoader />}
      <Group justify="space-between" mt="md">
        <Button component={Link} to={paths.index.step1} variant="default">
          {t('setup.back')}
        </Button>
        <Button component={Link} to={paths.index.step3}>
          {t('setup.next')}
        </Button>
      </Group>
    </Page>
  );
}
