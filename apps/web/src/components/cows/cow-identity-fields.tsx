import type { ReactNode } from 'react';
import { Autocomplete, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { EARLIEST_RECORD_DAY } from '@cowcare/domain/calendar-date';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../lib/format';
import type { CowIdentityText } from '../../lib/cow-rules';

type CheckedField = 'code' | 'sensor' | 'birthday' | 'parity';

interface Props {
  text: CowIdentityText;
  /** `sex` comes as 'female' or 'male'. */
  onChange: (field: keyof CowIdentityText, value: string) => void;
  /** A field's problem, already in the user's words, or undefined. */
  errorOf: (field: CheckedField) => string | undefined;
  sensorSuggestions: readonly string[];
  sensorDescription: string;
  /** Registering may leave parity to the default; an edit may not clear it. */
  parityRequired?: boolean;
  /** The fields only one form has, after the shared ones. */
  children?: ReactNode;
}

/** Code, sensor, birthday, parity, sex and sire, laid out two by two from a phone's width up. */
export function CowIdentityFields({
  text,
  onChange,
  errorOf,
  sensorSuggestions,
  sensorDescription,
  parityRequired = false,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        label={t('herd.add.code')}
        description={t('herd.add.codeHint')}
        required
        placeholder="C1024"
        value={text.code}
        error={errorOf('code')}
        onChange={(event) => onChange('code', event.currentTarget.value.toUpperCase())}
      />
      <Autocomplete
        label={t('herd.add.sensor')}
        description={sensorDescription}
        inputMode="numeric"
        value={text.sensor}
        data={[...sensorSuggestions]}
        error={errorOf('sensor')}
        onChange={(value) => onChange('sensor', value)}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        type="date"
        label={t('herd.add.birthday')}
        min={EARLIEST_RECORD_DAY}
        max={localToday()}
        value={text.birthday}
        error={errorOf('birthday')}
        onChange={(event) => onChange('birthday', event.currentTarget.value)}
      />
      <TextInput
        label={t('herd.add.parity')}
        inputMode="numeric"
        placeholder="0"
        required={parityRequired}
        value={text.parity}
        error={errorOf('parity')}
        onChange={(event) => onChange('parity', event.currentTarget.value)}
      />
      <NativeSelect
        label={t('herd.add.sex')}
        value={text.sex}
        onChange={(event) => onChange('sex', event.currentTarget.value === 'male' ? 'male' : 'female')}
        data={[
          { value: 'female', label: t('herd.cow.sex.female') },
          { value: 'male', label: t('herd.cow.sex.male') },
        ]}
      />
      <TextInput
        label={t('herd.add.sire')}
        maxLength={32}
        value={text.sireCode}
        onChange={(event) => onChange('sireCode', event.currentTarget.value)}
      />
      {children}
    </SimpleGrid>
  );
}
