import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TranslationString } from '@cowcare/contract/schemas';
import { en, enCountForms, type MessageKey } from '@cowcare/locales/en';
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

type Messages = Record<string, string>;

/**
 * Issue 39: one catalogue is some 20 kB of gzip, all nine were half the first load. English is bundled (the
 * fallback of the six partial catalogues, and the list of keys); each other language is its own chunk,
 * fetched when a user needs it. The record's type makes a tenth language fail to compile until it is here.
 */
const CATALOGUE_LOADERS: Record<Exclude<LanguageKey, 'en'>, () => Promise<Messages>> = {
  ch: () => import('@cowcare/locales/ch').then((module) => module.ch),
  ko: () => import('@cowcare/locales/ko').then((module) => module.ko),
  pty: () => import('@cowcare/locales/pty').then((module) => ({ ...module.pty, ...module.ptyCountForms })),
  rb: () => import('@cowcare/locales/rb').then((module) => module.rb),
  ru: () => import('@cowcare/locales/ru').then((module) => module.ru),
  th: () => import('@cowcare/locales/th').then((module) => module.th),
  idn: () => import('@cowcare/locales/idn').then((module) => module.idn),
  vn: () => import('@cowcare/locales/vn').then((module) => module.vn),
};

/** Catalogues this page has fetched, shared by every i18n instance (instances copy them). */
const fetchedCatalogues = new Map<LanguageKey, Messages>([['en', { ...en, ...enCountForms }]]);
const pendingCatalogues = new Map<LanguageKey, Promise<Messages>>();

function fetchCatalogue(language: LanguageKey): Promise<Messages> {
  const fetched = fetchedCatalogues.get(language);
  if (fetched) return Promise.resolve(fetched);
  if (language === 'en') throw new Error('English is bundled');
  let pending = pendingCatalogues.get(language);
  if (!pending) {
    pending = CATALOGUE_LOADERS[language]().then(
      (messages) => {
        fetchedCatalogues.set(language, messages);
        pendingCatalogues.delete(language);
        return messages;
      },
      (error: unknown) => {
        // A failed fetch (no network) is tried again on the next switch, not remembered.
        pendingCatalogues.delete(language);
        throw error;
      },
    );
    pendingCatalogues.set(language, pending);
  }
  return pending;
}

/** Fetches every catalogue now: for tests, which build instances in any language synchronously. */
export async function fetchAllCatalogues(): Promise<void> {
  await Promise.all(LANGUAGE_KEYS.map(fetchCatalogue));
}

/** Which catalogues an instance holds (server strings alone do not count: they cover a few keys). */
const instanceCatalogues = new WeakMap<I18n, Set<LanguageKey>>();

export const hasCatalogue = (instance: I18n, language: LanguageKey): boolean =>
  instanceCatalogues.get(instance)?.has(language) ?? false;

/**
 * Puts the language's catalogue into the instance, fetching it if this page has not yet. Strings the
 * server sent for that language stay over the bundled ones (they were merged first; nothing is overwritten).
 */
export async function loadCatalogue(instance: I18n, language: LanguageKey): Promise<void> {
  if (hasCatalogue(instance, language)) return;
  const messages = await fetchCatalogue(language);
  if (hasCatalogue(instance, language)) return;
  // A copy: server strings merged into the store must not leak into the shared catalogue.
  instance.addResourceBundle(tagOf(language), 'translation', { ...messages }, true, false);
  instanceCatalogues.get(instance)?.add(language);
}

export function createI18n(language: LanguageKey): I18n {
  const instance = i18next.createInstance();
  // Every catalogue already fetched, so an instance made after a fetch needs no wait.
  const held = new Set(fetchedCatalogues.keys());
  const resources: Resource = Object.fromEntries(
    [...fetchedCatalogues].map(([key, messages]) => [tagOf(key), { translation: { ...messages } }]),
  );
  instanceCatalogues.set(instance, held);
  void instance.use(initReactI18next).init({
    resources,
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

/**
 * Settles once the start language's catalogue is in (or could not be fetched: the app then opens in
 * English, and the next switch tries again). The app draws its pages after this, so a Chinese user never
 * sees English or raw keys first.
 */
export const i18nReady: Promise<void> = loadCatalogue(i18n, currentLanguage(i18n)).catch(() => undefined);

export function currentLanguage(instance: I18n = i18n): LanguageKey {
  return LANGUAGE_KEYS.find((key) => tagOf(key) === instance.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language once its catalogue is in, so the screen goes from one language straight
 * to the other (the instance only; `changeLanguage` in language.ts also stores it). Rejects when the
 * catalogue cannot be fetched; the interface then stays as it was.
 */
export async function switchLanguage(instance: I18n, language: LanguageKey): Promise<void> {
  await loadCatalogue(instance, language);
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
