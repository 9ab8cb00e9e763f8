import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import { EmptyState } from '../../../components/empty-state';
import { HistoryIcon, PlusIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { useConfigDictionary } from '../api/get-config-dictionary';
import { useCow } from '../../../lib/api/get-cow';
import { useCowHistory } from '../../../lib/api/get-cow-history';
import { CowMissing } from '../components/cow-missing';
import { HistoryTimeline, type HealthCaseHistoryItem } from '../components/history-timeline';
import { StatusBadge } from '../../../components/cows/status-badge';
import { useCowIdParam } from '../lib/use-cow-id';

/** How the app shows a health case's files on the timeline: the case, its cow, whether it may change. */
export type RenderHealthCaseFiles = (
  item: HealthCaseHistoryItem,
  cowId: number,
  readOnly: boolean,
) => ReactNode;

function History({
  id,
  renderHealthCaseFiles,
}: {
  id: number;
  renderHealthCaseFiles?: RenderHealthCaseFiles;
}) {
  const { t } = useTranslation();
  const cow = useCow(id);
  const history = useCowHistory(id);
  const dictionaries = useConfigDictionary();
  if (cow.isError) return <CowMissing error={cow.error} onRetry={() => void cow.refetch()} />;
  if (cow.isPending || history.isPending) return <PageLoader />;
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  const culled = isCulledStoredValue(cow.data.status);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700} size="lg">
            {cow.data.code}
          </Text>
          <StatusBadge stored={cow.data.status} />
        </Group>
        {!culled && (
          <Button
            component={Link}
            to={withQuery(paths.index.addhsty, { id })}
            size="xs"
            leftSection={<PlusIcon size={14} />}
          >
            {t('herd.cow.addRecord')}
          </Button>
        )}
      </Group>
      {history.data.length === 0 ? (
        <EmptyState
          icon={<HistoryIcon />}
          title={t('herd.history.emptyTitle')}
          body={t('herd.history.emptyBody')}
        />
      ) : (
        <HistoryTimeline
          items={history.data}
          dictionaries={dictionaries.data}
          cowId={id}
          readOnly={culled}
          renderHealthCaseFiles={renderHealthCaseFiles && ((item) => renderHealthCaseFiles(item, id, culled))}
        />
      )}
    </Stack>
  );
}

/** A cow's history timeline (`hsty?id=`); the app route adds the health cases' pictures. */
export function HstyScreen({ renderHealthCaseFiles }: { renderHealthCaseFiles?: RenderHealthCaseFiles }) {
  const { t } = useTranslation();
  const id = useCowIdParam();
  return (
    <Page title={t('pages.hsty')} back backTo={id ? withQuery(paths.index.cow, { id }) : paths.home}>
      {id === null ? <CowMissing /> : <History id={id} renderHealthCaseFiles={renderHealthCaseFiles} />}
    </Page>
  );
}
