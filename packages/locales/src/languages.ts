import {
  DEFAULT_LANGUAGE,
  LANGUAGE_BCP47_TAGS,
  LANGUAGE_KEYS,
  LANGUAGE_NATIVE_NAMES,
  MANDATORY_LANGUAGES,
  TRANSLATION_COLUMNS,
  isLanguageKey,
  type LanguageKey,
  type TranslationColumn,
} from '@cowcare/domain/languages';

/** The language list lives in `@cowcare/domain/languages`; this is the catalog's view of it. */
export { DEFAULT_LANGUAGE, LANGUAGE_KEYS, isLanguageKey, type LanguageKey };

/** ch, ko and en: the catalog must be complete in these. */
export const MAIN_LANGUAGES: readonly LanguageKey[] = MANDATORY_LANGUAGES;

export interface LanguageInfo {
  key: LanguageKey;
  /** BCP-47 tag for `<html lang>`, Intl and screen readers. */
  bcp47: string;
  /** The language's name in itself, as the picker shows it. */
  nativeName: string;
  /** Column of the translation-strings table (spec §3) that holds this language. */
  column: TranslationColumn;
}

export const LANGUAGES = Object.fromEntries(
  LANGUAGE_KEYS.map((key) => [
    key,
    {
      key,
      bcp47: LANGUAGE_BCP47_TAGS[key],
      nativeName: LANGUAGE_NATIVE_NAMES[key],
      column: TRANSLATION_COLUMNS[key],
    },
  ]),
) as Record<LanguageKey, LanguageInfo>;
