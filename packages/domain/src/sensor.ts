// Two sensor kinds share one id space: neck collars are numbered from 40000 up, pill (rumen bolus) sensors
// below it (spec §4/§5/§9).

export const NECK_SENSOR_THRESHOLD = 40_000;

export const SENSOR_KINDS = ['neck', 'pill'] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

export function sensorKind(sensorId: number): SensorKind {
  return sensorId >= NECK_SENSOR_THRESHOLD ? 'neck' : 'pill';
}

/** zts = the sensor is online (sensorzt 1), zt = offline (sensorzt 0); the names are the filter's wire names. */
export const SENSOR_STATES = ['zts', 'zt'] as const;
export type SensorState = (typeof SENSOR_STATES)[number];

/** Undefined for anything but 0 or 1, so a corrupt flag is never mistaken for either state. */
export function sensorStateOf(sensorzt: number): SensorState | undefined {
  if (sensorzt === 1) return 'zts';
  if (sensorzt === 0) return 'zt';
  return undefined;
}

export function sensorztOf(state: SensorState): 0 | 1 {
  return state === 'zts' ? 1 : 0;
}

export function isSensorState(value: unknown): value is SensorState {
  return value === 'zts' || value === 'zt';
}

/** The user's sensorfilter field: selected sensor state names joined with commas (spec §7). */
export function sensorFilterWireValue(states: readonly SensorState[]): string {
  return SENSOR_STATES.filter((state) => states.includes(state)).join(',');
}

/** Unknown names are dropped rather than rejected: the field is a saved preference, not a command. */
export function parseSensorFilterWireValue(wire: string): SensorState[] {
  const names = wire.split(',').map((name) => name.trim());
  return SENSOR_STATES.filter((state) => names.includes(state));
}
