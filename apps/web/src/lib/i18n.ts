import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TranslationString } from '@cowcare/contract/schemas';
import { catalog, type MessageKey } from '@cowcare/locales/catalog';
import { en, enCountForms, type CountFormKey } from '@cowcare/locales/en';
import { ptyCountForms } from '@cowcare/locales/pty';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_KEYS,
  isLanguageKey,
  type LanguageKey,
} from '@cowcare/locales/languages';
import { readSession } from './session';

export type { LanguageKey, MessageKey };
export { LANGUAGES, LANGUAGE_KEYS, isLanguageKey };

export const LANGUAGE_STORAGE_KEY = 'cowcare.lang';

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

export function storedLanguage(): LanguageKey | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageKey(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: LanguageKey): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** Spec §4: the logged-in user's saved language; otherwise the stored choice; otherwise English. */
export function startLanguage(): LanguageKey {
  const session = readSession();
  if (session?.user && isLanguageKey(session.user.language)) return session.user.language;
  return storedLanguage() ?? DEFAULT_LANGUAGE;
}

/**
 * i18next knows a language by its BCP-47 tag, not by the spec's key: it builds its plural rules from that
 * code, and Intl does not know 'pty' or 'rb' (it would count in the browser's own language instead).
 */
const tagOf = (language: LanguageKey): string => LANGUAGES[language].bcp47;

const COUNT_FORMS: Partial<Record<LanguageKey, Partial<Record<CountFormKey, string>>>> = {
  en: enCountForms,
  pty: ptyCountForms,
};

function bundledResources(): Resource {
  // Copies: server strings are merged into the store and must not leak into the shared catalog.
  return Object.fromEntries(
    LANGUAGE_KEYS.map((key) => [tagOf(key), { translation: { ...catalog[key], ...COUNT_FORMS[key] } }]),
  );
}

export function createI18n(language: LanguageKey): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: bundledResources(),
    lng: tagOf(language),
    fallbackLng: tagOf(DEFAULT_LANGUAGE),
    // Keys are flat dotted strings ("auth.login.submit"), never nested paths.
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    react: { bindI18nStore: 'added', useSuspense: false },
  });
  applyDocumentLanguage(language);
  return instance;
}

export function applyDocumentLanguage(language: LanguageKey): void {
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGES[language].bcp47;
}

/**
 * Merge the server's translation strings (spec §3: dbname is the key, one column per language) over the
 * bundled catalog. Empty cells keep the bundled text.
 */
export function mergeTranslationStrings(instance: I18n, rows: readonly TranslationString[]): void {
  for (const language of LANGUAGE_KEYS) {
    const column = LANGUAGES[language].column;
    const bundle: Record<string, string> = {};
    for (const row of rows) {
      const value = row[column];
      if (row.dbname && typeof value === 'string' && value.trim() !== '') bundle[row.dbname] = value;
    }
    if (Object.keys(bundle).length > 0) instance.addResources(tagOf(language), 'translation', bundle);
  }
}

/** The app's i18n instance. */
export const i18n = createI18n(startLanguage());

export function currentLanguage(instance: I18n = i18n): LanguageKey {
  return LANGUAGE_KEYS.find((key) => tagOf(key) === instance.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface language (the instance only; `changeLanguage` in language.ts also stores it). */
export async function switchLanguage(instance: I18n, language: LanguageKey): Promise<void> {
  await instance.changeLanguage(tagOf(language));
}

/** A country's name in an interface language (Intl), or the code itself where Intl cannot name it. */
export function regionName(code: string, bcp47: string): string {
  try {
    return new Intl.DisplayNames([bcp47, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
