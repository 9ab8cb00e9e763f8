import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_KEYS, isLanguageKey } from '../lib/i18n';
import { useLanguage } from '../lib/language';

/** The nine interface languages, each named in itself. */
export function LanguagePicker({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <NativeSelect
      size={size}
      label={t('common.language')}
      value={language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguageKey(value)) void setLanguage(value);
      }}
      data={LANGUAGE_KEYS.map((key) => ({ value: key, label: LANGUAGES[key].nativeName }))}
    />
  );
}
