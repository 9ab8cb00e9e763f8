import { memo } from 'react';
import { parseStoredStatus } from '@cowcare/domain/cow-status';
import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon, TagIcon } from '../../../components/icons';
import { paths, withQuery } from '../../../config/paths';
import type { HeatState } from '../../../lib/heat-states';
import type { RowControl } from '../../../lib/row-focus';
import type { CowRow } from '../../../lib/cow-rows';
import { ActivityReading, DrinkReading, FeverReading, SensorReading } from './readings';
import { HeatBadge } from './heat-badge';
import { StatusBadge } from '../../../components/cows/status-badge';

export const COW_ROW_HEIGHT = 86;

interface Props {
  row: CowRow;
  heat: HeatState | undefined;
  selected: boolean;
  onToggle: (id: number) => void;
  /** Puts the checkbox and the code in the Tab order for one row of the list only. */
  control: RowControl;
}

/** One cow in the list: code, status (and a heat going on) and type on top; fever, activity, drinking and sensor below. */
export const CowRowView = memo(function CowRowView({ row, heat, selected, onToggle, control }: Props) {
  const { t } = useTranslation();
  const { cow } = row;
  return (
    <Group
      h={COW_ROW_HEIGHT}
      px="xs"
      gap="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      bg={selected ? 'green.0' : undefined}
      data-testid="cow-row"
      data-code={cow.code}
    >
      <Checkbox
        checked={selected}
        onChange={() => onToggle(cow.id)}
        aria-label={t('herd.list.select', { code: cow.code })}
        {...control}
      />
      <Stack gap={3} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={withQuery(paths.index.cow, { id: cow.id })}
            fw={700}
            c="dark"
            {...control}
          >
            {cow.code}
          </Anchor>
          {/* A heat says all the detection status would, and both overflowed a 320-px phone in Vietnamese. */}
          {!(heat && parseStoredStatus(cow.status) === 'estrusDetection') && (
            <StatusBadge stored={cow.status} size="xs" />
          )}
          <HeatBadge state={heat} size="xs" />
        </Group>
        {/* Wraps rather than clips: in Russian "+1,2° Умеренная" pushed the drinking value out of sight. */}
        <Group gap="sm" style={{ rowGap: 2 }}>
          <FeverReading deviation={row.fever} level={row.feverLevel} short />
          <ActivityReading deviation={row.activity} level={row.activityLevel} />
          <DrinkReading value={row.drink} kind={row.kind} short />
        </Group>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={3} wrap="nowrap" c="dimmed" style={{ minWidth: 0 }}>
            <TagIcon size={12} />
            <Text size="xs">{cow.typename ?? t('herd.types.uncategorized')}</Text>
          </Group>
          <SensorReading kind={row.kind} online={cow.sensorzt === 1} />
        </Group>
      </Stack>
      <Anchor
        component={Link}
        to={withQuery(paths.index.cow, { id: cow.id })}
        c="dimmed"
        aria-label={t('herd.list.open', { code: cow.code })}
        tabIndex={-1}
      >
        <ChevronRightIcon size={18} />
      </Anchor>
    </Group>
  );
});
