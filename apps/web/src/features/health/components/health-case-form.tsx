import { useState, type FormEvent } from 'react';
import { Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Upload } from '@cowcare/contract/routes/uploads';
import { isCalendarDate } from '@cowcare/domain/calendar-date';
import { localToday } from '../../../lib/format';
import { useAddHealthCase } from '../api/add-health-case';
import { useUpdateHealthCase, type HealthCaseChange } from '../api/update-health-case';
import type { Dictionaries } from '../../../lib/dictionary';
import { FileUploads } from './file-uploads';
import { DateField, DictionarySelect, MemoField } from '../../../components/records/record-fields';
import { SubmitRow, useFieldProblems, useRecordSubmit } from '../../../components/records/record-submit';
import { changedFields, textOrNull, type HistoryItemOf } from '../../../components/records/record-edit';

interface Fields {
  diagnosedOn: string;
  disease: string;
  diagnosisText: string;
  prescribedOn: string;
  prescription: string;
  memo: string;
}

const fieldsOf = (record: HistoryItemOf<'healthCase'> | undefined): Fields => ({
  diagnosedOn: record?.diagnosedOn ?? localToday(),
  disease: record?.diseaseCode ?? '',
  diagnosisText: record?.diagnosis ?? '',
  prescribedOn: record?.prescribedOn ?? '',
  prescription: record?.prescription ?? '',
  memo: record?.memo ?? '',
});

/** What an edit sends: the changed fields only; an emptied optional one is cleared (null). */
function changeOf(start: Fields, now: Fields): HealthCaseChange {
  const changed = changedFields(start, now);
  return {
    ...(changed.diagnosedOn !== undefined ? { diagnosedOn: now.diagnosedOn } : {}),
    ...(changed.disease !== undefined ? { diseaseCode: now.disease || null } : {}),
    ...(changed.diagnosisText !== undefined ? { diagnosisText: textOrNull(now.diagnosisText) } : {}),
    ...(changed.prescribedOn !== undefined ? { prescribedOn: now.prescribedOn || null } : {}),
    ...(changed.prescription !== undefined ? { prescription: now.prescription.trim() } : {}),
    ...(changed.memo !== undefined ? { memo: now.memo.trim() } : {}),
  };
}

/** A diagnosis (health case): a disease from the dictionary or free text, the prescription and files. */
export function HealthCaseForm({
  cow,
  dictionaries,
  onSaved,
  record,
}: {
  cow: Cow;
  dictionaries: Dictionaries;
  onSaved: () => void;
  /** The case to change (from the history); a new one when absent. Its files are changed on the history. */
  record?: HistoryItemOf<'healthCase'>;
}) {
  const { t } = useTranslation();
  const add = useAddHealthCase();
  const update = useUpdateHealthCase();
  const [start] = useState(() => fieldsOf(record));
  const [diagnosedOn, setDiagnosedOn] = useState(start.diagnosedOn);
  const [disease, setDisease] = useState(start.disease);
  const [diagnosisText, setDiagnosisText] = useState(start.diagnosisText);
  const [prescribedOn, setPrescribedOn] = useState(start.prescribedOn);
  const [prescription, setPrescription] = useState(start.prescription);
  const [memo, setMemo] = useState(start.memo);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploading, setUploading] = useState(false);
  const { problems, show, clear } = useFieldProblems<'diagnosedOn' | 'diagnosis' | 'prescribedOn'>();
  const submit = useRecordSubmit(onSaved);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = diagnosisText.trim();
    const found = {
      diagnosedOn: isCalendarDate(diagnosedOn) ? undefined : t('herd.dates.invalid'),
      diagnosis: disease || text ? undefined : t('herd.record.diagnosisRequired'),
      prescribedOn: prescribedOn === '' || isCalendarDate(prescribedOn) ? undefined : t('herd.dates.invalid'),
    };
    show(found);
    if (Object.values(found).some(Boolean) || uploading) return;
    if (record) {
      const now = { diagnosedOn, disease, diagnosisText, prescribedOn, prescription, memo };
      submit.run(update, { id: record.id, body: changeOf(start, now) });
      return;
    }
    submit.run(add, {
      cowId: cow.id,
      diagnosedOn,
      ...(disease ? { diseaseCode: disease } : {}),
      ...(text ? { diagnosisText: text } : {}),
      ...(prescribedOn ? { prescribedOn } : {}),
      ...(prescription.trim() ? { prescription: prescription.trim() } : {}),
      ...(memo.trim() ? { memo: memo.trim() } : {}),
      ...(uploads.length > 0 ? { uploadIds: uploads.map((upload) => upload.id) } : {}),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.history.kind.healthCase')}>
      <Stack gap="sm">
        <DateField
          label={t('herd.record.diagnosedOn')}
          value={diagnosedOn}
          onChange={(value) => {
            setDiagnosedOn(value);
            clear('diagnosedOn');
            submit.touch('diagnosedOn');
          }}
          error={problems.diagnosedOn}
          required
        />
        <DictionarySelect
          label={t('herd.record.disease')}
          items={dictionaries.disease}
          value={disease}
          onChange={(value) => {
            setDisease(value);
            clear('diagnosis');
            submit.touch('diseaseCode', 'diagnosisText');
          }}
          placeholder={t('herd.record.diseaseOther')}
          error={problems.diagnosis}
        />
        <Textarea
          label={t('herd.record.diagnosisText')}
          description={t('herd.record.diagnosisTextHint')}
          autosize
          minRows={2}
          maxLength={500}
          value={diagnosisText}
          onChange={(event) => {
            setDiagnosisText(event.currentTarget.value);
            clear('diagnosis');
            submit.touch('diseaseCode', 'diagnosisText');
          }}
        />
        <DateField
          label={t('herd.record.prescribedOn')}
          value={prescribedOn}
          onChange={(value) => {
            setPrescribedOn(value);
            clear('prescribedOn');
            submit.touch('prescribedOn');
          }}
          error={problems.prescribedOn}
        />
        <TextInput
          label={t('herd.record.prescription')}
          maxLength={500}
          value={prescription}
          onChange={(event) => {
            setPrescription(event.currentTarget.value);
            submit.touch('prescription');
          }}
        />
        <MemoField value={memo} onChange={setMemo} />
        {!record && <FileUploads uploads={uploads} onChange={setUploads} onBusyChange={setUploading} />}
        <SubmitRow submit={submit} pending={add.isPending || update.isPending || uploading} />
      </Stack>
    </form>
  );
}
