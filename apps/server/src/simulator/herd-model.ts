// A simulated herd's sensor readings as a pure function of (seed, cow, time): any 10-minute slot can be
// computed on its own, so a replay of the past and the live stream agree reading for reading, and a restart
// re-sends exactly what was sent before (which the server drops as duplicates).
//
// What the readings show, each from the physiology the detectors look for (docs/detection.md):
//  - activity with a daily rhythm: quiet nights, peaks at the two milkings, ordinary days between;
//  - body temperature with a small daily rhythm; on a rumen bolus ("pill", sensor < 40000) about nine drinks
//    a day, each cooling the rumen 1.2-3 °C and recovering over an hour;
//  - estrus every 21 days in cycling cows: activity up to ~2.8-fold for about 16 hours, temperature +0.3 °C;
//  - occasional fevers (one cow-day in 200, about two a cow a year: a sick herd's rate, so a ten-day demo
//    of 60 cows shows a few besides its stories): +1.0-2.4 °C for 8-40 hours, climbing over an hour, with
//    less activity and no drinking;
//  - the pre-calving fall of 0.5 °C over the 30 hours before a pregnant cow calves (around her due date, or
//    when her story says);
//  - sensor dropouts: now and then a sensor is silent for 30 minutes to 5 hours;
//  - what a cow's story says: a sensor silent for good from some time on, a bolus that sees no more drinks, a
//    fever given on purpose (a cow with a fever or a dry bolus has no random fever or dropout to blur it);
//  - GPS fixes (lat, lon) from the neck collars of cows that wear GPS, grazing in the model's area and moving
//    as much as their activity says (herd-positions.ts).
import type { SensorReading } from '@cowcare/contract/routes/ingest';
import { sensorKind } from '@cowcare/domain/sensor';
import { grazingFix, type Draw, type GrazingArea } from './herd-positions';

export const SLOT_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ESTRUS_CYCLE_MS = 21 * DAY_MS;

export interface SimulatedCow {
  sensorId: number;
  code: string;
  /** A cow in estrus detection: she comes into heat every 21 days. */
  cycling: boolean;
  /** Midnight of her last recorded heat, epoch ms: the cycle is counted from it. */
  lastEstrus: number | null;
  /** Midnight of her expected calving date, epoch ms (pregnant cows). */
  expectedCalving: number | null;
  /** Her bolus sees no drinks from then on (a cow off her water), epoch ms. */
  drinkingStoppedAt?: number | null;
  /** Her sensor reports nothing from then on (a flat battery, a lost bolus), epoch ms. */
  silentFrom?: number | null;
  /** When she calves, epoch ms, when her story says so; else she calves around her due date. */
  calvesAt?: number | null;
  /** Her neck collar has GPS: her readings carry her position (a bolus never does; nor without an area). */
  gps?: boolean;
}

/** A fever put on a sensor on purpose (demos, tests). */
export interface InjectedFever {
  sensorId: number;
  /** When it starts to climb, epoch ms. */
  from: number;
  hours: number;
  /** °C above her normal at its height, an hour after `from`. */
  rise: number;
}

export interface HerdModel {
  seed: number;
  cows: readonly SimulatedCow[];
  injectedFevers?: readonly InjectedFever[];
  /** The farm's clock for the daily rhythm (Korea: 9). */
  utcOffsetHours?: number;
  /** Where the cows with GPS graze (inside a paddock, so none of them breaches its fence). */
  grazingArea?: GrazingArea;
}

// Channels of the random source, so each kind of event draws its own numbers.
const enum Channel {
  Level = 1,
  Base,
  ActivityNoise,
  TemperatureNoise,
  EstrusHour,
  EstrusPhase,
  FeverChance,
  FeverStart,
  FeverLength,
  FeverRise,
  DropoutChance,
  DropoutStart,
  DropoutLength,
  DrinkCount,
  DrinkTime,
  DrinkDepth,
  CalvingShift,
  GrazingHome,
  GrazingHeading,
  GpsError,
}

/** A uniform number in [0, 1) from the key alone (murmur3's finaliser over the mixed key). */
export const keyedRandom = (seed: number, sensorId: number, index: number, channel: number): number => {
  let h =
    seed ^ Math.imul(sensorId, 0x9e3779b1) ^ Math.imul(index, 0x85ebca77) ^ Math.imul(channel, 0xc2b2ae3d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
};

const dayOf = (time: number) => Math.floor(time / DAY_MS);
/** 0 → 1 over `rise`, 1 → 0 over `fall` at the end of [start, end). */
const ramp = (time: number, start: number, end: number, rise: number, fall: number) =>
  Math.max(0, Math.min(1, (time - start) / rise, (end - time) / fall));

const activityRhythm = (localHour: number): number => {
  if (localHour < 4 || localHour >= 22) return 0.4;
  if ((localHour >= 5 && localHour < 7) || (localHour >= 16 && localHour < 18)) return 1.6;
  return 1;
};

/** How strongly she is in heat at `time`: 0 outside, up to 1 at the peak of a ~16-hour heat. */
const estrusStrength = (model: HerdModel, cow: SimulatedCow, time: number): number => {
  if (!cow.cycling) return 0;
  const phase = keyedRandom(model.seed, cow.sensorId, 0, Channel.EstrusPhase) * ESTRUS_CYCLE_MS;
  const hour = 14 + Math.floor(keyedRandom(model.seed, cow.sensorId, 0, Channel.EstrusHour) * 12);
  const anchor = (cow.lastEstrus ?? phase) + hour * HOUR_MS;
  const onset = anchor + Math.floor((time - anchor) / ESTRUS_CYCLE_MS) * ESTRUS_CYCLE_MS;
  return ramp(time, onset, onset + 16 * HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS);
};

/**
 * A cow given a fever or a dry bolus on purpose tells that story alone: no random fever of her own (it would
 * raise the average her injected fever is judged against) and no dropout (it would hide the story's notice:
 * a gap in a fever's hold, or too few readings to judge a day without drinks).
 */
const tellsAStory = (model: HerdModel, cow: SimulatedCow): boolean =>
  (cow.drinkingStoppedAt ?? null) !== null ||
  (model.injectedFevers ?? []).some((fever) => fever.sensorId === cow.sensorId);

/** A fever climbs to its height over an hour and falls back over two (fevers in the data do not jump). */
const FEVER_CLIMB_MS = HOUR_MS;
const FEVER_FALL_MS = 2 * HOUR_MS;

/** One cow-day in this many starts a random fever. At one in 40 the demo herd ran a fever epidemic. */
const FEVER_EVERY_COW_DAYS = 200;

/** °C of the random fevers at `time`: one cow-day in `FEVER_EVERY_COW_DAYS` starts one, of 8-40 hours. */
const randomFeverRise = (model: HerdModel, cow: SimulatedCow, time: number): number => {
  let rise = 0;
  for (let day = dayOf(time) - 2; day <= dayOf(time); day += 1) {
    if (keyedRandom(model.seed, cow.sensorId, day, Channel.FeverChance) >= 1 / FEVER_EVERY_COW_DAYS) continue;
    const start = day * DAY_MS + keyedRandom(model.seed, cow.sensorId, day, Channel.FeverStart) * DAY_MS;
    const end = start + (8 + keyedRandom(model.seed, cow.sensorId, day, Channel.FeverLength) * 32) * HOUR_MS;
    const height = 1 + keyedRandom(model.seed, cow.sensorId, day, Channel.FeverRise) * 1.4;
    rise = Math.max(rise, height * ramp(time, start, end, FEVER_CLIMB_MS, FEVER_FALL_MS));
  }
  return rise;
};

/** °C of fever at `time`: her injected fever if she has one, else the random ones. */
const feverRise = (model: HerdModel, cow: SimulatedCow, time: number): number => {
  if (!tellsAStory(model, cow)) return randomFeverRise(model, cow, time);
  let rise = 0;
  for (const fever of model.injectedFevers ?? []) {
    if (fever.sensorId !== cow.sensorId) continue;
    const end = fever.from + fever.hours * HOUR_MS;
    rise = Math.max(rise, fever.rise * ramp(time, fever.from, end, FEVER_CLIMB_MS, FEVER_FALL_MS));
  }
  return rise;
};

const droppedOut = (model: HerdModel, cow: SimulatedCow, time: number): boolean => {
  if (tellsAStory(model, cow)) return false;
  for (let day = dayOf(time) - 1; day <= dayOf(time); day += 1) {
    if (keyedRandom(model.seed, cow.sensorId, day, Channel.DropoutChance) >= 1 / 25) continue;
    const start = day * DAY_MS + keyedRandom(model.seed, cow.sensorId, day, Channel.DropoutStart) * DAY_MS;
    const length = (0.5 + keyedRandom(model.seed, cow.sensorId, day, Channel.DropoutLength) * 4.5) * HOUR_MS;
    if (time >= start && time < start + length) return true;
  }
  return false;
};

/** The rumen cooling of recent drinks at `time` (°C), and how many drinks started in this slot. */
const drinking = (
  model: HerdModel,
  cow: SimulatedCow,
  time: number,
): { cooling: number; started: number } => {
  let cooling = 0;
  let started = 0;
  for (let day = dayOf(time) - 1; day <= dayOf(time); day += 1) {
    const count = 7 + Math.floor(keyedRandom(model.seed, cow.sensorId, day, Channel.DrinkCount) * 5);
    for (let drink = 0; drink < count; drink += 1) {
      const index = day * 16 + drink;
      // One drink per stretch of the day, in the first half of it: drinks an hour or more apart, as cows
      // drink (and as a detector can tell them apart).
      const stretch = 144 / count;
      const slot = Math.floor(
        stretch * (drink + keyedRandom(model.seed, cow.sensorId, index, Channel.DrinkTime) * 0.5),
      );
      const start = day * DAY_MS + slot * SLOT_MS;
      const since = time - start;
      if (since < 0 || since >= HOUR_MS) continue;
      // A cow with a fever does not drink.
      if (feverRise(model, cow, start) > 0.5 || start >= (cow.drinkingStoppedAt ?? Infinity)) continue;
      if (since < SLOT_MS) started += 1;
      const depth = 1.2 + keyedRandom(model.seed, cow.sensorId, index, Channel.DrinkDepth) * 1.8;
      cooling = Math.max(cooling, depth * (1 - since / HOUR_MS));
    }
  }
  return { cooling, started };
};

/** When she calves: as her story says, else around her due date (± 2 days). */
const calvingTime = (model: HerdModel, cow: SimulatedCow): number | null => {
  if (cow.calvesAt !== null && cow.calvesAt !== undefined) return cow.calvesAt;
  if (cow.expectedCalving === null) return null;
  const shift = (keyedRandom(model.seed, cow.sensorId, 0, Channel.CalvingShift) - 0.5) * 4 * DAY_MS;
  return cow.expectedCalving + 6 * HOUR_MS + shift;
};

/** −0.5 °C over the 30 hours before she calves. */
const preCalvingFall = (model: HerdModel, cow: SimulatedCow, time: number): number => {
  const calving = calvingTime(model, cow);
  return calving !== null && time >= calving - 30 * HOUR_MS && time < calving ? -0.5 : 0;
};

/**
 * What she is going through at `time`, beside her ordinary days: a heat, a fever, the fall before calving, a
 * bolus without drinks, a silent sensor. Benches and tests use it to tell the cows "without a story".
 */
export const storyAt = (model: HerdModel, cow: SimulatedCow, time: number) => ({
  heat: estrusStrength(model, cow, time) > 0,
  fever: feverRise(model, cow, time) > 0,
  calving: preCalvingFall(model, cow, time) !== 0,
  dryBolus: time >= (cow.drinkingStoppedAt ?? Infinity),
  silent: time >= (cow.silentFrom ?? Infinity),
});

const round2 = (value: number) => Math.round(value * 100) / 100;

const localHourOf = (model: HerdModel, time: number) =>
  (((time / HOUR_MS + (model.utcOffsetHours ?? 9)) % 24) + 24) % 24;

/** Her activity in the slot starting at `time`, given how strongly she is in heat and her fever (°C). */
const activityOf = (model: HerdModel, cow: SimulatedCow, time: number, heat: number, fever: number) => {
  const level = 8 + keyedRandom(model.seed, cow.sensorId, 0, Channel.Level) * 6;
  const slot = Math.floor(time / SLOT_MS);
  const noise = 0.75 + keyedRandom(model.seed, cow.sensorId, slot, Channel.ActivityNoise) * 0.5;
  const rhythm = activityRhythm(localHourOf(model, time));
  return level * rhythm * noise * (1 + 1.8 * heat) * (fever > 0.5 ? 0.7 : 1);
};

const GPS_DRAWS = { home: Channel.GrazingHome, heading: Channel.GrazingHeading, error: Channel.GpsError };

/** Her GPS fix at `time` when her collar has GPS and the model an area to graze in. */
const gpsFixOf = (model: HerdModel, cow: SimulatedCow, time: number) => {
  const area = model.grazingArea;
  if (!cow.gps || !area || sensorKind(cow.sensorId) !== 'neck') return {};
  // The two axes of a draw are two cows' worth of keys apart, so they never share a number.
  const draw: Draw = (index, kind, axis) =>
    keyedRandom(model.seed, cow.sensorId + axis * 1_000_003, index, GPS_DRAWS[kind]);
  const activityAt = (slot: number) => {
    const at = slot * SLOT_MS;
    return activityOf(model, cow, at, estrusStrength(model, cow, at), feverRise(model, cow, at));
  };
  return grazingFix(area, Math.floor(time / SLOT_MS), draw, activityAt);
};

/** One cow's reading for the slot starting at `time`, or null when her sensor is silent then. */
export const readingOf = (model: HerdModel, cow: SimulatedCow, time: number): SensorReading | null => {
  if (time >= (cow.silentFrom ?? Infinity) || droppedOut(model, cow, time)) return null;
  const { seed } = model;
  const { sensorId } = cow;
  const slot = Math.floor(time / SLOT_MS);
  const localHour = localHourOf(model, time);
  const heat = estrusStrength(model, cow, time);
  const fever = feverRise(model, cow, time);
  const activity = activityOf(model, cow, time, heat, fever);

  const base = 38.6 + keyedRandom(seed, sensorId, 0, Channel.Base) * 0.5;
  const daily = 0.25 * Math.sin((2 * Math.PI * (localHour - 10)) / 24);
  const jitter = (keyedRandom(seed, sensorId, slot, Channel.TemperatureNoise) - 0.5) * 0.1;
  const bolus = sensorKind(sensorId) === 'pill';
  const drinks = bolus ? drinking(model, cow, time) : { cooling: 0, started: 0 };
  const temperature =
    base + daily + jitter + fever + 0.3 * heat + preCalvingFall(model, cow, time) - drinks.cooling;

  return {
    sensor: sensorId,
    num: slot,
    timedate: new Date(time).toISOString(),
    temp: round2(temperature),
    activity: round2(activity),
    ...(bolus ? { drink: drinks.started } : {}),
    ...gpsFixOf(model, cow, time),
  };
};

/** Every cow's reading for the slot starting at `time` (silent sensors left out). */
export const herdReadingsAt = (model: HerdModel, time: number): SensorReading[] =>
  model.cows.flatMap((cow) => {
    const reading = readingOf(model, cow, time);
    return reading ? [reading] : [];
  });
