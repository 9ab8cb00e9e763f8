import { useState, type FormEvent } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { dayOf, localDateTimeInputValue, withLocalOffset } from '../../../lib/format';
import { useAddEstrus } from '../api/add-estrus';
import { useUpdateEstrus } from '../api/update-records';
import { nextEstrusAfter } from '../lib/record-dates';
import { AutoDateField, useAutoDate } from './auto-date-field';
import { DateTimeField, MemoField } from '../../../components/records/record-fields';
import { SubmitRow, useRecordSubmit } from '../../../components/records/record-submit';
import { changedFields, timeInputValue, type HistoryItemOf } from '../../../components/records/record-edit';

export function EstrusForm({
  cow,
  onSaved,
  initialAt,
  record,
}: {
  cow: Cow;
  onSaved: () => void;
  /** 'YYYY-MM-DDTHH:mm' to start from (a detected heat's onset); now when absent. */
  initialAt?: string;
  /** The record to change (from the history); a new one when absent. */
  record?: HistoryItemOf<'estrus'>;
}) {
  const { t } = useTranslation();
  const add = useAddEstrus();
  const update = useUpdateEstrus();
  const [start] = useState(() => ({
    at: record ? timeInputValue(record.time) : (initialAt ?? localDateTimeInputValue()),
    memo: record?.memo ?? '',
  }));
  const [at, setAt] = useState(start.at);
  const [memo, setMemo] = useState(start.memo);
  const [atError, setAtError] = useState<string | null>(null);
  const next = useAutoDate(
    nextEstrusAfter(dayOf(at)),
    record && { date: record.nextExpectedEstrus, auto: record.nextExpectedEstrusAuto },
  );
  const submit = useRecordSubmit(onSaved);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const estrusAt = withLocalOffset(at);
    setAtError(estrusAt ? null : t('validation.required'));
    if (!estrusAt) return;
    if (record) {
      const changed = changedFields(start, { at, memo });
      submit.run(update, {
        id: record.id,
        body: {
          ...(changed.at !== undefined ? { estrusAt } : {}),
          ...(changed.memo !== undefined ? { memo: memo.trim() } : {}),
          ...(next.change !== undefined ? { nextExpectedEstrus: next.change } : {}),
        },
      });
      return;
    }
    submit.run(add, {
      cowId: cow.id,
      estrusAt,
      ...(memo.trim() ? { memo: memo.trim() } : {}),
      ...(next.manual ? { nextExpectedEstrus: next.manual } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.history.kind.estrus')}>
      <Stack gap="sm">
        <DateTimeField
          label={t('herd.record.estrusAt')}
          value={at}
          onChange={(value) => {
            setAt(value);
            setAtError(null);
            submit.touch('estrusAt');
          }}
          error={atError}
        />
        <AutoDateField
          label={t('herd.dates.expectedEstrus')}
          date={next}
          onEdit={() => submit.touch('nextExpectedEstrus')}
        />
        <MemoField value={memo} onChange={setMemo} />
        <SubmitRow submit={submit} pending={add.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
