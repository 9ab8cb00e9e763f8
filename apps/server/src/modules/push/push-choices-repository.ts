import { DEFAULT_PUSH_CHOICES, type PushChoices } from '@cowcare/domain/push-rules';
import type { Queryable } from '../../db/database';

export interface PushChoicesRow {
  codes: number[];
  quietStart: string | null;
  quietEnd: string | null;
  severeDuringQuiet: boolean;
  timeZone: string;
}

/** The columns a query selects (from `push_choices` as `table`) to read a user's choices with `choicesOf`. */
export const choiceColumns = (table: string): string =>
  `${table}.codes, ${table}.quiet_start AS "quietStart", ${table}.quiet_end AS "quietEnd",
   ${table}.severe_during_quiet AS "severeDuringQuiet", ${table}.time_zone AS "timeZone"`;

/** A user without a row (or a LEFT JOIN that found none) has the defaults. */
export const choicesOf = (row: Partial<PushChoicesRow> | undefined): PushChoices =>
  row?.codes === undefined || row.codes === null
    ? DEFAULT_PUSH_CHOICES
    : {
        codes: row.codes,
        quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
        severeDuringQuietHours: row.severeDuringQuiet ?? true,
        timeZone: row.timeZone ?? 'UTC',
      };

export const readPushChoices = async (db: Queryable, userId: number): Promise<PushChoices> => {
  const [row] = await db.query<PushChoicesRow>(
    `SELECT ${choiceColumns('c')} FROM push_choices c WHERE c.user_id = $1`,
    [userId],
  );
  return choicesOf(row);
};

export const savePushChoices = async (db: Queryable, userId: number, choices: PushChoices): Promise<void> => {
  await db.query(
    `INSERT INTO push_choices (user_id, codes, quiet_start, quiet_end, severe_during_quiet, time_zone)
     VALUES ($1, $2::int[], $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE
       SET codes = EXCLUDED.codes, quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end,
           severe_during_quiet = EXCLUDED.severe_during_quiet, time_zone = EXCLUDED.time_zone,
           updated_at = now()`,
    [
      userId,
      [...choices.codes].sort((a, b) => a - b),
      choices.quietHours?.start ?? null,
      choices.quietHours?.end ?? null,
      choices.severeDuringQuietHours,
      choices.timeZone,
    ],
  );
};
