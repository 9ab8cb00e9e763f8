// TODO(domain): switch to `@cowcare/domain/languages` once packages/domain/src/languages.ts exists and
// re-export from there, so the language list lives in one place for server and web.

/** The nine interface language keys of spec §3, in the spec's order; ch, ko and en are the main set. */
export const LANGUAGE_KEYS = ['ch', 'ko', 'en', 'pty', 'rb', 'ru', 'th', 'idn', 'vn'] as const;
export type LanguageKey = (typeof LANGUAGE_KEYS)[number];

export const DEFAULT_LANGUAGE: LanguageKey = 'en';
export const MAIN_LANGUAGES: readonly LanguageKey[] = ['ch', 'ko', 'en'];

export interface LanguageInfo {
  key: LanguageKey;
  /** BCP-47 tag for `<html lang>`, Intl and screen readers. */
  bcp47: string;
  /** The language's name in itself, as the picker shows it. */
  nativeName: string;
  /** Column of the translation-strings table (spec §3) that holds this language. */
  column: `${LanguageKey}name`;
}

export const LANGUAGES: Record<LanguageKey, LanguageInfo> = {
  ch: { key: 'ch', bcp47: 'zh-CN', nativeName: '中文', column: 'chname' },
  ko: { key: 'ko', bcp47: 'ko', nativeName: '한국어', column: 'koname' },
  en: { key: 'en', bcp47: 'en', nativeName: 'English', column: 'enname' },
  pty: { key: 'pty', bcp47: 'pt', nativeName: 'Português', column: 'ptyname' },
  rb: { key: 'rb', bcp47: 'ja', nativeName: '日本語', column: 'rbname' },
  ru: { key: 'ru', bcp47: 'ru', nativeName: 'Русский', column: 'runame' },
  th: { key: 'th', bcp47: 'th', nativeName: 'ไทย', column: 'thname' },
  idn: { key: 'idn', bcp47: 'id', nativeName: 'Bahasa Indonesia', column: 'idnname' },
  vn: { key: 'vn', bcp47: 'vi', nativeName: 'Tiếng Việt', column: 'vnname' },
};

export function isLanguageKey(value: unknown): value is LanguageKey {
  return typeof value === 'string' && (LANGUAGE_KEYS as readonly string[]).includes(value);
}
