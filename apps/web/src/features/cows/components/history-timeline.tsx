import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import { parseStoredStatus } from '@cowcare/domain/cow-status';
import type { MessageKey } from '@cowcare/locales/catalog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  EditIcon,
  FileIcon,
  HeartPulseIcon,
  HistoryIcon,
  TagIcon,
  TrashIcon,
} from '../../../components/icons';
import { paths, withQuery } from '../../../config/paths';
import { errorMessageKey } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteRecord, type RecordKind } from '../api/delete-record';
import { labelOfCode, type Dictionaries } from '../../../lib/dictionary';

const KIND_LABEL: Record<CowHistoryItem['kind'], MessageKey> = {
  statusChange: 'herd.history.kind.statusChange',
  estrus: 'herd.history.kind.estrus',
  fertilization: 'herd.history.kind.fertilization',
  pregnancy: 'herd.history.kind.pregnancy',
  calving: 'herd.history.kind.calving',
  healthCase: 'herd.history.kind.healthCase',
};

/** The record form (addhsty's `kind=`) of each record kind; a status change has none. */
const FORM_KIND: Record<RecordKind, string> = {
  estrus: 'estrus',
  fertilization: 'fertilization',
  pregnancy: 'pregnancy',
  calving: 'calving',
  healthCase: 'health',
};

const KIND_COLOR: Record<CowHistoryItem['kind'], string> = {
  statusChange: 'gray',
  estrus: 'pink',
  fertilization: 'indigo',
  pregnancy: 'grape',
  calving: 'cyan',
  healthCase: 'red',
};

const REASON_LABEL: Readonly<Record<string, MessageKey>> = {
  created: 'herd.history.reason.created',
  fertilization: 'herd.history.reason.fertilization',
  pregnancy: 'herd.history.reason.pregnancy',
  calving: 'herd.history.reason.calving',
  'end-lactation': 'herd.history.reason.endLactation',
  'convert-to-fattening': 'herd.history.reason.convertToFattening',
  eliminate: 'herd.history.reason.eliminate',
  force: 'herd.history.reason.force',
  restore: 'herd.history.reason.restore',
};

function Line({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Text size="xs">
      <Text span c="dimmed" size="xs">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

export type HealthCaseHistoryItem = Extract<CowHistoryItem, { kind: 'healthCase' }>;

interface Props {
  items: readonly CowHistoryItem[];
  dictionaries: Dictionaries | undefined;
  cowId: number;
  /** A culled cow's records stay as they are. */
  readOnly: boolean;
  /** A health case's pictures and files (the health feature's, composed by the app); else their count. */
  renderHealthCaseFiles?: (item: HealthCaseHistoryItem) => ReactNode;
}

/** One timeline of a cow, newest first: status changes, reproduction records and health cases. */
export function HistoryTimeline({ items, dictionaries, cowId, readOnly, renderHealthCaseFiles }: Props) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const bcp47 = LANGUAGES[language].bcp47;
  const remove = useDeleteRecord();
  const [deleting, setDeleting] = useState<{ kind: RecordKind; id: number } | null>(null);
  const status = (stored: string | null) => {
    if (stored === null) return t('herd.history.none');
    const parsed = parseStoredStatus(stored);
    return parsed ? t(`herd.status.${parsed}`) : stored;
  };
  const date = (value: string | null) => (value ? formatDate(value, bcp47) : null);
  const auto = (flag: boolean) => (flag ? t('herd.dates.automatic') : t('herd.dates.manual'));

  const details = (item: CowHistoryItem): ReactNode => {
    switch (item.kind) {
      case 'statusChange':
        return (
          <>
            <Text size="sm">
              {status(item.from)} → <b>{status(item.to)}</b>
            </Text>
            <Group gap={4}>
              <Badge size="xs" variant="light" color="gray" tt="none">
                {REASON_LABEL[item.reason] ? t(REASON_LABEL[item.reason] as MessageKey) : item.reason}
              </Badge>
              {item.forced && (
                <Badge size="xs" variant="light" color="orange" tt="none">
                  {t('herd.history.forced')}
                </Badge>
              )}
            </Group>
          </>
        );
      case 'estrus':
        return (
          <>
            <Line
              label={t('herd.dates.expectedEstrus')}
              value={
                item.nextExpectedEstrus &&
                `${date(item.nextExpectedEstrus)} (${auto(item.nextExpectedEstrusAuto)})`
              }
            />
            <Line label={t('herd.record.memo')} value={item.memo} />
          </>
        );
      case 'fertilization':
        return (
          <>
            <Line
              label={t('herd.record.method')}
              value={labelOfCode(dictionaries, 'mating', item.method, language)}
            />
            <Line
              label={t('herd.record.actualMethod')}
              value={labelOfCode(dictionaries, 'mating', item.actualMethod, language)}
            />
            <Line label={t('herd.record.sire')} value={item.sireCode} />
            <Line label={t('herd.record.serviceDate')} value={date(item.effectiveServiceDate)} />
            <Line
              label={t('herd.dates.pregnancyTest')}
              value={
                item.pregnancyCheckDate &&
                `${date(item.pregnancyCheckDate)} · ${labelOfCode(dictionaries, 'diagnosisMethod', item.pregnancyCheckMethod, language)} (${auto(item.pregnancyCheckAuto)})`
              }
            />
            <Line label={t('herd.record.memo')} value={item.memo} />
          </>
        );
      case 'pregnancy':
        return (
          <>
            <Line
              label={t('herd.record.result')}
              value={labelOfCode(dictionaries, 'pregnancyStatus', item.result, language)}
            />
            <Line
              label={t('herd.record.diagnosisMethod')}
              value={labelOfCode(dictionaries, 'diagnosisMethod', item.method, language)}
            />
            <Line
              label={t('herd.dates.expectedDelivery')}
              value={
                item.expectedCalving && `${date(item.expectedCalving)} (${auto(item.expectedCalvingAuto)})`
              }
            />
            <Line
              label={t('herd.dates.expectedEstrus')}
              value={
                item.nextExpectedEstrus &&
                `${date(item.nextExpectedEstrus)} (${auto(item.nextExpectedEstrusAuto)})`
              }
            />
            <Line label={t('herd.record.memo')} value={item.memo} />
          </>
        );
      case 'calving':
        return (
          <>
            <Line
              label={t('herd.record.calvingMethod')}
              value={labelOfCode(dictionaries, 'calvingMethod', item.method, language)}
            />
            <Line
              label={t('herd.record.calvingResult')}
              value={labelOfCode(dictionaries, 'calvingResult', item.result, language)}
            />
            <Line
              label={t('herd.dates.expectedEstrus')}
              value={item.expectedEstrus && `${date(item.expectedEstrus)} (${auto(item.expectedEstrusAuto)})`}
            />
            <Line label={t('herd.record.memo')} value={item.memo} />
          </>
        );
      case 'healthCase':
        return (
          <>
            <Line
              label={t('herd.record.diagnosis')}
              value={[labelOfCode(dictionaries, 'disease', item.diseaseCode, language), item.diagnosis]
                .filter(Boolean)
                .join(' · ')}
            />
            <Line
              label={t('herd.record.prescription')}
              value={[item.prescription, date(item.prescribedOn)].filter(Boolean).join(' · ')}
            />
            <Line label={t('herd.record.memo')} value={item.memo} />
            {renderHealthCaseFiles ? (
              renderHealthCaseFiles(item)
            ) : item.fileCount > 0 ? (
              <Group gap={4} c="dimmed">
                <FileIcon size={12} />
                <Text size="xs">{t('herd.history.files', { count: item.fileCount })}</Text>
              </Group>
            ) : null}
          </>
        );
    }
  };

  return (
    <>
      <Timeline bulletSize={22} lineWidth={2} active={items.length}>
        {items.map((item) => (
          <Timeline.Item
            key={`${item.kind}-${item.id}`}
            color={KIND_COLOR[item.kind]}
            bullet={
              item.kind === 'healthCase' ? (
                <HeartPulseIcon size={12} />
              ) : item.kind === 'statusChange' ? (
                <TagIcon size={12} />
              ) : (
                <HistoryIcon size={12} />
              )
            }
            title={
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t(KIND_LABEL[item.kind])}
                </Text>
                {!readOnly && item.kind !== 'statusChange' && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      component={Link}
                      to={withQuery(paths.index.addhsty, {
                        id: cowId,
                        kind: FORM_KIND[item.kind],
                        record: item.id,
                      })}
                      variant="subtle"
                      size="sm"
                      aria-label={t('herd.history.edit', { kind: t(KIND_LABEL[item.kind]) })}
                    >
                      <EditIcon size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('herd.history.delete', { kind: t(KIND_LABEL[item.kind]) })}
                      onClick={() => setDeleting({ kind: item.kind, id: item.id })}
                    >
                      <TrashIcon size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            }
          >
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {item.kind === 'healthCase'
                  ? formatDate(item.diagnosedOn, bcp47)
                  : formatDateTime(item.time, bcp47)}
                {item.by ? ` · ${item.by}` : ''}
              </Text>
              {details(item)}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('herd.history.deleteTitle')}
        message={t('herd.history.deleteMessage')}
        confirmLabel={t('herd.history.deleteConfirm')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { ...deleting, cowId },
            {
              onSuccess: () => {
                setDeleting(null);
                notify('herd.history.deleted', 'success');
              },
              onError: (error) => {
                setDeleting(null);
                notify(errorMessageKey(error), 'error');
              },
            },
          );
        }}
      />
    </>
  );
}
