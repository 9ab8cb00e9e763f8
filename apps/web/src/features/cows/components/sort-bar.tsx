import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COW_SORT_COLUMNS, isAscendingSortValue, type CowSortColumn } from '@cowcare/domain/cow-sort';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/icons';
import type { CowSort } from '../lib/list-prefs';

/** Per-column sort (spec §4): tapping the current column flips its direction. */
export function SortBar({ sort, onSort }: { sort: CowSort; onSort: (column: CowSortColumn) => void }) {
  const { t } = useTranslation();
  return (
    // Wraps rather than clipping: "Температура" and "Активность" do not fit one phone-wide line.
    <Group gap={4} role="group" aria-label={t('herd.sort.label')} wrap="wrap">
      <Text size="xs" c="dimmed" aria-hidden>
        {t('herd.sort.label')}
      </Text>
      {COW_SORT_COLUMNS.map((column) => {
        const active = sort.column === column;
        const ascending = isAscendingSortValue(sort.value);
        const direction = ascending ? t('herd.sort.ascending') : t('herd.sort.descending');
        return (
          <Button
            key={column}
            size="compact-sm"
            variant={active ? 'light' : 'subtle'}
            color={active ? 'green' : 'gray'}
            aria-pressed={active}
            aria-label={
              active
                ? t('herd.sort.activeLabel', { column: t(`herd.sort.${column}`), direction })
                : t('herd.sort.byLabel', { column: t(`herd.sort.${column}`) })
            }
            rightSection={active ? ascending ? <ArrowUpIcon size={14} /> : <ArrowDownIcon size={14} /> : null}
            onClick={() => onSort(column)}
          >
            {t(`herd.sort.${column}`)}
          </Button>
        );
      })}
    </Group>
  );
}
