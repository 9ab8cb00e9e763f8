import { addDays } from '@cowcare/domain/calendar-date';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import type { Database, Queryable } from '../db/database';
import { noticeMessage, recordNotice, type NoticeRecord } from '../modules/notices/record-notice';
import type { EventBus } from '../realtime/bus';
import { findOverdueCalvings, type DueNotice } from './calving-overdue';
import { runLocked, type Job } from './job-runner';

export const REPRODUCTION_REMINDERS_JOB = 'reproduction-reminders';
/** 603 comes this many days ahead of the expected calving. */
export const CALVING_REMINDER_DAYS = 7;
/**
 * A daily job that runs at start and every 15 minutes: the notice keys make the extra runs no-ops (one
 * indexed insert attempt per due cow), a server that just started sends the day's reminders at once, and
 * one that was up at midnight within a quarter of an hour.
 */
const INTERVAL_MS = 15 * 60_000;

interface DueCow {
  farmId: number;
  cowId: number;
  sensorId: number | null;
  code: 601 | 602 | 603;
  dueDate: string;
}

const PREGNANCY_CHECK = storedStatusValue('pregnancyConfirm');
const PREGNANT = storedStatusValue('pregnancy');
/** Cows whose next heat matters: open cows, cows nursing a calf, and inseminated cows (a return to heat says "not pregnant"). */
const WATCHED_FOR_ESTRUS = [
  storedStatusValue('estrusDetection'),
  '발정감지',
  storedStatusValue('lactation'),
  storedStatusValue('pregnancyConfirm'),
];

/**
 * Cows with a reminder due today (UTC): 601 pregnancy check due today for cows awaiting it, 602 expected
 * estrus today for cows that may come into heat, 603 expected calving within the next 7 days for pregnant
 * cows. Culled cows and bulls get none.
 */
const findDueCows = (tx: Queryable, today: string): Promise<DueCow[]> =>
  tx.query<DueCow>(
    `SELECT farm_id AS "farmId", id AS "cowId", sensor_id AS "sensorId", 601 AS code,
            to_char(pregnancy_check_date, 'YYYY-MM-DD') AS "dueDate"
       FROM cows WHERE culled_at IS NULL AND sex = 'female' AND status = $2 AND pregnancy_check_date = $1::date
     UNION ALL
     SELECT farm_id, id, sensor_id, 602, to_char(expected_estrus_date, 'YYYY-MM-DD')
       FROM cows WHERE culled_at IS NULL AND sex = 'female' AND status = ANY($3::text[])
        AND expected_estrus_date = $1::date
     UNION ALL
     SELECT farm_id, id, sensor_id, 603, to_char(expected_calving_date, 'YYYY-MM-DD')
       FROM cows WHERE culled_at IS NULL AND sex = 'female' AND status = $4
        AND expected_calving_date BETWEEN $1::date AND $5::date
     ORDER BY 1, 2, 4`,
    [today, PREGNANCY_CHECK, WATCHED_FOR_ESTRUS, PREGNANT, addDays(today, CALVING_REMINDER_DAYS)],
  );

const detailsOf = (cow: DueCow, today: string): Record<string, unknown> => {
  switch (cow.code) {
    case 601:
      return { pregnancyCheckDate: cow.dueDate };
    case 602:
      return { expectedEstrusDate: cow.dueDate };
    case 603: {
      const daysLeft = Math.round((Date.parse(cow.dueDate) - Date.parse(today)) / 86_400_000);
      return { expectedCalvingDate: cow.dueDate, daysLeft };
    }
  }
};

const reminderNotice = (cow: DueCow, today: string): DueNotice => ({
  farmId: cow.farmId,
  cowId: cow.cowId,
  sensorId: cow.sensorId,
  code: cow.code,
  episodeKey: `reminder:cow:${cow.cowId}:${cow.code}:${cow.dueDate}`,
  details: detailsOf(cow, today),
});

/** Today's reminders and overdue calvings, by farm, cow and code. */
const findDueNotices = async (tx: Queryable, today: string): Promise<DueNotice[]> => {
  const reminders = (await findDueCows(tx, today)).map((cow) => reminderNotice(cow, today));
  const overdue = await findOverdueCalvings(tx, today);
  return [...reminders, ...overdue].sort(
    (a, b) => a.farmId - b.farmId || (a.cowId ?? 0) - (b.cowId ?? 0) || a.code - b.code,
  );
};

/**
 * One run of the reproduction reminders for every farm, and of 502 for overdue calvings: one notice per
 * cow, code and due (or expected calving) date, the episode key, so no later run, the same day, a later day
 * or on a second instance, repeats a notice. Undefined when another instance holds the job's lock. The
 * notices are published after the commit.
 */
export const runReproductionReminders = async (
  db: Database,
  bus: EventBus,
  now: Date,
): Promise<NoticeRecord[] | undefined> => {
  const today = now.toISOString().slice(0, 10);
  const recorded: NoticeRecord[] = [];
  const ran = await runLocked(db, REPRODUCTION_REMINDERS_JOB, async (tx) => {
    for (const due of await findDueNotices(tx, today)) {
      const notice = await recordNotice(tx, { ...due, occurredAt: now });
      if (notice) recorded.push(notice);
    }
    const cowIds = [...new Set(recorded.flatMap((notice) => (notice.cowId === null ? [] : [notice.cowId])))];
    if (cowIds.length > 0) {
      await tx.query('UPDATE cows SET is_read = false, updated_at = now() WHERE id = ANY($1::int[])', [
        cowIds,
      ]);
    }
  });
  if (!ran) return undefined;
  for (const notice of recorded) {
    await bus.publish(notice.farmId, noticeMessage(notice));
    if (notice.cowId !== null) {
      await bus.publish(notice.farmId, { type: 'cowinfo', data: { id: notice.cowId, readed: 0 } });
    }
  }
  return recorded;
};

export const reproductionRemindersJob = (
  db: Database,
  bus: EventBus,
  now: () => Date = () => new Date(),
): Job => ({
  name: REPRODUCTION_REMINDERS_JOB,
  intervalMs: INTERVAL_MS,
  runAtStart: true,
  run: async () => {
    await runReproductionReminders(db, bus, now());
  },
});
