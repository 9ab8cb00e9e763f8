import type { Cow } from '@cowcare/contract/cow-schemas';
import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import type { User } from '@cowcare/contract/schemas';
import type { MessageKey } from '@cowcare/locales/catalog';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths, withQuery } from '../../config/paths';
import { useConfigDictionary } from '../../features/cows/api/get-config-dictionary';
import { useSettings } from '../../lib/settings-query';
import { CalvingForm } from '../../features/reproduction/components/calving-form';
import { EstrusForm } from '../../features/reproduction/components/estrus-form';
import { FertilizationForm } from '../../features/reproduction/components/fertilization-form';
import { HealthCaseForm } from '../../features/health/components/health-case-form';
import { PregnancyForm } from '../../features/reproduction/components/pregnancy-form';
import { diagnosisDaysOf } from '../../lib/dictionary';

export const RECORD_KINDS = ['estrus', 'fertilization', 'pregnancy', 'calving', 'health'] as const;
export type RecordKindParam = (typeof RECORD_KINDS)[number];

export const KIND_LABEL: Record<RecordKindParam, MessageKey> = {
  estrus: 'herd.history.kind.estrus',
  fertilization: 'herd.history.kind.fertilization',
  pregnancy: 'herd.history.kind.pregnancy',
  calving: 'herd.history.kind.calving',
  health: 'herd.history.kind.healthCase',
};

/** A record of the history that a form can change: every kind but a status change. */
export type EditableRecord = Exclude<CowHistoryItem, { kind: 'statusChange' }>;

/** The form's kind (`kind=` of addhsty) of a history record. */
export const kindParamOf = (kind: EditableRecord['kind']): RecordKindParam =>
  kind === 'healthCase' ? 'health' : kind;

/**
 * The form of one record kind: empty for a new record, or filled with `record` to change it. Either way,
 * saving goes back to the cow's history, where the server's recomputed dates show.
 */
export function RecordForms({
  cow,
  user,
  kind,
  at,
  record,
}: {
  cow: Cow;
  user: User;
  kind: RecordKindParam;
  /** When the event happened, 'YYYY-MM-DDTHH:mm' on the device's clock (a detected heat's onset); else now. */
  at?: string | undefined;
  /** The record to change; its kind decides the form. */
  record?: EditableRecord;
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
  switch (record ? kindParamOf(record.kind) : kind) {
    case 'estrus':
      return (
        <EstrusForm
          key={kind}
          cow={cow}
          onSaved={onSaved}
          initialAt={at}
          record={record?.kind === 'estrus' ? record : undefined}
        />
      );
    case 'fertilization':
      return (
        <FertilizationForm
          key={kind}
          {...props}
          farmDays={settings.data ? diagnosisDaysOf(settings.data) : undefined}
          record={record?.kind === 'fertilization' ? record : undefined}
        />
      );
    case 'pregnancy':
      return (
        <PregnancyForm key={kind} {...props} record={record?.kind === 'pregnancy' ? record : undefined} />
      );
    case 'calving':
      return <CalvingForm key={kind} {...props} record={record?.kind === 'calving' ? record : undefined} />;
    case 'health':
      return (
        <HealthCaseForm key={kind} {...props} record={record?.kind === 'healthCase' ? record : undefined} />
      );
  }
}
