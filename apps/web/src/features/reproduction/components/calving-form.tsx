import { useState, type FormEvent } from 'react';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { CowCode } from '@cowcare/contract/cow-schemas';
import type { RouteBody } from '@cowcare/contract/route';
import type { api } from '@cowcare/contract/api';
import { dayOf, localDateTimeInputValue, withLocalOffset } from '../../../lib/format';
import { useAddCalving } from '../api/add-calving';
import { useUpdateCalving, type CalvingChange } from '../api/update-records';
import type { Dictionaries } from '../../../lib/dictionary';
import { estrusAfterCalving } from '../lib/record-dates';
import { AutoDateField, useAutoDate } from './auto-date-field';
import { DateTimeField, DictionarySelect, MemoField } from '../../../components/records/record-fields';
import { SubmitRow, useFieldProblems, useRecordSubmit } from '../../../components/records/record-submit';
import { changedFields, timeInputValue, type HistoryItemOf } from '../../../components/records/record-edit';

type CalvingBody = RouteBody<typeof api.reproduction.addCalving>;
type CalvingItem = HistoryItemOf<'calving'>;
const LIVE_CALF: Record<string, 'female' | 'male'> = { cow: 'female', bull: 'male' };
const codePattern = new RegExp(CowCode.pattern ?? '^C[0-9]{1,12}$');

/** A calving; with a live calf (heifer or bull calf) the calf can be registered as a new cow. */
export function CalvingForm({
  cow,
  dictionaries,
  onSaved,
  record,
}: {
  cow: Cow;
  dictionaries: Dictionaries;
  onSaved: () => void;
  /** The record to change (from the history); a new one when absent. Its calf is registered with the calving only. */
  record?: CalvingItem;
}) {
  const { t } = useTranslation();
  const add = useAddCalving();
  const update = useUpdateCalving();
  const [start] = useState(() => ({
    at: record ? timeInputValue(record.time) : localDateTimeInputValue(),
    method: record?.method ?? '',
    result: record?.result ?? '',
    memo: record?.memo ?? '',
  }));
  const [at, setAt] = useState(start.at);
  const [method, setMethod] = useState(start.method);
  const [result, setResult] = useState(start.result);
  const [memo, setMemo] = useState(start.memo);
  const [registerCalf, setRegisterCalf] = useState(true);
  const [calfCode, setCalfCode] = useState('');
  const [calfSensor, setCalfSensor] = useState('');
  const { problems, show, clear } = useFieldProblems<
    'at' | 'method' | 'result' | 'calfCode' | 'calfSensor'
  >();
  const nextEstrus = useAutoDate(
    estrusAfterCalving(dayOf(at)),
    record && { date: record.expectedEstrus, auto: record.expectedEstrusAuto },
  );
  const submit = useRecordSubmit(onSaved);
  // A calf is registered when the calving is recorded; an edit leaves the calf (and then its result) alone.
  const calfSex = record ? undefined : LIVE_CALF[result];
  const calfRegistered = record !== undefined && record.calfId !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const calvedAt = withLocalOffset(at);
    const withCalf = calfSex !== undefined && registerCalf;
    const sensor = calfSensor.trim();
    const found = {
      at: calvedAt ? undefined : t('validation.required'),
      method: method ? undefined : t('herd.record.chooseMethod'),
      result: result ? undefined : t('herd.record.chooseResult'),
      calfCode: withCalf && !codePattern.test(calfCode.trim()) ? t('herd.rules.codePattern') : undefined,
      calfSensor:
        withCalf && sensor !== '' && !/^\d{1,8}$/.test(sensor)
          ? t('herd.rules.sensorNumber', { min: 1, max: 99999999 })
          : undefined,
    };
    show(found);
    if (Object.values(found).some(Boolean) || !calvedAt) return;
    if (record) {
      const changed = changedFields(start, { at, method, result, memo });
      const body: CalvingChange = {
        ...(changed.at !== undefined ? { calvedAt } : {}),
        ...(changed.method !== undefined ? { method: method as CalvingChange['method'] } : {}),
        ...(changed.result !== undefined ? { result: result as CalvingChange['result'] } : {}),
        ...(changed.memo !== undefined ? { memo: memo.trim() } : {}),
        ...(nextEstrus.change !== undefined ? { expectedEstrusAfterCalving: nextEstrus.change } : {}),
      };
      submit.run(update, { id: record.id, body });
      return;
    }
    const body: CalvingBody = {
      cowId: cow.id,
      calvedAt,
      method: method as CalvingBody['method'],
      result: result as CalvingBody['result'],
      ...(memo.trim() ? { memo: memo.trim() } : {}),
      ...(nextEstrus.manual ? { expectedEstrusAfterCalving: nextEstrus.manual } : {}),
    };
    if (withCalf) {
      body.calf = {
        code: calfCode.trim(),
        sex: calfSex,
        birthday: dayOf(at),
        ...(sensor !== '' && Number(sensor) > 0 ? { sensor: Number(sensor) } : {}),
      };
    }
    submit.run(add, body);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.history.kind.calving')}>
      <Stack gap="sm">
        <DateTimeField
          label={t('herd.record.calvedAt')}
          value={at}
          onChange={(value) => {
            setAt(value);
            clear('at');
            submit.touch('calvedAt', 'calf.birthday');
          }}
          error={problems.at}
        />
        <DictionarySelect
          label={t('herd.record.calvingMethod')}
          items={dictionaries.calvingMethod}
          value={method}
          onChange={(value) => {
            setMethod(value);
            clear('method');
            submit.touch('method');
          }}
          error={problems.method}
          required
        />
        <DictionarySelect
          label={t('herd.record.calvingResult')}
          items={dictionaries.calvingResult}
          value={result}
          onChange={(value) => {
            setResult(value);
            clear('result');
            submit.touch('result', 'calf', 'calf.sex');
          }}
          error={problems.result}
          required
          disabled={calfRegistered}
          description={calfRegistered ? t('herd.history.calfResultKept') : undefined}
        />
        {calfSex !== undefined && (
          <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Checkbox
              label={t('herd.record.registerCalf')}
              checked={registerCalf}
              onChange={(event) => setRegisterCalf(event.currentTarget.checked)}
            />
            {registerCalf && (
              <>
                <TextInput
                  label={t('herd.record.calfCode')}
                  required
                  placeholder="C1234"
                  value={calfCode}
                  error={problems.calfCode}
                  onChange={(event) => {
                    setCalfCode(event.currentTarget.value.toUpperCase());
                    clear('calfCode');
                    submit.touch('calf.code');
                  }}
                />
                <TextInput
                  label={t('herd.record.calfSensor')}
                  inputMode="numeric"
                  value={calfSensor}
                  error={problems.calfSensor}
                  onChange={(event) => {
                    setCalfSensor(event.currentTarget.value);
                    clear('calfSensor');
                    submit.touch('calf.sensor');
                  }}
                />
              </>
            )}
          </Stack>
        )}
        <AutoDateField
          label={t('herd.record.estrusAfterCalving')}
          date={nextEstrus}
          onEdit={() => submit.touch('expectedEstrusAfterCalving')}
        />
        <MemoField value={memo} onChange={setMemo} />
        <SubmitRow submit={submit} pending={add.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
