import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import type { MessageKey } from '@cowcare/locales/catalog';
import { Page } from '../../components/page';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths, withQuery } from '../../config/paths';
import { useUser } from '../../lib/session';
import { useConfigDictionary } from '../../features/cows/api/get-config-dictionary';
import { useCow } from '../../lib/api/get-cow';
import { useSettings } from '../../lib/settings-query';
import { CalvingForm } from '../../features/reproduction/components/calving-form';
import { CowMissing } from '../../features/cows/components/cow-missing';
import { EstrusForm } from '../../features/reproduction/components/estrus-form';
import { FertilizationForm } from '../../features/reproduction/components/fertilization-form';
import { HealthCaseForm } from '../../features/health/components/health-case-form';
import { PregnancyForm } from '../../features/reproduction/components/pregnancy-form';
import { StatusBadge } from '../../components/cows/status-badge';
import { diagnosisDaysOf } from '../../lib/dictionary';
import { useCowIdParam } from '../../features/cows/lib/use-cow-id';

export const RECORD_KINDS = ['estrus', 'fertilization', 'pregnancy', 'calving', 'health'] as const;
export type RecordKindParam = (typeof RECORD_KINDS)[number];

const KIND_LABEL: Record<RecordKindParam, MessageKey> = {
  estrus: 'herd.history.kind.estrus',
  fertilization: 'herd.history.kind.fertilization',
  pregnancy: 'herd.history.kind.pregnancy',
  calving: 'herd.history.kind.calving',
  health: 'herd.history.kind.healthCase',
};

/** A `datetime-local` value, as the cow page passes a detected heat's onset. */
const DATE_TIME_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function RecordForms({
  cow,
  user,
  kind,
  at,
}: {
  cow: Cow;
  user: User;
  kind: RecordKindParam;
  /** When the event happened, 'YYYY-MM-DDTHH:mm' on the device's clock (a detected heat's onset); else now. */
  at: string | undefined;
}) {
  const navigate = useNavigate();
  const dictionaries = useConfigDictionary();
  const settings = useSettings({ id: user.id, FarmNumber: user.FarmNumber });
  const onSaved = () => void navigate(withQuery(paths.index.hsty, { id: cow.id }), { replace: true });
  if (dictionaries.isPending) return <PageLoader />;
  if (dictionaries.isError) {
    return <QueryError error={dictionaries.error} onRetry={() => void dictionaries.refetch()} />;
  }
  const props = { cow, dictionaries: dictionaries.data, onSaved };
  switch (kind) {
    case 'estrus':
      return <EstrusForm key={kind} cow={cow} onSaved={onSaved} initialAt={at} />;
    case 'fertilization':
      return (
        <FertilizationForm
          key={kind}
          {...props}
          farmDays={settings.data ? diagnosisDaysOf(settings.data) : undefined}
        />
      );
    case 'pregnancy':
      return <PregnancyForm key={kind} {...props} />;
    case 'calving':
      return <CalvingForm key={kind} {...props} />;
    case 'health':
      return <HealthCaseForm key={kind} {...props} />;
  }
}

function AddRecord({ id, user }: { id: number; user: User }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const cow = useCow(id);
  const raw = search.get('kind');
  const at = search.get('at') ?? '';
  const kind: RecordKindParam = (RECORD_KINDS as readonly string[]).includes(raw ?? '')
    ? (raw as RecordKindParam)
    : 'estrus';
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

/** Add a reproduction or health record to a cow (`addhsty?id=&kind=`, and `at=` for an estrus's time). */
export function AddhstyRoute() {
  const { t } = useTranslation();
  const id = useCowIdParam();
  const user = useUser();
  return (
    <Page title={t('pages.addhsty')} back backTo={id ? withQuery(paths.index.cow, { id }) : paths.home}>
      {id === null ? <CowMissing /> : user ? <AddRecord id={id} user={user} /> : <PageLoader />}
    </Page>
  );
}
