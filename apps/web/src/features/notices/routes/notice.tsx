import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { PADDOCK_BREACH_NOTICE } from '@cowcare/domain/notice-codes';
import {
  NOTICE_GROUPS,
  UNASSIGNED_SENSOR_NOTICE,
  parseNoticeGroupWireValue,
  type NoticeGroup,
} from '@cowcare/domain/notice-codes';
import { BellIcon } from '../../../components/icons';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { cowsQueryOptions, type Notice } from '../../../lib/farm-queries';
import { useIsDesktop } from '../../../lib/layout';
import { useUser } from '../../../lib/session';
import { useNoticeCounts, useReproductionNotices, useSensorNotices } from '../../../lib/notice-queries';
import { useReadNotices } from '../../../lib/read-notices';
import { NoticeFilters } from '../components/notice-filters';
import { PutOnCow } from '../components/put-on-cow';
import { NOTICE_GROUP_COLORS } from '../../../components/notices/notice-colors';
import { NoticeRow } from '../../../components/notices/notice-row';
import { mergeNoticeLists } from '../../../lib/notice-lists';
import { rowControl, useRowFocus } from '../../../lib/row-focus';
import { filterNotices, INITIAL_NOTICE_FILTER, unreadCount, type NoticeFilter } from '../lib/notice-filter';

type Kind = 'sensor' | 'reproduction';

/** About one phone screen of notice rows: what Page Up and Page Down move by. */
const NOTICE_ROWS_PER_PAGE = 8;

const SENSOR_GROUPS = NOTICE_GROUPS.filter((group) => group !== 'reproductionReminders');

/**
 * A kind's name and its unread count as a badge: a bare "(43)" beside "Showing 44 of 44" read as a
 * contradiction. The count sits under the name in both kinds: beside it, a long one-word name
 * ("Воспроизводство") pushed it out of a 320 px phone.
 */
function KindLabel({ label, unread }: { label: string; unread: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="center">
      <span>{label}</span>
      {unread > 0 && (
        <Badge size="sm" color="red" variant="filled" aria-label={t('tabs.unread', { count: unread })}>
          {unread}
        </Badge>
      )}
    </Stack>
  );
}

/** Today's counts per group (tdcnlist), the groups with notices first; zero groups are left out. */
function TodaySummary({ user }: { user: User }) {
  const { t } = useTranslation();
  const counts = useNoticeCounts(user);
  if (!counts.data) return null;
  const rows = counts.data.tdcnlist
    .map(({ group, count }) => ({ group: parseNoticeGroupWireValue(group), count }))
    .filter((row): row is { group: NoticeGroup; count: number } => row.group !== undefined);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card withBorder p="xs" component="section" aria-label={t('notices.today.title')}>
      <Text size="xs" fw={600} mb={4} data-testid="notice-today-total">
        {t('notices.today.total', { count: total })}
      </Text>
      <Group gap={4}>
        {rows
          .filter((row) => row.count > 0)
          .map((row) => (
            <Badge
              key={row.group}
              variant="light"
              size="sm"
              color={NOTICE_GROUP_COLORS[row.group]}
              data-testid={`today-${row.group}`}
            >
              {t(`notices.group.${row.group}`)}: {row.count}
            </Badge>
          ))}
      </Group>
    </Card>
  );
}

const isUnassigned = (notice: Notice) =>
  notice.noticecode === UNASSIGNED_SENSOR_NOTICE && notice.sensor !== null;

function NoticeList({
  user,
  notices,
  filter,
  onOpen,
  onReadAll,
}: {
  user: User;
  notices: Notice[];
  filter: NoticeFilter;
  onOpen: (notice: Notice) => void;
  onReadAll: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  // Relative times move on by themselves.
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000, { autoInvoke: true });
  const shown = useMemo(() => filterNotices(notices, filter), [notices, filter]);
  const unread = shown.filter((notice) => notice.readed === 0).map((notice) => notice.id);
  // A 703 (a sensor no cow wears) offers to put the sensor on a cow: the herd tells whether one wears it now.
  const unassigned = shown.some((notice) => isUnassigned(notice));
  const cows = useQuery({
    ...cowsQueryOptions({ country: user.country, FarmNumber: user.FarmNumber }),
    enabled: unassigned,
  });
  const list = useRef<HTMLDivElement>(null);
  const { activeRow, onKeyDown, onFocus } = useRowFocus(list, {
    count: shown.length,
    pageRows: NOTICE_ROWS_PER_PAGE,
  });
  if (shown.length === 0) {
    return <EmptyState title={t('common.noNotifications')} icon={<BellIcon />} />;
  }
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="xs" c="dimmed" data-testid="notice-summary">
          {t('notices.shown', { shown: shown.length, total: notices.length })}
        </Text>
        {unread.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => onReadAll(unread.slice(0, 1000))}>
            {t('notices.markAllRead')}
          </Button>
        )}
      </Group>
      <Card withBorder p={0} ref={list} onKeyDown={onKeyDown} onFocus={onFocus}>
        {shown.map((notice, index) => (
          <NoticeRow
            key={notice.id}
            notice={notice}
            now={now}
            onOpen={onOpen}
            rowIndex={index}
            control={rowControl(index === activeRow)}
            action={
              isUnassigned(notice) && notice.sensor !== null ? (
                <PutOnCow sensor={notice.sensor} cows={cows.data} />
              ) : undefined
            }
          />
        ))}
      </Card>
    </Stack>
  );
}

function Notices({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('sensor');
  const [filter, setFilter] = useState<NoticeFilter>(INITIAL_NOTICE_FILTER);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const desktop = useIsDesktop();
  const sensor = useSensorNotices(user);
  const reproduction = useReproductionNotices(user);
  const read = useReadNotices();
  const query = kind === 'sensor' ? sensor : reproduction;
  const notices = useMemo(() => {
    if (kind === 'sensor') return sensor.data ? mergeNoticeLists(sensor.data.list, sensor.data.all) : null;
    return reproduction.data ? mergeNoticeLists(reproduction.data.listb, reproduction.data.allb) : null;
  }, [kind, sensor.data, reproduction.data]);

  const changed =
    filter.sensorKinds.length < INITIAL_NOTICE_FILTER.sensorKinds.length ||
    filter.groups.length < INITIAL_NOTICE_FILTER.groups.length ||
    filter.date !== '';

  const open = (notice: Notice) => {
    if (notice.readed === 0) read.mutate([notice.id]);
    if (notice.cowid === null) return;
    // A fence notice is about where she is: it opens her on the map, every other one her page.
    const to =
      notice.noticecode === PADDOCK_BREACH_NOTICE
        ? withQuery(paths.system.openLocation, { cow: notice.cowid })
        : withQuery(paths.index.cow, { id: notice.cowid });
    void navigate(to);
  };

  const controls = (
    <>
      <TodaySummary user={user} />
      <SegmentedControl
        fullWidth
        // A kind's name wraps rather than pushing its count, or the other kind, out of sight (Russian).
        styles={{ label: { whiteSpace: 'normal' } }}
        value={kind}
        onChange={(value) => setKind(value)}
        data={[
          {
            value: 'sensor',
            label: (
              <KindLabel
                label={t('notices.kind.sensor')}
                unread={unreadCount(sensor.data?.list ?? [], sensor.data?.all ?? [])}
              />
            ),
          },
          {
            value: 'reproduction',
            label: (
              <KindLabel
                label={t('notices.kind.reproduction')}
                unread={unreadCount(reproduction.data?.listb ?? [], reproduction.data?.allb ?? [])}
              />
            ),
          },
        ]}
      />
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label={t('notices.filter.keyword')}
          placeholder={t('notices.filter.keywordPlaceholder')}
          value={filter.keyword}
          onChange={(event) => setFilter({ ...filter, keyword: event.currentTarget.value })}
        />
        <Button
          variant={changed ? 'filled' : 'light'}
          onClick={() => setFiltersOpen((value) => !value)}
          aria-expanded={filtersOpen}
        >
          {t('notices.filter.button')}
        </Button>
      </Group>
      {filtersOpen && (
        <Card withBorder>
          <NoticeFilters
            filter={filter}
            onChange={setFilter}
            groups={kind === 'sensor' ? SENSOR_GROUPS : ['reproductionReminders']}
          />
        </Card>
      )}
    </>
  );
  const list = query.isError ? (
    <QueryError error={query.error} onRetry={() => void query.refetch()} />
  ) : notices === null ? (
    <PageLoader />
  ) : (
    <NoticeList
      user={user}
      notices={notices}
      filter={filter}
      onOpen={open}
      onReadAll={(ids) => read.mutate(ids)}
    />
  );
  // The desktop keeps the summary and the filters beside the list instead of above it.
  if (desktop) {
    return (
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(300px, 1fr) 2fr',
          gap: 16,
          alignItems: 'start',
        }}
      >
        <Stack gap="sm">{controls}</Stack>
        <div>{list}</div>
      </div>
    );
  }
  return (
    <Stack gap="sm">
      {controls}
      {list}
    </Stack>
  );
}

/** The notice tab (`/pages/index/notice`, spec §2/§4). */
export function NoticeRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.notice')} wide>
      {user === null ? null : user.phone && /^\+?[0-9 -]{5,20}$/.test(user.phone) ? (
        <Notices user={user} />
      ) : (
        <EmptyState title={t('common.noNotifications')} body={t('notices.noPhone')} />
      )}
    </Page>
  );
}
