import { useDeferredValue, useMemo, useState } from 'react';
import { Anchor, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { EmptyState } from '../../../components/empty-state';
import { SearchIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { WindowedList } from '../../../components/windowed-list';
import { paths, withQuery } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { useCows } from '../../../lib/api/get-cows';
import { SensorReading } from '../components/readings';
import { StatusBadge } from '../../../components/cows/status-badge';
import { activeCows } from '../../../lib/cow-rows';

const ROW_HEIGHT = 52;

/** Cows whose code contains the text (any case), or whose sensor id contains the digits. */
export function searchCows(cows: readonly Cow[], query: string): Cow[] {
  const text = query.trim().toLowerCase();
  if (text === '') return [];
  const digits = /^\d+$/.test(text);
  return cows.filter(
    (cow) =>
      cow.code.toLowerCase().includes(text) ||
      (digits && cow.sensor !== null && String(cow.sensor).includes(text)),
  );
}

function Search({ user }: { user: User }) {
  const { t } = useTranslation();
  const cows = useCows({ country: user.country, FarmNumber: user.FarmNumber });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const active = useMemo(() => (cows.data ? activeCows(cows.data) : []), [cows.data]);
  const found = useMemo(() => searchCows(active, deferred), [active, deferred]);
  return (
    <Stack gap="sm">
      <TextInput
        leftSection={<SearchIcon size={16} />}
        label={t('herd.search.label')}
        placeholder={t('herd.search.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-autofocus
        autoFocus
      />
      {cows.isPending ? (
        <PageLoader />
      ) : cows.isError ? (
        <QueryError error={cows.error} onRetry={() => void cows.refetch()} />
      ) : deferred.trim() === '' ? (
        <Text size="sm" c="dimmed">
          {t('herd.search.hint', { count: active.length })}
        </Text>
      ) : found.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('herd.search.noneTitle')}
          body={t('herd.search.noneBody', { query: deferred.trim() })}
        />
      ) : (
        <>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('herd.search.count', { count: found.length })}
          </Text>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <WindowedList
              items={found}
              rowHeight={ROW_HEIGHT}
              height={`min(${found.length * ROW_HEIGHT}px, calc(100dvh - 240px))`}
              label={t('herd.search.results')}
              getKey={(cow) => cow.id}
              renderRow={(cow, _index, control) => (
                <Group
                  h={ROW_HEIGHT}
                  px="sm"
                  justify="space-between"
                  wrap="nowrap"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={withQuery(paths.index.cow, { id: cow.id })}
                      fw={700}
                      {...control}
                    >
                      {cow.code}
                    </Anchor>
                    <StatusBadge stored={cow.status} size="xs" />
                  </Group>
                  <SensorReading
                    kind={cow.sensor === null ? undefined : (cow.sensorKind ?? undefined)}
                    online={cow.sensorzt === 1}
                    sensor={cow.sensor}
                  />
                </Group>
              )}
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** Search (indexsc): find a cow by code or sensor id; results open the cow. */
export function IndexscRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.indexsc')} back backTo={paths.home}>
      {user ? <Search user={user} /> : <PageLoader />}
    </Page>
  );
}
