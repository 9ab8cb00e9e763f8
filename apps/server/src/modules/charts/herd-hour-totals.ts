/**
 * One hour of the herd as sums over its sensors' hourly values, so the collars summed in SQL and the boluses
 * summed in code (their drinks left out) add up before the means are taken.
 */
export interface HerdHourTotals {
  /** Sum of the sensors' hourly mean temperatures, and how many sensors had one. */
  temperatureSum: number;
  temperatures: number;
  /** Sum of the sensors' hourly activity (mean reading × readings an hour), and how many had one. */
  activitySum: number;
  activities: number;
  /** Sensors with any reading in the hour. */
  sensors: number;
}

export const emptyHourTotals = (): HerdHourTotals => ({
  temperatureSum: 0,
  temperatures: 0,
  activitySum: 0,
  activities: 0,
  sensors: 0,
});

export const addHourTotals = (a: HerdHourTotals, b: HerdHourTotals): HerdHourTotals => ({
  temperatureSum: a.temperatureSum + b.temperatureSum,
  temperatures: a.temperatures + b.temperatures,
  activitySum: a.activitySum + b.activitySum,
  activities: a.activities + b.activities,
  sensors: a.sensors + b.sensors,
});

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The herd's hour: each mean over the sensors that had a value, 2 decimals; null where none had. */
export const herdHourMeans = (totals: HerdHourTotals) => ({
  temp: totals.temperatures === 0 ? null : round2(totals.temperatureSum / totals.temperatures),
  activity: totals.activities === 0 ? null : round2(totals.activitySum / totals.activities),
  sensors: totals.sensors,
});
