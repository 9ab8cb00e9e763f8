import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { api } from '@cowcare/contract/api';
import type { User } from '@cowcare/contract/schemas';
import { call } from './api-client';
import { errorMessageKey } from './error-message';
import {
  applyDocumentLanguage,
  currentLanguage,
  isLanguageKey,
  LANGUAGES,
  storeLanguage,
  switchLanguage,
  type LanguageKey,
} from './i18n';
import { notify } from './notify';
import { readSession, saveUser } from './session';

/**
 * Set when the user picks a language on the login screens; the next login keeps that choice. Stored with
 * the language itself, so a reload of the login page, or a tab closed and opened again, does not turn the
 * choice into the user's old saved language after login.
 */
export const CHOSEN_BEFORE_LOGIN_KEY = 'cowcare.langChosenBeforeLogin';

function markChosenBeforeLogin(chosen: boolean): void {
  try {
    if (chosen) window.localStorage.setItem(CHOSEN_BEFORE_LOGIN_KEY, '1');
    else window.localStorage.removeItem(CHOSEN_BEFORE_LOGIN_KEY);
  } catch {
    // storage disabled: the choice lasts for this page only, as the language itself does
  }
}

function wasChosenBeforeLogin(): boolean {
  try {
    return window.localStorage.getItem(CHOSEN_BEFORE_LOGIN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Spec §4: switch the interface and store the choice (the translation sync then refetches the server's
 * strings); when logged in, also save it on the server and in the local user. The language's catalogue is
 * fetched first (issue 39); when that fails (no network) nothing changes and the user is told.
 */
export async function changeLanguage(instance: I18n, language: LanguageKey): Promise<void> {
  try {
    await switchLanguage(instance, language);
  } catch {
    notify('errors.E_NETWORK', 'error');
    return;
  }
  storeLanguage(language);
  applyDocumentLanguage(language);
  const user = readSession()?.user;
  if (!user) {
    markChosenBeforeLogin(true);
    return;
  }
  await saveLanguageOfUser(user, language);
}

/**
 * After login: use the user's saved language (spec §4), unless they just picked one on the login screen,
 * in which case that choice is kept and saved for them.
 */
export async function applyLoginLanguage(instance: I18n, user: User): Promise<void> {
  const current = currentLanguage(instance);
  if (wasChosenBeforeLogin()) {
    markChosenBeforeLogin(false);
    await saveLanguageOfUser(user, current);
    return;
  }
  if (isLanguageKey(user.language) && user.language !== current) {
    try {
      await switchLanguage(instance, user.language);
    } catch {
      // Its catalogue could not be fetched: the app stays in the current language; the next start (the
      // session holds the user's language) tries again.
      return;
    }
    storeLanguage(user.language);
    applyDocumentLanguage(user.language);
  }
}

async function saveLanguageOfUser(user: User, language: LanguageKey): Promise<void> {
  if (user.language === language) return;
  saveUser({ ...user, language });
  try {
    saveUser(await call(api.user.setLanguage, { params: { id: user.id, lang: language }, silent: true }));
  } catch (error) {
    notify(errorMessageKey(error), 'error');
  }
}

export function useLanguage(): [LanguageKey, (language: LanguageKey) => Promise<void>] {
  const { i18n } = useTranslation();
  const change = useCallback((language: LanguageKey) => changeLanguage(i18n, language), [i18n]);
  return [currentLanguage(i18n), change];
}

/** The BCP-47 tag of the interface language, for Intl: numbers and dates follow what the user reads. */
export function useBcp47(): string {
  const { i18n } = useTranslation();
  return LANGUAGES[currentLanguage(i18n)].bcp47;
}
