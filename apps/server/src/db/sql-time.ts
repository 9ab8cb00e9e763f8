/** A timestamptz column as ISO-8601 UTC text with a Z (`2026-11-28T06:10:00Z`), the wire's time format. */
export const isoUtc = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
