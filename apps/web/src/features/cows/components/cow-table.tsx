import { memo, type ReactNode } from 'react';
import { Anchor, Checkbox, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAscendingSortValue, type CowSortColumn } from '@cowcare/domain/cow-sort';
import { ArrowDownIcon, ArrowUpIcon, TagIcon } from '../../../components/icons';
import { paths, withQuery } from '../../../config/paths';
import type { HeatState } from '../../../lib/heat-states';
import type { RowControl } from '../../../lib/row-focus';
import type { CowRow } from '../../../lib/cow-rows';
import type { CowSort } from '../lib/list-prefs';
import { ActivityReading, DrinkReading, FeverReading, SensorReading } from './readings';
import { HeatBadge } from './heat-badge';
import { StatusBadge } from '../../../components/cows/status-badge';

/** One line per cow: at 1,280 × 800 the table shows over 20 cows, where the phone rows showed 7. */
export const COW_TABLE_ROW_HEIGHT = 34;

/**
 * The phone row's content, one column each: select, code, status, a heat going on, temperature deviation,
 * activity, drinking, type and sensor. The minimums fit a 1,024 px window beside the tab rail in Russian,
 * the longest of the nine languages; the heat has a column of its own so "Inseminate now" is never cut.
 */
export const COW_TABLE_COLUMNS =
  '40px minmax(72px, 0.7fr) minmax(130px, 1.3fr) minmax(110px, 1.1fr) minmax(120px, 1.1fr) ' +
  'minmax(110px, 1fr) minmax(60px, 0.5fr) minmax(80px, 1fr) minmax(150px, 1.3fr)';

const cellStyle = {
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  paddingInline: 8,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
} as const;

function Cell({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div role="cell" style={cellStyle} title={label}>
      {children}
    </div>
  );
}

function HeaderCell({ children }: { children?: ReactNode }) {
  return (
    <div role="columnheader" style={{ ...cellStyle, height: 36 }}>
      {children}
    </div>
  );
}

/** A column header that sorts, as the phone's sort bar does: the current column flips its direction. */
function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: CowSortColumn;
  sort: CowSort;
  onSort: (column: CowSortColumn) => void;
}) {
  const { t } = useTranslation();
  const active = sort.column === column;
  const ascending = isAscendingSortValue(sort.value);
  const name = t(`herd.sort.${column}`);
  const direction = ascending ? t('herd.sort.ascending') : t('herd.sort.descending');
  return (
    <div
      role="columnheader"
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'}
      style={{ ...cellStyle, height: 36 }}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        aria-label={
          active
            ? t('herd.sort.activeLabel', { column: name, direction })
            : t('herd.sort.byLabel', { column: name })
        }
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          fontWeight: 700,
          fontSize: 13,
          // The theme's text shade of green: 4.5:1 and more on the header's grey.
          color: active ? 'var(--mantine-color-green-text)' : undefined,
        }}
      >
        {name}
        {active ? ascending ? <ArrowUpIcon size={14} /> : <ArrowDownIcon size={14} /> : null}
      </UnstyledButton>
    </div>
  );
}

/** The header row of the cow table; the sortable columns are those of the phone's sort bar. */
export function CowTableHeader({ sort, onSort }: { sort: CowSort; onSort: (column: CowSortColumn) => void }) {
  const { t } = useTranslation();
  const plain = (text: string) => (
    <Text size="sm" fw={700} span truncate>
      {text}
    </Text>
  );
  return (
    <>
      <HeaderCell>
        <VisuallyHidden>{t('herd.table.select')}</VisuallyHidden>
      </HeaderCell>
      <SortHeader column="id" sort={sort} onSort={onSort} />
      <HeaderCell>{plain(t('herd.table.status'))}</HeaderCell>
      <HeaderCell>{plain(t('herd.table.heat'))}</HeaderCell>
      <SortHeader column="fever" sort={sort} onSort={onSort} />
      <SortHeader column="activity" sort={sort} onSort={onSort} />
      <SortHeader column="drink" sort={sort} onSort={onSort} />
      <HeaderCell>{plain(t('herd.table.type'))}</HeaderCell>
      <HeaderCell>{plain(t('herd.table.sensor'))}</HeaderCell>
    </>
  );
}

interface RowProps {
  row: CowRow;
  heat: HeatState | undefined;
  selected: boolean;
  onToggle: (id: number) => void;
  control: RowControl;
}

/** One cow as a table row's cells; the row itself (role, grid, height) is the windowed list's. */
export const CowTableCells = memo(function CowTableCells({
  row,
  heat,
  selected,
  onToggle,
  control,
}: RowProps) {
  const { t } = useTranslation();
  const { cow } = row;
  const typeName = cow.typename ?? t('herd.types.uncategorized');
  return (
    <>
      <Cell>
        <Checkbox
          size="xs"
          checked={selected}
          onChange={() => onToggle(cow.id)}
          aria-label={t('herd.list.select', { code: cow.code })}
          {...control}
        />
      </Cell>
      <Cell>
        <Anchor
          component={Link}
          to={withQuery(paths.index.cow, { id: cow.id })}
          fw={700}
          c="dark"
          {...control}
        >
          {cow.code}
        </Anchor>
      </Cell>
      <Cell>
        <StatusBadge stored={cow.status} size="xs" />
      </Cell>
      <Cell>
        <HeatBadge state={heat} size="xs" />
      </Cell>
      <Cell>
        <FeverReading deviation={row.fever} level={row.feverLevel} short />
      </Cell>
      <Cell>
        <ActivityReading deviation={row.activity} level={row.activityLevel} />
      </Cell>
      <Cell>
        <DrinkReading value={row.drink} kind={row.kind} short />
      </Cell>
      <Cell label={typeName}>
        <Group gap={3} wrap="nowrap" c="dimmed" style={{ minWidth: 0 }}>
          <TagIcon size={12} />
          <Text size="xs" truncate>
            {typeName}
          </Text>
        </Group>
      </Cell>
      <Cell>
        <SensorReading kind={row.kind} online={cow.sensorzt === 1} />
      </Cell>
    </>
  );
});
