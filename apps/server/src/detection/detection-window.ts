// How much of a cow's history each detection sees and which of its alerts it may raise: shared by the detection
// stage and by the replay of a collar file through it (`live-replay.ts`), so both judge on the same window.

/**
 * History each detection looks at: the 10 days the fever average needs (the estrus baseline needs 7 + 2), the
 * 12-hour windows on top, and a margin so the states just before the new readings are judged on full history.
 */
export const DETECTION_HISTORY_HOURS = 11 * 24 + 12;
/**
 * Alerts this close to a cow's newest reading are checked again on every round (the notice key makes that
 * harmless), so a round that was lost — a crash between a batch's commit and its detection — is made good by
 * the cow's next batch.
 */
export const RECHECK_HOURS = 6;

const HOUR_MS = 3_600_000;

/** The earliest alert time a round may raise: from the oldest new reading, and at least the recheck hours. */
export const alertsFrom = (oldestNewReading: number, newest: number): number =>
  Math.min(oldestNewReading, newest - RECHECK_HOURS * HOUR_MS);
