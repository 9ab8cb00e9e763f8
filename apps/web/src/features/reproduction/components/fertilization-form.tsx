import { useState, type FormEvent } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { DiagnosisMethodCode, MatingMethodCode } from '@cowcare/contract/routes/reproduction';
import type { DiagnosisDaysSettings } from '@cowcare/domain/reproduction-dates';
import { dayOf, localDateTimeInputValue, withLocalOffset } from '../../../lib/format';
import { useAddFertilization } from '../api/add-fertilization';
import { useUpdateFertilization, type FertilizationChange } from '../api/update-records';
import type { Dictionaries } from '../../../lib/dictionary';
import { appraisalDate, scheduledServiceDate } from '../lib/record-dates';
import { AutoDateField, useAutoDate } from './auto-date-field';
import {
  DateField,
  DateTimeField,
  DictionarySelect,
  MemoField,
} from '../../../components/records/record-fields';
import { SubmitRow, useFieldProblems, useRecordSubmit } from '../../../components/records/record-submit';
import {
  changedFields,
  textOrNull,
  timeInputValue,
  type HistoryItemOf,
} from '../../../components/records/record-edit';

type FertilizationItem = HistoryItemOf<'fertilization'>;

interface Props {
  cow: Cow;
  dictionaries: Dictionaries;
  /** The farm's pregnancy-check days (user settings); undefined while they load. */
  farmDays: DiagnosisDaysSettings | undefined;
  onSaved: () => void;
  /** The record to change (from the history); a new one when absent. */
  record?: FertilizationItem;
}

interface Fields {
  at: string;
  method: string;
  actualMethod: string;
  checkMethod: string;
  sireCode: string;
  memo: string;
}

const fieldsOf = (record: FertilizationItem | undefined): Fields => ({
  at: record ? timeInputValue(record.time) : localDateTimeInputValue(),
  method: record?.method ?? '',
  actualMethod: record?.actualMethod ?? '',
  checkMethod: record?.pregnancyCheckMethod ?? '',
  sireCode: record?.sireCode ?? '',
  memo: record?.memo ?? '',
});

/** What an edit sends: the changed fields only; an emptied actual method or sire is cleared. */
function changeOf(start: Fields, now: Fields, plannedAt: string): FertilizationChange {
  const changed = changedFields(start, now);
  return {
    ...(changed.at !== undefined ? { plannedAt } : {}),
    ...(changed.method ? { method: changed.method as MatingMethodCode } : {}),
    ...(changed.actualMethod !== undefined
      ? { actualMethod: (changed.actualMethod || null) as MatingMethodCode | null }
      : {}),
    // "Default" chosen again for a stored method changes nothing: the server keeps the stored one.
    ...(changed.checkMethod ? { pregnancyCheckMethod: changed.checkMethod as DiagnosisMethodCode } : {}),
    ...(changed.sireCode !== undefined ? { sireCode: textOrNull(now.sireCode) } : {}),
    ...(changed.memo !== undefined ? { memo: now.memo.trim() } : {}),
  };
}

/**
 * A fertilization. Choosing the method fills the scheduled (service) date = the date + the method's
 * add-days; choosing the diagnosis method fills the appraisal date from the farm's days (spec §4).
 */
export function FertilizationForm({ cow, dictionaries, farmDays, onSaved, record }: Props) {
  const { t } = useTranslation();
  const add = useAddFertilization();
  const update = useUpdateFertilization();
  const [start] = useState(() => fieldsOf(record));
  const [at, setAt] = useState(start.at);
  const [method, setMethod] = useState(start.method);
  const [actualMethod, setActualMethod] = useState(start.actualMethod);
  const [checkMethod, setCheckMethod] = useState(start.checkMethod);
  const [sireCode, setSireCode] = useState(start.sireCode);
  const [memo, setMemo] = useState(start.memo);
  const { problems, show, clear } = useFieldProblems<'at' | 'method'>();
  const submit = useRecordSubmit(onSaved);

  const mating = dictionaries.mating.find((item) => item.code === method);
  const diagnosis = dictionaries.diagnosisMethod.find((item) => item.code === checkMethod);
  const serviceDate = scheduledServiceDate(dayOf(at), mating);
  const checkDate = useAutoDate(
    appraisalDate(serviceDate, diagnosis, farmDays),
    record && { date: record.pregnancyCheckDate, auto: record.pregnancyCheckAuto },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const plannedAt = withLocalOffset(at);
    const found = {
      at: plannedAt ? undefined : t('validation.required'),
      method: method ? undefined : t('herd.record.chooseMethod'),
    };
    show(found);
    if (!plannedAt || !method) return;
    if (record) {
      const body = changeOf(start, { at, method, actualMethod, checkMethod, sireCode, memo }, plannedAt);
      if (checkDate.change !== undefined) body.pregnancyCheckDate = checkDate.change;
      submit.run(update, { id: record.id, body });
      return;
    }
    submit.run(add, {
      cowId: cow.id,
      plannedAt,
      method: method as MatingMethodCode,
      ...(actualMethod ? { actualMethod: actualMethod as MatingMethodCode } : {}),
      ...(sireCode.trim() ? { sireCode: sireCode.trim() } : {}),
      ...(memo.trim() ? { memo: memo.trim() } : {}),
      ...(checkMethod ? { pregnancyCheckMethod: checkMethod as DiagnosisMethodCode } : {}),
      ...(checkDate.manual ? { pregnancyCheckDate: checkDate.manual } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.history.kind.fertilization')}>
      <Stack gap="sm">
        <DateTimeField
          label={t('herd.record.fertilizedAt')}
          value={at}
          onChange={(value) => {
            setAt(value);
            clear('at');
            submit.touch('plannedAt');
          }}
          error={problems.at}
        />
        <DictionarySelect
          label={t('herd.record.method')}
          items={dictionaries.mating}
          value={method}
          onChange={(value) => {
            setMethod(value);
            clear('method');
            submit.touch('method');
          }}
          error={problems.method}
          required
        />
        <DateField
          label={t('herd.record.serviceDate')}
          value={serviceDate ?? ''}
          readOnly
          description={t('herd.record.serviceDateHint')}
        />
        <DictionarySelect
          label={t('herd.record.actualMethod')}
          items={dictionaries.mating}
          value={actualMethod}
          onChange={(value) => {
            setActualMethod(value);
            submit.touch('actualMethod');
          }}
          placeholder={t('herd.record.sameAsPlanned')}
        />
        <TextInput
          label={t('herd.record.sire')}
          maxLength={64}
          value={sireCode}
          onChange={(event) => {
            setSireCode(event.currentTarget.value);
            submit.touch('sireCode');
          }}
        />
        <DictionarySelect
          label={t('herd.record.checkMethod')}
          items={dictionaries.diagnosisMethod}
          value={checkMethod}
          onChange={(value) => {
            setCheckMethod(value);
            submit.touch('pregnancyCheckMethod');
          }}
          placeholder={t('herd.record.checkMethodDefault')}
        />
        <AutoDateField
          label={t('herd.record.appraisalDate')}
          date={checkDate}
          description={t('herd.record.appraisalHint')}
          onEdit={() => submit.touch('pregnancyCheckDate')}
        />
        <MemoField value={memo} onChange={setMemo} />
        <SubmitRow submit={submit} pending={add.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
