import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { StatusBadge } from '../../components/cows/status-badge';
import { paths, withQuery } from '../../config/paths';
import { CowMissing } from '../../features/cows/components/cow-missing';
import { useCow } from '../../lib/api/get-cow';
import { useCowHistory } from '../../lib/api/get-cow-history';
import {
  KIND_LABEL,
  RecordForms,
  kindParamOf,
  type EditableRecord,
  type RecordKindParam,
} from './record-forms';

/**
 * Change one record of a cow (`addhsty?id=&kind=&record=`): the form it was added with, filled from her
 * history. A record no longer there (deleted meanwhile, or a stale link) says so instead.
 */
export function EditRecord({
  id,
  user,
  kind,
  recordId,
}: {
  id: number;
  user: User;
  kind: RecordKindParam;
  recordId: number;
}) {
  const { t } = useTranslation();
  const cow = useCow(id);
  const history = useCowHistory(id);
  if (cow.isError) return <CowMissing error={cow.error} onRetry={() => void cow.refetch()} />;
  if (cow.isPending || history.isPending) return <PageLoader />;
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (isCulledStoredValue(cow.data.status)) {
    return (
      <Alert color="gray" variant="light">
        {t('herd.force.culledNote')}
      </Alert>
    );
  }
  const record = history.data.find(
    (item): item is EditableRecord =>
      item.kind !== 'statusChange' && kindParamOf(item.kind) === kind && item.id === recordId,
  );
  if (!record) {
    return (
      <Alert color="yellow" variant="light" title={t('herd.history.editMissingTitle')}>
        <Stack gap="xs">
          <Text size="sm">{t('herd.history.editMissingBody')}</Text>
          <Anchor component={Link} to={withQuery(paths.index.hsty, { id })} size="sm">
            {t('pages.hsty')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={700} size="lg">
          {cow.data.code}
        </Text>
        <StatusBadge stored={cow.data.status} />
        <Badge variant="light" tt="none">
          {t(KIND_LABEL[kind])}
        </Badge>
      </Group>
      <RecordForms cow={cow.data} user={user} kind={kind} record={record} />
    </Stack>
  );
}
