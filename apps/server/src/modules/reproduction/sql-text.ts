// Repositories hand dates and times over as text, so both database drivers give the same values: the pg
// driver would turn `date` columns into JavaScript Dates at local midnight.

export const utcTimeText = (expression: string, alias: string): string =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "${alias}"`;

export const dayText = (expression: string, alias: string): string =>
  `to_char(${expression}, 'YYYY-MM-DD') AS "${alias}"`;

/** The local day of an event; rows written without one (bulk seeds, older data) read the UTC day. */
export const eventDayText = (dayColumn: string, timeColumn: string, alias: string): string =>
  dayText(`COALESCE(${dayColumn}, (${timeColumn} AT TIME ZONE 'UTC')::date)`, alias);
