// The nine interface languages (spec §1/§3/§4). The keys are the product's own short names; translation
// strings carry one column per key.

export const LANGUAGE_KEYS = ['ch', 'ko', 'en', 'pty', 'rb', 'ru', 'th', 'idn', 'vn'] as const;
export type LanguageKey = (typeof LANGUAGE_KEYS)[number];

export const DEFAULT_LANGUAGE: LanguageKey = 'en';
/** Every translation string must have these; the others may fall back. */
export const MANDATORY_LANGUAGES: readonly LanguageKey[] = ['ch', 'ko', 'en'];

export const LANGUAGE_BCP47_TAGS: Readonly<Record<LanguageKey, string>> = {
  ch: 'zh-CN',
  ko: 'ko-KR',
  en: 'en',
  pty: 'pt',
  rb: 'ja',
  ru: 'ru',
  th: 'th',
  idn: 'id',
  vn: 'vi',
};

/** Each language named in itself, so a user can find their own in the picker whatever is showing. */
export const LANGUAGE_NATIVE_NAMES: Readonly<Record<LanguageKey, string>> = {
  ch: '简体中文',
  ko: '한국어',
  en: 'English',
  pty: 'Português',
  rb: '日本語',
  ru: 'Русский',
  th: 'ไทย',
  idn: 'Bahasa Indonesia',
  vn: 'Tiếng Việt',
};

export const TRANSLATION_COLUMNS = {
  ch: 'chname',
  ko: 'koname',
  en: 'enname',
  pty: 'ptyname',
  rb: 'rbname',
  ru: 'runame',
  th: 'thname',
  idn: 'idnname',
  vn: 'vnname',
} as const satisfies Record<LanguageKey, string>;
export type TranslationColumn = (typeof TRANSLATION_COLUMNS)[LanguageKey];

export function isLanguageKey(value: unknown): value is LanguageKey {
  return typeof value === 'string' && (LANGUAGE_KEYS as readonly string[]).includes(value);
}

export function translationColumnOf(language: LanguageKey): TranslationColumn {
  return TRANSLATION_COLUMNS[language];
}

export function isMandatoryLanguage(language: LanguageKey): boolean {
  return MANDATORY_LANGUAGES.includes(language);
}
