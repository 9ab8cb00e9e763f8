import { ch } from './ch';
import { en, type MessageKey } from './en';
import { idn } from './idn';
import { ko } from './ko';
import type { LanguageKey } from './languages';
import { pty } from './pty';
import { rb } from './rb';
import { ru } from './ru';
import { th } from './th';
import { vn } from './vn';

export type { MessageKey };

/**
 * Every UI string in every language, keyed by flat dotted keys. ch, ko and en are complete (the type says
 * so); the other six fall back to en for anything missing. The server seeds its translation-strings table
 * (dbname = key, one column per language) from this same object.
 */
export const catalog: Record<LanguageKey, Record<string, string>> = {
  ch,
  ko,
  en,
  pty: pty,
  rb: rb,
  ru: ru,
  th: th,
  idn: idn,
  vn: vn,
};

/** The text of a key in a language, falling back to English (for seeding a table with every column). */
export function textOf(language: LanguageKey, key: MessageKey): string {
  return catalog[language][key] ?? en[key];
}
