import { APP_VERSION, APP_VERSION_CODE } from '@cowcare/domain/constants';
import { catalog } from '@cowcare/locales/catalog';
import { LANGUAGE_KEYS, type LanguageKey } from '@cowcare/domain/languages';
import type { Database, Queryable } from '../db/database';
import { CONFIG_DICTIONARIES, DICTIONARY_NAMES } from './config-dictionaries';

export const APP_NAME = 'CowCare';
export const SUPPORT_EMAIL = 'support@cowcare.example';
export const SUPPORT_PHONE = '+82-2-555-0190';

/**
 * Record 1. A new release moves name, version and code forward; the support contact is the operator's and
 * is only written when the record is created.
 */
const writeSystemInfo = async (tx: Queryable): Promise<void> => {
  await tx.query(
    `INSERT INTO system_info (id, app_name, version, version_code, service_email, service_phone)
     VALUES (1, $1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE
       SET app_name = EXCLUDED.app_name, version = EXCLUDED.version, version_code = EXCLUDED.version_code,
           updated_at = now()
     WHERE (system_info.app_name, system_info.version, system_info.version_code)
           IS DISTINCT FROM (EXCLUDED.app_name, EXCLUDED.version, EXCLUDED.version_code)`,
    [APP_NAME, APP_VERSION, APP_VERSION_CODE, SUPPORT_EMAIL, SUPPORT_PHONE],
  );
};

/** Missing entries are added; existing ones are left as an operator may have tuned them. */
const writeConfigDictionaries = async (tx: Queryable): Promise<void> => {
  for (const dictionary of DICTIONARY_NAMES) {
    const entries = CONFIG_DICTIONARIES[dictionary];
    for (const [index, entry] of entries.entries()) {
      await tx.query(
        `INSERT INTO config_dictionary (dictionary, code, label_ch, label_ko, label_en, add_days, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (dictionary, code) DO NOTHING`,
        [dictionary, entry.code, entry.ch, entry.ko, entry.en, entry.addDays ?? null, index + 1],
      );
    }
  }
};

export type TranslationRow = { key: string } & Record<LanguageKey, string>;

/**
 * One row per key of the English catalog (the source language), every language filled: a language that
 * lacks a key, or has it empty, shows the English text.
 */
export const translationRows = (
  source: Readonly<Record<LanguageKey, Readonly<Record<string, string>>>> = catalog,
): TranslationRow[] =>
  Object.entries(source.en).map(([key, english]) => {
    const fallback = english.trim() === '' ? key : english;
    const row = { key } as TranslationRow;
    for (const language of LANGUAGE_KEYS) {
      const text = source[language][key];
      row[language] = text !== undefined && text.trim() !== '' ? text : fallback;
    }
    return row;
  });

const LANGUAGE_COLUMNS = LANGUAGE_KEYS.join(', ');

/**
 * Upserted, so a release's new and corrected strings reach an existing install; a row whose texts are
 * unchanged is not touched (its updated_at stays).
 */
const writeTranslationStrings = async (tx: Queryable): Promise<void> => {
  const rows = translationRows();
  if (rows.length === 0) return;
  const columns = ['key', ...LANGUAGE_KEYS] as const;
  const arrays = columns.map((column) => rows.map((row) => (column === 'key' ? row.key : row[column])));
  const unnestArgs = columns.map((_, index) => `$${index + 1}::text[]`).join(', ');
  const updates = LANGUAGE_KEYS.map((language) => `${language} = EXCLUDED.${language}`).join(', ');
  const current = LANGUAGE_KEYS.map((language) => `translation_strings.${language}`).join(', ');
  const incoming = LANGUAGE_KEYS.map((language) => `EXCLUDED.${language}`).join(', ');
  await tx.query(
    `INSERT INTO translation_strings (key, ${LANGUAGE_COLUMNS})
     SELECT * FROM unnest(${unnestArgs})
     ON CONFLICT (key) DO UPDATE SET ${updates}, updated_at = now()
     WHERE (${current}) IS DISTINCT FROM (${incoming})`,
    arrays,
  );
};

/** Platform-wide data every install needs, demo or not. Call inside a transaction (see `runSeed`). */
export const writeReferenceData = async (tx: Queryable): Promise<void> => {
  await writeSystemInfo(tx);
  await writeConfigDictionaries(tx);
  await writeTranslationStrings(tx);
};

/** Writes the reference data in one transaction; running it again changes nothing. */
export const seedReferenceData = (db: Database): Promise<void> => db.transaction(writeReferenceData);
