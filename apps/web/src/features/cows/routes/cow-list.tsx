import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { createCowFilter, withAllOptionsChecked } from '@cowcare/domain/cow-filter';
import { sortCows } from '@cowcare/domain/cow-sort';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import { EmptyState } from '../../../components/empty-state';
import { useOnceOpened } from '../../../components/once-opened';
import {
  ChartIcon,
  CowIcon,
  FilterIcon,
  MapPinIcon,
  MoreIcon,
  PlusIcon,
  SearchIcon,
  SignalIcon,
  UsersIcon,
  TagIcon,
  UserIcon,
  WalletIcon,
} from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { WindowedList } from '../../../components/windowed-list';
import { paths } from '../../../config/paths';
import { useIsDesktop } from '../../../lib/layout';
import { useUser } from '../../../lib/session';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { useCows } from '../../../lib/api/get-cows';
import { useWallet } from '../../../lib/api/get-wallet';
import { isOwner, useIsOwner } from '../../../lib/roles';
import { useHeatStates } from '../api/use-heat-states';
import { COW_ROW_HEIGHT, CowRowView } from '../components/cow-row';
import {
  COW_TABLE_COLUMNS,
  COW_TABLE_ROW_HEIGHT,
  CowTableCells,
  CowTableHeader,
} from '../components/cow-table';
import { SortBar } from '../components/sort-bar';
import { toCowRows, type CowRow } from '../../../lib/cow-rows';
import { groupsShowingHidden, hiddenByFilters, type HiddenCows } from '../lib/hidden-cows';
import { loadListPrefs, nextSort, saveListPrefs, type CowListPrefs } from '../lib/list-prefs';
import { useAppliedAfterLoad } from '../lib/use-applied-after-load';
import { useSensorFilterSync } from '../lib/use-sensor-filter-sync';

// The filter drawer and the type dialog are fetched when first opened, not before the list draws (issue 39).
const FilterPanel = lazy(() =>
  import('../components/filter-panel').then((module) => ({ default: module.FilterPanel })),
);
const AssignTypeModal = lazy(() =>
  import('../components/assign-type-modal').then((module) => ({ default: module.AssignTypeModal })),
);

/** Groups that hide something, for the badge on the filter button. */
function narrowingGroups(prefs: CowListPrefs): number {
  const all = withAllOptionsChecked({ ...prefs.groups, keyword: '' });
  const { groups } = prefs;
  return (
    Number(groups.statuses.length < all.statuses.length) +
    Number(groups.temperatureLevels.length < all.temperatureLevels.length) +
    Number(groups.activityLevels.length < all.activityLevels.length) +
    Number(groups.sensorStates.length < all.sensorStates.length) +
    Number(groups.sensorKinds.length < all.sensorKinds.length)
  );
}

/** "13 cows hidden by filters: 7 offline, 6 without a sensor · Show them": a new cow never vanishes silently. */
function HiddenLine({ hidden, onShow }: { hidden: HiddenCows; onShow: () => void }) {
  const { t } = useTranslation();
  const reasons = [
    hidden.offline > 0 ? t('herd.list.hiddenOffline', { count: hidden.offline }) : null,
    hidden.noSensor > 0 ? t('herd.list.hiddenNoSensor', { count: hidden.noSensor }) : null,
    hidden.other > 0 ? t('herd.list.hiddenOther', { count: hidden.other }) : null,
  ].filter(Boolean);
  return (
    <Text size="xs" c="dimmed" data-testid="hidden-by-filters">
      {t('herd.list.hidden', { count: hidden.total, reasons: reasons.join(', ') })} ·{' '}
      <Anchor component="button" type="button" size="xs" onClick={onShow}>
        {t('herd.list.showHidden')}
      </Anchor>
    </Text>
  );
}

function CowList({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cows = useCows({ country: user.country, FarmNumber: user.FarmNumber });
  const applied = useAppliedAfterLoad(cows.data);
  const rows = useMemo(() => (applied ? toCowRows(applied) : null), [applied]);
  const heats = useHeatStates(user, cows.data);

  const [prefs, setPrefs] = useState<CowListPrefs>(() => loadListPrefs(user.sensorfilter));
  useEffect(() => saveListPrefs(prefs), [prefs]);
  useSensorFilterSync(user, prefs.groups.sensorStates);

  const [keyword, setKeyword] = useState('');
  const deferredKeyword = useDeferredValue(keyword);
  const filter = useMemo(
    () => createCowFilter({ ...prefs.groups, keyword: deferredKeyword }),
    [prefs.groups, deferredKeyword],
  );
  const shown = useMemo<CowRow[]>(
    () => (rows ? sortCows(rows.filter(filter), prefs.sort.column, prefs.sort.value) : []),
    [rows, filter, prefs.sort],
  );
  const hidden = useMemo(
    () => (rows ? hiddenByFilters(rows, prefs.groups, deferredKeyword) : null),
    [rows, prefs.groups, deferredKeyword],
  );
  const desktop = useIsDesktop();
  const onSort = useCallback(
    (column: Parameters<typeof nextSort>[1]) => setPrefs((p) => ({ ...p, sort: nextSort(p.sort, column) })),
    [],
  );

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersMounted = useOnceOpened(filtersOpen);
  const [assigning, setAssigning] = useState(false);
  const assignMounted = useOnceOpened(assigning);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback((id: number) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  // Only cows the user can see are acted on: a filter change drops hidden ones from the selection.
  const selectedShown = useMemo(() => shown.filter((row) => selected.has(row.cow.id)), [shown, selected]);
  const allShownSelected = shown.length > 0 && selectedShown.length === shown.length;

  const types = useCowTypes(user.FarmNumber);
  const owner = isOwner(user);
  const wallet = useWallet(user.id, owner);

  if (cows.isPending) return <PageLoader />;
  if (cows.isError) return <QueryError error={cows.error} onRetry={() => void cows.refetch()} />;
  const activeCount = cows.data.filter((cow) => !isCulledStoredValue(cow.status)).length;
  if (activeCount === 0) {
    return (
      <EmptyState
        icon={<CowIcon />}
        title={t('herd.list.emptyTitle')}
        body={t('herd.list.emptyBody')}
        action={
          <Group>
            <Button component={Link} to={paths.index.step1}>
              {t('herd.list.setUp')}
            </Button>
            <Button component={Link} to={paths.index.addcows} variant="light">
              {t('herd.list.addCow')}
            </Button>
          </Group>
        }
      />
    );
  }

  const hiddenGroups = narrowingGroups(prefs);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          leftSection={<SearchIcon size={16} />}
          placeholder={t('herd.list.searchPlaceholder')}
          aria-label={t('herd.list.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          rightSection={
            keyword ? (
              <CloseButton aria-label={t('herd.list.clearSearch')} onClick={() => setKeyword('')} />
            ) : null
          }
        />
        <Button
          variant={hiddenGroups > 0 ? 'light' : 'default'}
          leftSection={<FilterIcon size={16} />}
          onClick={() => setFiltersOpen(true)}
          rightSection={
            hiddenGroups > 0 ? (
              <Badge size="xs" circle>
                {hiddenGroups}
              </Badge>
            ) : null
          }
        >
          {t('herd.filter.open')}
        </Button>
      </Group>
      {/* On the desktop the table's column headers sort. */}
      {!desktop && <SortBar sort={prefs.sort} onSort={onSort} />}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Checkbox
          size="xs"
          label={t('herd.list.selectAll')}
          checked={allShownSelected}
          indeterminate={selectedShown.length > 0 && !allShownSelected}
          disabled={shown.length === 0}
          onChange={() => setSelected(allShownSelected ? new Set() : new Set(shown.map((row) => row.cow.id)))}
        />
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="list-summary">
          {rows
            ? t('herd.list.summary', { shown: shown.length, total: rows.length })
            : t('herd.list.applying')}
        </Text>
      </Group>
      {hidden && hidden.total > 0 && (
        <HiddenLine
          hidden={hidden}
          onShow={() => setPrefs((p) => ({ ...p, groups: groupsShowingHidden(p.groups, hidden) }))}
        />
      )}
      {!rows ? (
        <PageLoader />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<FilterIcon />}
          title={t('herd.list.noMatchTitle')}
          body={t('herd.list.noMatchBody')}
          action={
            <Group>
              <Button
                variant="light"
                onClick={() =>
                  setPrefs((p) => ({
                    ...p,
                    groups: { ...withAllOptionsChecked({ ...p.groups, keyword: '' }) },
                  }))
                }
              >
                {t('herd.filter.checkAll')}
              </Button>
              {keyword && (
                <Button variant="default" onClick={() => setKeyword('')}>
                  {t('herd.list.clearSearch')}
                </Button>
              )}
            </Group>
          }
        />
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          {desktop ? (
            <WindowedList
              items={shown}
              rowHeight={COW_TABLE_ROW_HEIGHT}
              height="max(320px, calc(100dvh - 216px))"
              label={t('herd.list.label')}
              getKey={(row) => row.cow.id}
              table={{
                columns: COW_TABLE_COLUMNS,
                header: <CowTableHeader sort={prefs.sort} onSort={onSort} />,
              }}
              rowData={(row) => ({ 'data-selected': selected.has(row.cow.id) ? 'true' : undefined })}
              renderRow={(row, _index, control) => (
                <CowTableCells
                  row={row}
                  heat={heats.get(row.cow.id)}
                  selected={selected.has(row.cow.id)}
                  onToggle={toggle}
                  control={control}
                />
              )}
            />
          ) : (
            <WindowedList
              items={shown}
              rowHeight={COW_ROW_HEIGHT}
              height="max(320px, calc(100dvh - 252px))"
              label={t('herd.list.label')}
              getKey={(row) => row.cow.id}
              renderRow={(row, _index, control) => (
                <CowRowView
                  row={row}
                  heat={heats.get(row.cow.id)}
                  selected={selected.has(row.cow.id)}
                  onToggle={toggle}
                  control={control}
                />
              )}
            />
          )}
        </Paper>
      )}
      {selectedShown.length > 0 && (
        <Paper
          withBorder
          shadow="md"
          p="xs"
          radius="md"
          style={{ position: 'sticky', bottom: desktop ? 16 : 84, zIndex: 5 }}
          aria-label={t('herd.list.selectionBar')}
          component="section"
        >
          {/* Wraps on a narrow phone: in Russian the count and both buttons needed 347 px of 320. */}
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('herd.list.selected', { count: selectedShown.length })}
            </Text>
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Button size="xs" variant="default" onClick={() => setSelected(new Set())}>
                {t('herd.list.clearSelection')}
              </Button>
              {owner && (
                <Button size="xs" leftSection={<TagIcon size={14} />} onClick={() => setAssigning(true)}>
                  {t('herd.list.assignType')}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}
      {filtersMounted && (
        <Suspense>
          <FilterPanel
            opened={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            groups={prefs.groups}
            onChange={(groups) => setPrefs((p) => ({ ...p, groups }))}
          />
        </Suspense>
      )}
      {assignMounted && (
        <Suspense>
          <AssignTypeModal
            opened={assigning}
            onClose={() => setAssigning(false)}
            cows={selectedShown.map((row) => row.cow)}
            types={types.data?.types}
            typesError={types.error}
            wallet={wallet.data}
            walletError={wallet.error}
            onAssigned={() => {
              setAssigning(false);
              setSelected(new Set());
              void queryClient.invalidateQueries({ queryKey: ['user'] });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function HomeActions() {
  const { t } = useTranslation();
  // Staff do not see the owner's entries: cow types and their charges, the wallet, the farm setup.
  const owner = useIsOwner();
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        component={Link}
        to={paths.index.indexsc}
        variant="subtle"
        size="lg"
        aria-label={t('pages.indexsc')}
      >
        <SearchIcon size={18} />
      </ActionIcon>
      <ActionIcon
        component={Link}
        to={paths.system.openLocation}
        variant="subtle"
        size="lg"
        aria-label={t('location.herdMap')}
      >
        <MapPinIcon size={18} />
      </ActionIcon>
      <ActionIcon
        component={Link}
        to={paths.index.addcows}
        variant="subtle"
        size="lg"
        aria-label={t('pages.addcows')}
      >
        <PlusIcon size={18} />
      </ActionIcon>
      {/* Mantine's focus placeholder is a focusable child of role="menu", which assistive technology rejects. */}
      <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('herd.list.more')}>
            <MoreIcon size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={paths.index.dashboard} leftSection={<ChartIcon size={16} />}>
            {t('pages.dashboard')}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.index.ckcom} leftSection={<SignalIcon size={16} />}>
            {t('pages.ckcom')}
          </Menu.Item>
          <Menu.Item component={Link} to={paths.index.message} leftSection={<UsersIcon size={16} />}>
            {t('chat.title')}
          </Menu.Item>
          {owner && (
            <>
              <Menu.Item component={Link} to={paths.index.levsyt} leftSection={<TagIcon size={16} />}>
                {t('pages.levsyt')}
              </Menu.Item>
              <Menu.Item component={Link} to={paths.index.wallet} leftSection={<WalletIcon size={16} />}>
                {t('pages.wallet')}
              </Menu.Item>
              <Menu.Item component={Link} to={paths.index.step1} leftSection={<CowIcon size={16} />}>
                {t('setup.title')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <ActionIcon
        component={Link}
        to={paths.index.webuser}
        variant="light"
        size="lg"
        radius="xl"
        aria-label={t('account.title')}
      >
        <UserIcon size={18} />
      </ActionIcon>
    </Group>
  );
}

/** Home (`/`, `/pages/index/index`): the cow list of the logged-in user's farm. */
export function CowListRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.cows')} actions={<HomeActions />} wide>
      {user ? <CowList user={user} /> : <PageLoader />}
    </Page>
  );
}
