/** A reading as stored: new rows only (a duplicate never reaches detection twice). */
export interface StoredReading {
  sensorId: number;
  /** The cow wearing the sensor when it arrived; null for an unassigned sensor. */
  cowId: number | null;
  sequenceNumber: number;
  /** ISO-8601, UTC. */
  measuredAt: string;
  temperature: number | null;
  activity: number | null;
  drink: number | null;
  /** A GPS collar's position, when the reading carried one. */
  lat?: number | undefined;
  lon?: number | undefined;
}
