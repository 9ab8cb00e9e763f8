import { useMemo, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sensorKind } from '@cowcare/domain/sensor';
import { EmptyState } from '../empty-state';
import { SignalIcon, TrashIcon } from '../icons';
import { PageLoader } from '../page-loader';
import { QueryError } from '../query-error';
import { refusalText } from '../../lib/error-message';
import { formatRelative } from '../../lib/format';
import { currentLanguage, LANGUAGES } from '../../lib/i18n';
import { parseSensorEntry, type SensorEntryResult } from '../../lib/sensor-entry';
import {
  useRegisterSensors,
  useRemoveSensor,
  useSensorInventory,
  type FarmParams,
} from '../../lib/api/gateways';

/**
 * The farm's sensor inventory, kept on the server (setup step 2, the sensor page): type or paste ids to
 * register them, see which cow wears each and its last reading, take an unworn one off.
 */
export function SensorInventoryPanel({ farm }: { farm: FarmParams }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const inventory = useSensorInventory(farm);
  const register = useRegisterSensors(farm);
  const remove = useRemoveSensor(farm);
  const [entry, setEntry] = useState('');
  const [problems, setProblems] = useState<SensorEntryResult['problems']>([]);
  const rows = useMemo(() => inventory.data ?? [], [inventory.data]);
  const worn = useMemo(
    () => new Map(rows.flatMap((row) => (row.cowCode ? [[row.sensor, row.cowCode] as const] : []))),
    [rows],
  );

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const free = rows.filter((row) => !row.cowCode).map((row) => row.sensor);
    const result = parseSensorEntry(entry, free, worn);
    setProblems(result.problems);
    const rest = result.problems.map((problem) => problem.text).join(' ');
    if (result.added.length === 0) {
      setEntry(rest);
      return;
    }
    register.mutate(result.added, { onSuccess: () => setEntry(rest) });
  };

  if (inventory.isPending) return <PageLoader />;
  if (inventory.isError) {
    return <QueryError error={inventory.error} onRetry={() => void inventory.refetch()} />;
  }
  return (
    <Stack gap="sm">
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
            <Button type="submit" variant="light" disabled={entry.trim() === ''} loading={register.isPending}>
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
      {(register.isError || remove.isError) && (
        <Alert color="red" variant="light" role="alert">
          {refusalText(register.error ?? remove.error, t)}
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState
          icon={<SignalIcon />}
          title={t('setup.sensors.emptyTitle')}
          body={t('setup.sensors.emptyBody')}
        />
      ) : (
        <Card withBorder padding="xs" aria-label={t('setup.sensors.listLabel')} component="section">
          <Text size="sm" fw={600} px="xs" pb={4}>
            {t('setup.sensors.count', { count: rows.length })}
          </Text>
          {rows.map((row) => {
            const kind = sensorKind(row.sensor);
            return (
              <Group
                key={row.sensor}
                justify="space-between"
                px="xs"
                py={4}
                wrap="nowrap"
                data-testid="setup-sensor"
              >
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600}>{row.sensor}</Text>
                    <Badge size="sm" variant="light" color={kind === 'neck' ? 'teal' : 'grape'} tt="none">
                      {t(`herd.sensor.${kind}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" data-testid="setup-sensor-state">
                    {row.cowCode
                      ? t('setup.sensors.wornBy', { code: row.cowCode })
                      : t('setup.sensors.notWorn')}
                    {' · '}
                    {row.lastReadingAt
                      ? t('sensors.lastReading', { when: formatRelative(row.lastReadingAt, t, bcp47) })
                      : t('herd.reading.none')}
                  </Text>
                </Stack>
                {!row.cowCode && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('setup.sensors.remove', { sensor: row.sensor })}
                    loading={remove.isPending && remove.variables === row.sensor}
                    onClick={() => remove.mutate(row.sensor)}
                  >
                    <TrashIcon size={14} />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Card>
      )}
    </Stack>
  );
}
