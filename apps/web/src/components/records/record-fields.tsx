import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { EARLIEST_RECORD_DAY, LATEST_RECORD_DAY } from '@cowcare/domain/calendar-date';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { labelOf, type DictionaryItem } from '../../lib/dictionary';

/** A choice from a configuration dictionary, labelled in the user's language; '' is "not chosen". */
export function DictionarySelect({
  label,
  items,
  value,
  onChange,
  error,
  required = false,
  placeholder,
  disabled = false,
  description,
}: {
  label: string;
  items: readonly DictionaryItem[];
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  description?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <NativeSelect
      label={label}
      required={required}
      disabled={disabled}
      description={description}
      value={value}
      error={error ?? undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: placeholder ?? t('herd.record.choose') },
        ...items.map((item) => ({ value: item.code, label: labelOf(item, language) })),
      ]}
    />
  );
}

/** A moment (date and time, device clock); the form sends it with the device's offset. */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <TextInput
      type="datetime-local"
      label={label}
      // The server's record days (decision 0012): the picker offers no day it would refuse.
      min={`${EARLIEST_RECORD_DAY}T00:00`}
      max={`${LATEST_RECORD_DAY}T23:59`}
      required
      value={value}
      error={error ?? undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function DateField({
  label,
  value,
  onChange,
  error,
  description,
  required = false,
  readOnly = false,
}: {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string | null;
  description?: string;
  required?: boolean;
  readOnly?: boolean;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      min={EARLIEST_RECORD_DAY}
      max={LATEST_RECORD_DAY}
      value={value}
      required={required}
      readOnly={readOnly}
      description={description}
      error={error ?? undefined}
      variant={readOnly ? 'filled' : 'default'}
      onChange={(event) => onChange?.(event.currentTarget.value)}
    />
  );
}

export function MemoField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('herd.record.memo')}
      autosize
      minRows={2}
      maxLength={2000}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
