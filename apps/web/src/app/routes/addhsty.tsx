import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { paths, withQuery } from '../../config/paths';
import { useUser } from '../../lib/session';
import { useCow } from '../../lib/api/get-cow';
import { CowMissing } from '../../features/cows/components/cow-missing';
import { StatusBadge } from '../../components/cows/status-badge';
import { useCowIdParam } from '../../features/cows/lib/use-cow-id';
import { EditRecord } from './edit-record';
import { KIND_LABEL, RECORD_KINDS, RecordForms, type RecordKindParam } from './record-forms';

/** `record=`: the id of the record to change, a positive whole number; anything else adds a new one. */
const recordIdOf = (raw: string | null): number | null =>
  raw !== null && /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;

/** The record kind asked for (`kind=`); an estrus when missing or unknown. */
const kindOf = (raw: string | null): RecordKindParam =>
  (RECORD_KINDS as readonly string[]).includes(raw ?? '') ? (raw as RecordKindParam) : 'estrus';

/** A `datetime-local` value, as the cow page passes a detected heat's onset. */
const DATE_TIME_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function AddRecord({ id, user }: { id: number; user: User }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const cow = useCow(id);
  const kind = kindOf(search.get('kind'));
  const at = search.get('at') ?? '';
  if (cow.isPending) return <PageLoader />;
  if (cow.isError) return <CowMissing error={cow.error} onRetry={() => void cow.refetch()} />;
  if (isCulledStoredValue(cow.data.status)) {
    return (
      <Alert color="gray" variant="light">
        {t('herd.force.culledNote')}
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
      </Group>
      <NativeSelect
        label={t('herd.record.kind')}
        value={kind}
        onChange={(event) => {
          const next = new URLSearchParams(search);
          next.set('kind', event.currentTarget.value);
          setSearch(next, { replace: true });
        }}
        data={RECORD_KINDS.map((value) => ({ value, label: t(KIND_LABEL[value]) }))}
      />
      <RecordForms cow={cow.data} user={user} kind={kind} at={DATE_TIME_INPUT.test(at) ? at : undefined} />
    </Stack>
  );
}

/**
 * Add a reproduction or health record to a cow (`addhsty?id=&kind=`, and `at=` for an estrus's time), or
 * change one of her history (`record=` its id): the same form, filled with the record.
 */
export function AddhstyRoute() {
  const { t } = useTranslation();
  const id = useCowIdParam();
  const user = useUser();
  const [search] = useSearchParams();
  const recordId = recordIdOf(search.get('record'));
  const editing = id !== null && recordId !== null;
  const body =
    id === null ? (
      <CowMissing />
    ) : !user ? (
      <PageLoader />
    ) : recordId !== null ? (
      <EditRecord id={id} user={user} kind={kindOf(search.get('kind'))} recordId={recordId} />
    ) : (
      <AddRecord id={id} user={user} />
    );
  return (
    <Page
      title={editing ? t('herd.history.editTitle') : t('pages.addhsty')}
      back
      backTo={id === null ? paths.home : withQuery(editing ? paths.index.hsty : paths.index.cow, { id })}
    >
      {body}
    </Page>
  );
}
