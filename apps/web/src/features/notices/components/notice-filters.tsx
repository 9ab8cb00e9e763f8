import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTICE_GROUPS, type NoticeGroup } from '@cowcare/domain/notice-codes';
import { SENSOR_KINDS, type SensorKind } from '@cowcare/domain/sensor';
import type { NoticeFilter } from '../lib/notice-filter';

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

/** Sensor kind and code-group checkboxes with check-all / clear-all (spec §4: all checked at first). */
export function NoticeFilters({
  filter,
  onChange,
  groups = NOTICE_GROUPS,
}: {
  filter: NoticeFilter;
  onChange: (filter: NoticeFilter) => void;
  groups?: readonly NoticeGroup[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="notice-filters">
      <Checkbox.Group
        label={t('notices.filter.sensorKind')}
        value={[...filter.sensorKinds]}
        onChange={(value) =>
          onChange({ ...filter, sensorKinds: SENSOR_KINDS.filter((kind) => value.includes(kind)) })
        }
      >
        <Group gap="md" mt={4}>
          {SENSOR_KINDS.map((kind: SensorKind) => (
            <Checkbox key={kind} value={kind} label={t(`herd.sensor.${kind}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Stack gap={4} role="group" aria-label={t('notices.filter.groups')}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {t('notices.filter.groups')}
          </Text>
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => onChange({ ...filter, groups: NOTICE_GROUPS })}
            >
              {t('notices.filter.checkAll')}
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => onChange({ ...filter, groups: [] })}>
              {t('notices.filter.clearAll')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={6}>
          {groups.map((group) => (
            <Checkbox
              key={group}
              label={t(`notices.group.${group}`)}
              checked={filter.groups.includes(group)}
              onChange={(event) =>
                onChange({ ...filter, groups: toggle(filter.groups, group, event.currentTarget.checked) })
              }
            />
          ))}
        </SimpleGrid>
      </Stack>
      <TextInput
        type="date"
        label={t('notices.filter.date')}
        value={filter.date}
        onChange={(event) => onChange({ ...filter, date: event.currentTarget.value })}
        rightSection={
          filter.date ? (
            <Button size="compact-xs" variant="subtle" onClick={() => onChange({ ...filter, date: '' })}>
              {t('notices.filter.anyDate')}
            </Button>
          ) : undefined
        }
        rightSectionWidth={filter.date ? 80 : undefined}
      />
    </Stack>
  );
}
