import type { TranslationString } from '@cowcare/contract/schemas';
import type { Queryable } from '../../db/database';

export const listTranslationStrings = (db: Queryable): Promise<TranslationString[]> =>
  db.query<TranslationString>(
    `SELECT key AS dbname, ch AS chname, ko AS koname, en AS enname, pty AS ptyname, rb AS rbname,
            ru AS runame, th AS thname, idn AS idnname, vn AS vnname
       FROM translation_strings ORDER BY key`,
  );

interface SystemInfoRow {
  id: 1;
  appName: string;
  version: string;
  versionCode: number;
  serviceEmail: string;
  servicePhone: string;
  updatedAt: string;
}

export const findSystemInfo = async (db: Queryable): Promise<SystemInfoRow | undefined> =>
  (
    await db.query<SystemInfoRow>(
      `SELECT id, app_name AS "appName", version, version_code AS "versionCode", service_email AS "serviceEmail",
              service_phone AS "servicePhone", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
         FROM system_info WHERE id = 1`,
    )
  )[0];

export const listAdminUsers = (db: Queryable) =>
  db.query<{ id: number; name: string; avatar: string }>(
    'SELECT id, name, avatar FROM admin_users WHERE removed_at IS NULL ORDER BY id',
  );

/** Each entry's labels go on the wire as the spec's comma list: ch, ko, en and, where set, add-days. */
export const listConfigDictionary = async (db: Queryable) => {
  const rows = await db.query<{
    id: number;
    dictionary: string;
    code: string;
    ch: string;
    ko: string;
    en: string;
    addDays: number | null;
  }>(
    `SELECT id, dictionary, code, label_ch AS ch, label_ko AS ko, label_en AS en, add_days AS "addDays"
       FROM config_dictionary ORDER BY dictionary, sort_order, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    dbname: row.dictionary,
    code: row.code,
    name: [row.ch, row.ko, row.en, ...(row.addDays === null ? [] : [String(row.addDays)])].join(','),
  }));
};
