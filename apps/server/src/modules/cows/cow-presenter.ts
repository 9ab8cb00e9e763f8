import type { Cow } from '@cowcare/contract/cow-schemas';
import { activityDeviationPercent, temperatureDeviation } from '@cowcare/domain/cow-filter';
import { sensorKind } from '@cowcare/domain/sensor';
import type { CowRecord } from './cows-repository';

/** Whole months between a YYYY-MM-DD birthday and today (UTC). */
export const ageInMonths = (birthday: string | null, today: Date = new Date()): number | null => {
  if (!birthday) return null;
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const months = (today.getUTCFullYear() - year) * 12 + (today.getUTCMonth() + 1 - month);
  return Math.max(0, today.getUTCDate() < day ? months - 1 : months);
};

const rounded = (value: number | undefined, digits: number): number | null =>
  value === undefined ? null : Number(value.toFixed(digits));

export interface CowSensorValues {
  currentTemperature: number | null;
  averageTemperature: number | null;
  temperatureOffset: number | null;
  currentActivity: number | null;
  averageActivity: number | null;
}

/** The temperature and activity fields of a cow, with the deviations the list filters on (spec §5). */
export const presentSensorValues = (cow: CowSensorValues) => ({
  fever: rounded(
    temperatureDeviation(cow.currentTemperature, cow.averageTemperature, cow.temperatureOffset),
    2,
  ),
  temp_current: cow.currentTemperature,
  temp_avg: cow.averageTemperature,
  activity: rounded(activityDeviationPercent(cow.currentActivity, cow.averageActivity), 1),
  activity_current: cow.currentActivity,
  activity_avg: cow.averageActivity,
});

export const presentCow = (cow: CowRecord, today?: Date): Cow => ({
  id: cow.id,
  code: cow.code,
  sensor: cow.sensorId,
  sensorKind: cow.sensorId === null ? null : sensorKind(cow.sensorId),
  sensorzt: cow.sensorOnline ? 1 : 0,
  status: cow.status,
  parity: cow.parity,
  birthday: cow.birthday,
  mage: ageInMonths(cow.birthday, today),
  sex: cow.sex,
  damId: cow.damId,
  sireCode: cow.sireCode,
  drink: cow.averageDrink,
  drink_current: cow.currentDrink,
  ...presentSensorValues(cow),
  tempadd: cow.temperatureOffset,
  lastReadingAt: cow.lastReadingAt,
  readed: cow.isRead ? 1 : 0,
  typeid: cow.cowTypeId,
  typename: cow.cowTypeName,
  city: cow.city,
  country: cow.country,
  lastEstrus: cow.lastEstrusDate,
  lastFertilization: cow.lastFertilizationDate,
  recentChildbirth: cow.lastCalvingDate,
  pregnancyTest: cow.pregnancyCheckDate,
  pregnancyTestAuto: !cow.pregnancyCheckManual,
  expectedDelivery: cow.expectedCalvingDate,
  expectedDeliveryAuto: !cow.expectedCalvingManual,
  expectedEstrus: cow.expectedEstrusDate,
  expectedEstrusAuto: !cow.expectedEstrusManual,
  culledAt: cow.culledAt,
});
