import { useState, type FormEvent } from 'react';
import { Alert, Radio, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { DiagnosisMethodCode, PregnancyResultCode } from '@cowcare/contract/routes/reproduction';
import { daysBetween, isCalendarDate } from '@cowcare/domain/calendar-date';
import { EARLIEST_RELIABLE_DIAGNOSIS_DAYS, isEarlyDiagnosis } from '@cowcare/domain/reproduction-dates';
import { currentLanguage } from '../../../lib/i18n';
import { dayOf, localDateTimeInputValue, withLocalOffset } from '../../../lib/format';
import { useAddPregnancy } from '../api/add-pregnancy';
import { useUpdatePregnancy } from '../api/update-records';
import { labelOf, type Dictionaries } from '../../../lib/dictionary';
import { DateTimeField, DictionarySelect, MemoField } from '../../../components/records/record-fields';
import { SubmitRow, useFieldProblems, useRecordSubmit } from '../../../components/records/record-submit';
import { changedFields, timeInputValue, type HistoryItemOf } from '../../../components/records/record-edit';

/** A pregnancy diagnosis; the status (pregnant, not pregnant, aborted) is required (spec §5). */
export function PregnancyForm({
  cow,
  dictionaries,
  onSaved,
  record,
}: {
  cow: Cow;
  dictionaries: Dictionaries;
  onSaved: () => void;
  /** The record to change (from the history); a new one when absent. */
  record?: HistoryItemOf<'pregnancy'>;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const add = useAddPregnancy();
  const update = useUpdatePregnancy();
  const [start] = useState(() => ({
    at: record ? timeInputValue(record.time) : localDateTimeInputValue(),
    method: record?.method ?? '',
    result: record?.result ?? '',
    memo: record?.memo ?? '',
  }));
  const [at, setAt] = useState(start.at);
  const [method, setMethod] = useState(start.method);
  const [result, setResult] = useState<string>(start.result);
  const [memo, setMemo] = useState(start.memo);
  const { problems, show, clear } = useFieldProblems<'at' | 'method' | 'result'>();
  const submit = useRecordSubmit(onSaved);
  const inseminated = cow.lastFertilization;
  const diagnosisDay = dayOf(at);
  // A warning, not a refusal: an early check may be right, but it is worth a second look.
  const early =
    inseminated !== null && isCalendarDate(diagnosisDay) && isEarlyDiagnosis(inseminated, diagnosisDay);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const diagnosedAt = withLocalOffset(at);
    const found = {
      at: diagnosedAt ? undefined : t('validation.required'),
      method: method ? undefined : t('herd.record.chooseMethod'),
      result: result ? undefined : t('herd.record.selectPregnancyStatus'),
    };
    show(found);
    if (!diagnosedAt || !method || !result) return;
    if (record) {
      // Only what changed: the server keeps a hand-set date and recomputes the automatic ones.
      const changed = changedFields(start, { at, method, result, memo });
      submit.run(update, {
        id: record.id,
        body: {
          ...(changed.at !== undefined ? { diagnosedAt } : {}),
          ...(changed.method !== undefined ? { diagnosisMethod: method as DiagnosisMethodCode } : {}),
          ...(changed.result !== undefined ? { result: result as PregnancyResultCode } : {}),
          ...(changed.memo !== undefined ? { memo: memo.trim() } : {}),
        },
      });
      return;
    }
    submit.run(add, {
      cowId: cow.id,
      diagnosedAt,
      diagnosisMethod: method as DiagnosisMethodCode,
      result: result as PregnancyResultCode,
      ...(memo.trim() ? { memo: memo.trim() } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.history.kind.pregnancy')}>
      <Stack gap="sm">
        <DateTimeField
          label={t('herd.record.diagnosedAt')}
          value={at}
          onChange={(value) => {
            setAt(value);
            clear('at');
            submit.touch('diagnosedAt');
          }}
          error={problems.at}
        />
        {early && inseminated !== null && (
          <Alert color="yellow" variant="light" role="status" data-testid="early-diagnosis">
            {t('herd.record.earlyDiagnosis', {
              days: daysBetween(inseminated, diagnosisDay),
              date: inseminated,
              min: EARLIEST_RELIABLE_DIAGNOSIS_DAYS,
            })}
          </Alert>
        )}
        <DictionarySelect
          label={t('herd.record.diagnosisMethod')}
          items={dictionaries.diagnosisMethod}
          value={method}
          onChange={(value) => {
            setMethod(value);
            clear('method');
            submit.touch('diagnosisMethod');
          }}
          error={problems.method}
          required
        />
        <Radio.Group
          label={t('herd.record.result')}
          required
          value={result}
          onChange={(value) => {
            setResult(value);
            clear('result');
            submit.touch('result', 'expectedCalving');
          }}
          error={problems.result}
        >
          <Group mt={4}>
            {dictionaries.pregnancyStatus.map((item) => (
              <Radio key={item.code} value={item.code} label={labelOf(item, language)} />
            ))}
          </Group>
        </Radio.Group>
        <MemoField value={memo} onChange={setMemo} />
        <SubmitRow submit={submit} pending={add.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
