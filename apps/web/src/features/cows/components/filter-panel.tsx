import { Button, Chip, Drawer, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_LEVELS,
  FILTERABLE_COW_STATUSES,
  TEMPERATURE_LEVELS,
  withAllOptionsChecked,
  withAllOptionsCleared,
} from '@cowcare/domain/cow-filter';
import { SENSOR_KINDS, SENSOR_STATES } from '@cowcare/domain/sensor';
import type { MessageKey } from '@cowcare/locales/catalog';
import type { FilterGroups } from '../lib/list-prefs';

interface GroupProps<T extends string> {
  title: string;
  options: readonly T[];
  selected: readonly T[];
  label: (option: T) => string;
  onChange: (selected: T[]) => void;
}

function OptionGroup<T extends string>({ title, options, selected, label, onChange }: GroupProps<T>) {
  const { t } = useTranslation();
  const id = `filter-${title.replace(/\W+/g, '-')}`;
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Group justify="space-between">
        <Text fw={600} size="sm" id={id}>
          {title}
        </Text>
        {selected.length === 0 && (
          <Text size="xs" c="red">
            {t('herd.filter.groupEmpty')}
          </Text>
        )}
      </Group>
      <Chip.Group
        multiple
        value={[...selected]}
        onChange={(value) => onChange(options.filter((option) => value.includes(option)))}
      >
        <Group gap={6}>
          {options.map((option) => (
            <Chip key={option} value={option} size="sm" variant="outline">
              {label(option)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

interface Props {
  opened: boolean;
  onClose: () => void;
  groups: FilterGroups;
  onChange: (groups: FilterGroups) => void;
}

const without = <T extends { keyword: string }>({ keyword: _keyword, ...rest }: T) => rest;

/** Every filter group of spec §4, with check-all and clear-all. */
export function FilterPanel({ opened, onClose, groups, onChange }: Props) {
  const { t } = useTranslation();
  const set =
    <K extends keyof FilterGroups>(key: K) =>
    (value: FilterGroups[K]) =>
      onChange({ ...groups, [key]: value });
  const sensorStateKey = (state: (typeof SENSOR_STATES)[number]): MessageKey =>
    state === 'zts' ? 'herd.filter.sensorOnline' : 'herd.filter.sensorOffline';
  return (
    <Drawer opened={opened} onClose={onClose} position="bottom" size="auto" title={t('herd.filter.title')}>
      <Stack gap="md" pb="md">
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => onChange(without(withAllOptionsChecked({ ...groups, keyword: '' })))}
          >
            {t('herd.filter.checkAll')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => onChange(without(withAllOptionsCleared({ ...groups, keyword: '' })))}
          >
            {t('herd.filter.clearAll')}
          </Button>
        </Group>
        <OptionGroup
          title={t('herd.filter.status')}
          options={FILTERABLE_COW_STATUSES}
          selected={groups.statuses}
          label={(status) => t(`herd.status.${status}`)}
          onChange={set('statuses')}
        />
        <OptionGroup
          title={t('herd.filter.temperature')}
          options={TEMPERATURE_LEVELS}
          selected={groups.temperatureLevels}
          label={(level) => t(`herd.temperature.${level}`)}
          onChange={set('temperatureLevels')}
        />
        <OptionGroup
          title={t('herd.filter.activity')}
          options={ACTIVITY_LEVELS}
          selected={groups.activityLevels}
          label={(level) => t(`herd.activity.${level}`)}
          onChange={set('activityLevels')}
        />
        <OptionGroup
          title={t('herd.filter.sensorState')}
          options={SENSOR_STATES}
          selected={groups.sensorStates}
          label={(state) => t(sensorStateKey(state))}
          onChange={set('sensorStates')}
        />
        <OptionGroup
          title={t('herd.filter.sensorKind')}
          options={SENSOR_KINDS}
          selected={groups.sensorKinds}
          label={(kind) => t(`herd.sensor.${kind}`)}
          onChange={set('sensorKinds')}
        />
        <Button onClick={onClose}>{t('herd.filter.done')}</Button>
      </Stack>
    </Drawer>
  );
}
