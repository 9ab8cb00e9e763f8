import { useState, type FormEvent } from 'react';
import { Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Upload } from '@cowcare/contract/routes/uploads';
import { isCalendarDate } from '@cowcare/domain/calendar-date';
import { localToday } from '../../../lib/format';
import { useAddHealthCase } from '../api/add-health-case';
import type { Dictionaries } from '../../../lib/dictionary';
import { FileUploads } from './file-uploads';
import { DateField, DictionarySelect, MemoField } from '../../../components/records/record-fields';
import { SubmitRow, useFieldProblems, useRecordSubmit } from '../../../components/records/record-submit';

/** A diagnosis (health case): a disease from the dictionary or free text, the prescription and files. */
export function HealthCaseForm({
  cow,
  dictionaries,
  onSaved,
}: {
  cow: Cow;
  dictionaries: Dictionaries;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddHealthCase();
  const [diagnosedOn, setDiagnosedOn] = useState(localToday);
  const [disease, setDisease] = useState('');
  const [diagnosisText, setDiagnosisText] = useState('');
  const [prescribedOn, setPrescribedOn] = useState('');
  const [prescription, setPrescription] = useState('');
  const [memo, setMemo] = useState('');
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
        <FileUploads uploads={uploads} onChange={setUploads} onBusyChange={setUploading} />
        <SubmitRow submit={submit} pending={add.isPending || uploading} />
      </Stack>
    </form>
  );
}
