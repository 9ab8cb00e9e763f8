import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import { TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS, temperatureLevelOf } from '@cowcare/domain/cow-filter';
import { SENSOR_OFFLINE_AFTER_MS } from '../src/ingest/sensor-state';
import { markSilentSensorsOffline } from '../src/jobs/sensor-offline-job';
import { detectCalvingAlerts } from '@cowcare/domain/calving-detection';
import { detectDrinkingEvents, withoutDrinking } from '@cowcare/domain/drinking-detection';
import { sensorKind } from '@cowcare/domain/sensor';
import { detectEstrusEpisodes } from '@cowcare/domain/estrus-detection';
import { runSeed } from '../src/seed/run-seed';
import { demoHerd } from '../src/simulator/demo-herd-cows';
import { DEMO_GRAZING_AREA, DEMO_PADDOCK } from '../src/seed/demo-pasture';
import { pointInPolygon, type TimedPosition } from '@cowcare/domain/geo-fence';
import { PADDOCK_BREACH_NOTICE } from '@cowcare/domain/notice-codes';
import { api } from '@cowcare/contract/api';
import type { HerdPosition } from '@cowcare/contract/routes/location';
import type { GrazingArea } from '../src/simulator/herd-positions';
import {
  herdReadingsAt,
  readingOf,
  SLOT_MS,
  storyAt,
  type HerdModel,
  type SimulatedCow,
} from '../src/simulator/herd-model';
import { createDemoSimulator } from '../src/simulator/start-simulator';
import { demoCowList, logInAsDemo } from './demo-fixtures';
import { detailsProblems } from './helpers/notice-details';
import { call, createTestApp, type TestApp } from './helpers/test-app';
import { DAY, eventually, HOUR, slots } from './notices-fixtures';

const START = Date.UTC(2026, 0, 1);
const quiet = { info: () => undefined, warn: () => undefined };

const cowOf = (overrides: Partial<SimulatedCow>): SimulatedCow => ({
  sensorId: 40_001,
  code: 'C1',
  cycling: false,
  lastEstrus: null,
  expectedCalving: null,
  ...overrides,
});

const series = (model: HerdModel, cow: SimulatedCow, from: number, to: number) =>
  slots(from, to).flatMap((time) => {
    const reading = readingOf(model, cow, time);
    return reading
      ? [
          {
            time,
            temperature: reading.temp ?? Number.NaN,
            activity: reading.activity ?? 0,
            drink: reading.drink,
          },
        ]
      : [];
  });

describe('the herd model', () => {
  it('is a function of seed, cow and time: the same reading every time, another herd with another seed', () => {
    const cow = cowOf({});
    const model = { seed: 7, cows: [cow] };
    const time = START + 5 * DAY + 13 * HOUR;
    expect(readingOf(model, cow, time)).toEqual(readingOf(model, cow, time));
    expect(readingOf(model, cow, time)).toMatchObject({
      sensor: 40_001,
      num: time / SLOT_MS,
      timedate: new Date(time).toISOString(),
    });
    const days = slots(START, START + 2 * DAY);
    const temperatures = (seed: number) =>
      days.map((slot) => readingOf({ seed, cows: [cow] }, cow, slot)?.temp);
    expect(temperatures(7)).not.toEqual(temperatures(8));
  });

  it('brings a cycling cow into heat every 21 days, and the estrus detector finds each heat', () => {
    const cow = cowOf({ cycling: true, lastEstrus: START });
    const model = { seed: 11, cows: [cow] };
    const readings = series(model, cow, START, START + 70 * DAY);
    const episodes = detectEstrusEpisodes(readings.map(({ time, activity }) => ({ time, activity })));
    const heats = episodes
      .filter((episode) => episode.confidence === 'detected')
      .map((episode) => episode.onset);
    // Her recorded heat on day 0 (found with the following days as its baseline), then days 21, 42 and 63.
    expect(heats.map((onset) => Math.floor((onset - START) / DAY))).toEqual([0, 21, 42, 63]);
    for (let index = 1; index < heats.length; index += 1) {
      expect(Math.abs((heats[index] ?? 0) - (heats[index - 1] ?? 0) - 21 * DAY)).toBeLessThanOrEqual(
        3 * HOUR,
      );
    }
  });

  it('gives a bolus about nine drinks a day and a neck collar none', () => {
    const pill = cowOf({ sensorId: 20_001 });
    const model = { seed: 3, cows: [pill] };
    const readings = series(model, pill, START, START + 10 * DAY);
    const drinks = readings.reduce((sum, reading) => sum + (reading.drink ?? 0), 0);
    expect(drinks / 10).toBeGreaterThanOrEqual(7);
    expect(drinks / 10).toBeLessThanOrEqual(11);
    const events = detectDrinkingEvents(readings.map(({ time, temperature }) => ({ time, temperature })));
    expect(events.length).toBeGreaterThanOrEqual(drinks * 0.9);
    expect(events.length).toBeLessThanOrEqual(drinks);
    const neck = cowOf({});
    expect(readingOf({ seed: 3, cows: [neck] }, neck, START)).not.toHaveProperty('drink');
  });

  it('lets a fever climb over an hour to its height and fall back over two, never jump', () => {
    const cow = cowOf({});
    const from = START + 3 * DAY + 9 * HOUR;
    const sick = {
      seed: 5,
      cows: [cow],
      injectedFevers: [{ sensorId: cow.sensorId, from, hours: 8, rise: 2 }],
    };
    const well = { seed: 5, cows: [cow] };
    const feverAt = (time: number) =>
      (readingOf(sick, cow, time)?.temp ?? Number.NaN) - (readingOf(well, cow, time)?.temp ?? Number.NaN);
    const steps = slots(from - HOUR, from + 11 * HOUR).map(feverAt);
    expect(Math.max(...steps)).toBeCloseTo(2, 1);
    for (let index = 1; index < steps.length; index += 1) {
      expect(Math.abs((steps[index] ?? 0) - (steps[index - 1] ?? 0))).toBeLessThanOrEqual(2 / 6 + 0.01);
    }
    expect(feverAt(from + 30 * 60_000)).toBeCloseTo(1, 1);
    expect(feverAt(from + 7 * HOUR)).toBeCloseTo(1, 1);
  });

  it("shows a pregnant cow's pre-calving fall, which the calving detector turns into one alert", () => {
    const expectedCalving = START + 20 * DAY;
    const cow = cowOf({ expectedCalving });
    const readings = series({ seed: 5, cows: [cow] }, cow, START, START + 25 * DAY);
    const alerts = detectCalvingAlerts(
      readings.map(({ time, temperature }) => ({ time, temperature })),
      { expectedCalving },
    );
    expect(alerts).toHaveLength(1);
    expect(Math.abs((alerts[0]?.at ?? 0) - expectedCalving)).toBeLessThan(3 * DAY);
  });

  it('leaves out the readings of a silent sensor now and then', () => {
    const cow = cowOf({});
    const model = { seed: 1, cows: [cow] };
    const times = slots(START, START + 60 * DAY);
    const silent = times.filter((time) => herdReadingsAt(model, time).length === 0).length;
    expect(silent).toBeGreaterThan(0);
    expect(silent / times.length).toBeLessThan(0.05);
  });

  it('reads the demo farm from the seed plan: sensor-wearing, not culled, cycling cows in estrus detection', () => {
    const { cows } = demoHerd(new Date());
    expect(cows.length).toBeGreaterThan(40);
    expect(new Set(cows.map((cow) => cow.sensorId)).size).toBe(cows.length);
    expect(cows.some((cow) => cow.cycling)).toBe(true);
    expect(cows.some((cow) => cow.expectedCalving !== null)).toBe(true);
  });

  it("tells the cows' stories: fevers going on now, a bolus without drinks, sensors gone silent", () => {
    const now = Date.UTC(2026, 5, 1, 13);
    const { cows, fevers } = demoHerd(new Date(now));
    expect(fevers.length).toBeGreaterThanOrEqual(3);
    // One after another, as a herd falls ill, not all in the same ten minutes.
    expect(new Set(fevers.map((fever) => fever.from)).size).toBe(fevers.length);
    for (const fever of fevers) {
      expect(fever.from).toBeLessThan(now - 2 * HOUR);
      expect(fever.from + fever.hours * HOUR).toBeGreaterThan(now + 12 * HOUR);
    }
    const silent = cows.filter((cow) => cow.silentFrom !== null && cow.silentFrom !== undefined);
    expect(silent.length).toBeGreaterThanOrEqual(3);
    for (const cow of silent) {
      const model = { seed: 1, cows: [cow] };
      expect(readingOf(model, cow, now - 31 * HOUR)).not.toBeNull();
      expect(readingOf(model, cow, now)).toBeNull();
    }
    const dry = cows.find((cow) => cow.drinkingStoppedAt !== null && cow.drinkingStoppedAt !== undefined);
    if (!dry) throw new Error('no cow off her water');
    const drinks = series({ seed: 1, cows: [dry] }, dry, now - 3 * DAY, now);
    const drinksIn = (from: number, to: number) =>
      drinks
        .filter((reading) => reading.time >= from && reading.time < to)
        .reduce((sum, r) => sum + (r.drink ?? 0), 0);
    expect(drinksIn(now - 3 * DAY, now - 2 * DAY)).toBeGreaterThanOrEqual(7);
    expect(drinksIn(now - 20 * HOUR, now)).toBe(0);
  });

  it('has a cow due tomorrow calve tonight, her calving alert raised hours before the demo opens', () => {
    const now = Date.UTC(2026, 5, 1, 13);
    const { cows } = demoHerd(new Date(now));
    const due = cows.filter((cow) => cow.calvesAt !== null && cow.calvesAt !== undefined);
    expect(due).toHaveLength(1);
    const [cow] = due;
    if (!cow?.calvesAt || cow.expectedCalving === null) throw new Error('no cow calving tonight');
    expect(cow.calvesAt - now).toBeGreaterThan(6 * HOUR);
    expect(cow.calvesAt - now).toBeLessThan(14 * HOUR);
    expect(cow.expectedCalving).toBe(Date.UTC(2026, 5, 2));
    const readings = series({ seed: 1, cows: [cow] }, cow, now - 12 * DAY, now);
    const alerts = detectCalvingAlerts(
      readings.map(({ time, temperature }) => ({ time, temperature })),
      { expectedCalving: cow.expectedCalving },
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.at).toBeLessThan(now - 2 * HOUR);
  });
});

/** A cow's GPS fixes over [from, to), and how far she went in each 10 minutes against her activity then. */
const walk = (model: HerdModel, cow: SimulatedCow, from: number, to: number) => {
  const fixes: TimedPosition[] = [];
  const steps: { metres: number; activity: number; time: number }[] = [];
  for (const time of slots(from, to)) {
    const reading = readingOf(model, cow, time);
    if (reading?.lat === undefined || reading.lon === undefined) continue;
    const fix = { lat: reading.lat, lon: reading.lon, at: time };
    const last = fixes.at(-1);
    if (last && last.at === time - SLOT_MS) {
      const north = (fix.lat - last.lat) * 111_320;
      const east = (fix.lon - last.lon) * 111_320 * Math.cos((fix.lat * Math.PI) / 180);
      steps.push({ metres: Math.hypot(north, east), activity: reading.activity ?? 0, time });
    }
    fixes.push(fix);
  }
  return { fixes, steps };
};

const meanMetres = (steps: readonly { metres: number }[]) =>
  steps.reduce((sum, step) => sum + step.metres, 0) / steps.length;

describe('GPS collars in the herd model', () => {
  const area: GrazingArea = { south: 37.0, north: 37.002, west: 127.0, east: 127.003 };
  const inArea = (fix: TimedPosition) =>
    fix.lat >= area.south && fix.lat <= area.north && fix.lon >= area.west && fix.lon <= area.east;

  it('gives a GPS collar a position in every reading, inside the grazing area, and nothing else changes', () => {
    const plain = cowOf({ cycling: true, lastEstrus: START });
    const withGps = { ...plain, gps: true };
    const model: HerdModel = { seed: 11, cows: [withGps], grazingArea: area };
    const { fixes } = walk(model, withGps, START, START + 10 * DAY);
    const readings = slots(START, START + 10 * DAY).flatMap((time) => readingOf(model, withGps, time) ?? []);
    expect(fixes).toHaveLength(readings.length);
    expect(fixes.filter((fix) => !inArea(fix))).toEqual([]);
    // The same fix however often it is asked for (a replay and the live stream agree), and the rest of
    // the reading is the reading of the same cow without GPS.
    const time = START + 3 * DAY + 7 * HOUR;
    expect(readingOf(model, withGps, time)).toEqual(readingOf(model, withGps, time));
    const { lat, lon, ...rest } = readingOf(model, withGps, time) ?? {};
    expect([lat, lon].every((value) => typeof value === 'number')).toBe(true);
    expect(rest).toEqual(readingOf({ seed: 11, cows: [plain] }, plain, time));
  });

  it('moves her more when she is more active: in heat more than on ordinary days, at night least', () => {
    const cow = cowOf({ cycling: true, lastEstrus: START, gps: true });
    const model: HerdModel = { seed: 5, cows: [cow], grazingArea: area };
    const { steps } = walk(model, cow, START, START + 42 * DAY);
    const inHeat = steps.filter((step) => storyAt(model, cow, step.time).heat);
    const ordinary = steps.filter((step) => !storyAt(model, cow, step.time).heat);
    expect(inHeat.length).toBeGreaterThan(20);
    expect(meanMetres(inHeat)).toBeGreaterThan(1.5 * meanMetres(ordinary));
    const byActivity = [...ordinary].sort((a, b) => a.activity - b.activity);
    const quarter = Math.floor(byActivity.length / 4);
    expect(meanMetres(byActivity.slice(-quarter))).toBeGreaterThan(
      2 * meanMetres(byActivity.slice(0, quarter)),
    );
  });

  it('gives no position to a bolus, to a collar without GPS, or without a grazing area', () => {
    const time = START + DAY;
    const bolus = cowOf({ sensorId: 20_001, gps: true });
    const collar = cowOf({});
    const gpsCollar = cowOf({ gps: true });
    const withArea: HerdModel = { seed: 3, cows: [bolus, collar], grazingArea: area };
    expect(readingOf(withArea, bolus, time)).not.toHaveProperty('lat');
    expect(readingOf(withArea, collar, time)).not.toHaveProperty('lat');
    expect(readingOf({ seed: 3, cows: [gpsCollar] }, gpsCollar, time)).not.toHaveProperty('lat');
  });

  it("gives a third of the demo herd's neck collars GPS, grazing ten days inside the demo paddock", () => {
    const now = Date.UTC(2026, 5, 1, 12);
    const herd = demoHerd(new Date(now));
    const model: HerdModel = {
      seed: 20_250_601,
      cows: herd.cows,
      injectedFevers: herd.fevers,
      grazingArea: DEMO_GRAZING_AREA,
    };
    const collars = herd.cows.filter((cow) => cow.sensorId >= 40_000);
    const gps = collars.filter((cow) => cow.gps);
    expect(gps.length).toBe(Math.round(collars.length / 3));
    expect(herd.cows.filter((cow) => cow.gps && cow.sensorId < 40_000)).toEqual([]);
    for (const cow of gps) {
      const { fixes } = walk(model, cow, now - 10 * DAY, now);
      expect(fixes.length, cow.code).toBeGreaterThan(0);
      const outside = fixes.filter((fix) => !pointInPolygon(fix, DEMO_PADDOCK.boundary));
      expect(outside, cow.code).toEqual([]);
    }
  });
});

describe('the simulator against the embedded broker', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await runSeed(testApp.db, { demo: true });
  });
  afterAll(() => testApp.close());

  it('stores the demo cows’ readings through MQTT, and an injected fever becomes a notice', async () => {
    // A fixed moment in the past keeps the run deterministic (dropouts, drinks and heats are drawn by time).
    const now = Date.UTC(2026, 5, 1, 12);
    const herd = demoHerd(new Date(now));
    const cows = herd.cows.slice(0, 4);
    const sick = cows[0]!;
    const options = {
      mqttUrl: `mqtt://127.0.0.1:${testApp.services.mqtt?.port ?? 0}`,
      topicRoot: testApp.services.config.mqttTopicRoot,
      days: 2,
      speed: 0,
      until: now,
      limit: 4,
      injectedFevers: [{ sensorId: sick.sensorId, from: now - 8 * HOUR, hours: 6, rise: 2.2 }],
      now: () => now,
      log: quiet,
    };
    const simulator = createDemoSimulator(options);
    await simulator.start();
    await simulator.finished();
    await simulator.stop();

    const model: HerdModel = {
      seed: 20_250_601,
      cows,
      injectedFevers: [...herd.fevers, ...options.injectedFevers],
    };
    const sent = slots(now - 2 * DAY, now + SLOT_MS).flatMap((time) => herdReadingsAt(model, time));
    expect(simulator.readingsPublished).toBe(sent.length);
    const stored = await testApp.db.query<{ sensor: number; count: number }>(
      `SELECT sensor_id AS sensor, count(*)::int AS count FROM sensor_readings
        WHERE sensor_id = ANY($1::int[]) AND cow_id IS NOT NULL GROUP BY sensor_id ORDER BY sensor_id`,
      [cows.map((cow) => cow.sensorId)],
    );
    expect(stored).toEqual(
      [...cows]
        .sort((a, b) => a.sensorId - b.sensorId)
        .map((cow) => ({
          sensor: cow.sensorId,
          count: sent.filter((reading) => reading.sensor === cow.sensorId).length,
        })),
    );

    // The seed planted no values: each cow shows her newest simulated reading, a bolus her newest outside a
    // drink (the simulated drinks are cold: the newest bolus reading here is one).
    const temperaturesOf = (sensor: number) =>
      sent.flatMap((reading) =>
        reading.sensor === sensor && reading.temp !== undefined
          ? [{ time: Date.parse(reading.timedate), temperature: reading.temp }]
          : [],
      );
    const newest = (sensor: number) => {
      const temperatures = temperaturesOf(sensor);
      const body =
        sensorKind(sensor) === 'pill'
          ? withoutDrinking(temperatures, detectDrinkingEvents(temperatures))
          : temperatures;
      return body.at(-1)?.temperature;
    };
    const expected = [...cows]
      .sort((a, b) => a.sensorId - b.sensorId)
      .map(({ sensorId }) => ({ sensor: sensorId, temperature: newest(sensorId) }));
    const inADrink = expected.filter(
      ({ sensor, temperature }) => temperaturesOf(sensor).at(-1)?.temperature !== temperature,
    );
    expect(inADrink.length).toBeGreaterThan(0);
    const currentTemperatures = () =>
      testApp.db.query<{ sensor: number; temperature: number }>(
        `SELECT sensor_id AS sensor, current_temperature::float8 AS temperature FROM cows
          WHERE sensor_id = ANY($1::int[]) AND culled_at IS NULL ORDER BY sensor_id`,
        [cows.map((cow) => cow.sensorId)],
      );
    // A bolus's is written by the detection stage, just after the ingest.
    await eventually(async () =>
      JSON.stringify(await currentTemperatures()) === JSON.stringify(expected) ? true : undefined,
    ).catch(() => undefined);
    expect(await currentTemperatures()).toEqual(expected);

    // A 2.2 °C fever is severe at its height (deviation 1.75): the episode's notices end with 203.
    const fever = await eventually(async () => {
      const rows = await testApp.db.query<{ code: number; occurredAt: string }>(
        `SELECT code, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "occurredAt"
           FROM notices WHERE sensor_id = $1 AND code BETWEEN 201 AND 203 AND occurred_at >= $2
          ORDER BY occurred_at`,
        [sick.sensorId, new Date(now - 8 * HOUR).toISOString()],
      );
      return rows.at(-1)?.code === 203 ? rows : undefined;
    });
    // It climbs over its first hour; a band then holds 2 hours (110 minutes of 10-minute readings).
    const raised = Date.parse(fever[0]?.occurredAt ?? '') - (now - 8 * HOUR);
    expect(raised).toBeGreaterThanOrEqual(110 * 60_000);
    expect(raised).toBeLessThanOrEqual(HOUR + 110 * 60_000);
  });
});

describe('the demo farm after a replay of its herd', () => {
  let testApp: TestApp;
  let token: string;
  const now = Date.now();
  const herd = demoHerd(new Date(now));

  const cowList = () => demoCowList(testApp, token);
  /** The list once detection has worked through the replay (it writes the averages): the same twice running. */
  const settledCowList = () => {
    let previous = '';
    return eventually(async () => {
      const cows = await cowList();
      const current = JSON.stringify(cows);
      const settled = current === previous;
      previous = current;
      if (!settled) await new Promise((resolve) => setTimeout(resolve, 500));
      return settled ? cows : undefined;
    }, 60_000);
  };

  /** The cows still in the herd: a culled cow's collar may be worn again, and its readings are the new cow's. */
  const herdCows = async () => (await settledCowList()).filter((cow) => cow.status !== '도태');
  /**
   * The stories' severe fevers: their deviation (rise less her offset) is severe whatever the hour. A milder
   * story may show a band lower, or raise no notice, in a cow whose own fever of the days before lifted her
   * average.
   */
  const severeFevers = (bySensor: ReadonlyMap<number | null, Cow>) =>
    herd.fevers.filter((fever) => {
      const offset = bySensor.get(fever.sensorId)?.tempadd ?? DEFAULT_TEMPERATURE_OFFSET_CELSIUS;
      return fever.rise - offset >= TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.severe;
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    await runSeed(testApp.db, { demo: true });
    token = await logInAsDemo(testApp);
    const simulator = createDemoSimulator({
      mqttUrl: `mqtt://127.0.0.1:${testApp.services.mqtt?.port ?? 0}`,
      topicRoot: testApp.services.config.mqttTopicRoot,
      days: 5,
      until: now,
      now: () => now,
      log: quiet,
    });
    await simulator.start();
    await simulator.finished();
    await simulator.stop();
  }, 120_000);
  afterAll(() => testApp.close());

  it("shows the stories' severe fevers in the cow list, and the silent sensors offline once the job has run", async () => {
    const bySensor = new Map((await herdCows()).map((cow) => [cow.sensor, cow]));
    const severe = severeFevers(bySensor);
    expect(severe.length).toBeGreaterThan(0);
    for (const fever of severe) {
      expect(temperatureLevelOf(bySensor.get(fever.sensorId)?.fever ?? 0)).toBe('severe');
    }

    await markSilentSensorsOffline(testApp.db, testApp.services.bus, new Date(now));
    const listed = await cowList();
    const wearing = listed.filter((cow) => cow.sensor !== null && cow.status !== '도태');
    // Offline: no reading for the three intervals before now (the stories' silent sensors, and any sensor
    // the simulation has in one of its short dropouts just then).
    const silentFor30Minutes = (cow: Cow) =>
      cow.lastReadingAt === null || Date.parse(cow.lastReadingAt) <= now - SENSOR_OFFLINE_AFTER_MS;
    for (const cow of wearing) expect(cow.sensorzt, cow.code).toBe(silentFor30Minutes(cow) ? 0 : 1);
    const offline = new Set(wearing.filter((cow) => cow.sensorzt === 0).map((cow) => cow.sensor));
    const silent = herd.cows.filter((cow) => cow.silentFrom).map((cow) => cow.sensorId);
    expect(silent.length).toBeGreaterThan(0);
    for (const sensor of silent) expect(offline.has(sensor), String(sensor)).toBe(true);
  });

  it('raises a fever notice for each severe fever and a no-drinking notice for the bolus off her water', async () => {
    const bySensor = new Map((await herdCows()).map((cow) => [cow.sensor, cow]));
    const raised = await testApp.db.query<{ sensor: number; code: number }>(
      'SELECT DISTINCT sensor_id AS sensor, code FROM notices WHERE code BETWEEN 201 AND 203 OR code = 402',
    );
    for (const fever of severeFevers(bySensor)) {
      expect(raised).toContainEqual({ sensor: fever.sensorId, code: 203 });
    }
    const dry = herd.cows.find((cow) => cow.drinkingStoppedAt);
    expect(raised).toContainEqual({ sensor: dry?.sensorId, code: 402 });
  });

  it("stores each notice's values under the names and types the contract gives its code", async () => {
    await settledCowList();
    const notices = await testApp.db.query<{ code: number; details: unknown }>(
      'SELECT code, details FROM notices ORDER BY id',
    );
    const codes = new Set(notices.map((notice) => notice.code));
    for (const code of [101, 102, 203, 402, 501]) expect(codes, `a ${code} in the demo`).toContain(code);
    for (const notice of notices) {
      expect(detailsProblems(notice), JSON.stringify(notice)).toEqual([]);
    }
  });

  it('shows the GPS cows grazing in the paddock on the herd map beside cows placed by hand, and no fence notice', async () => {
    const response = await call(testApp, api.location.herdPositions, { token });
    const onMap = response.json<{ data: HerdPosition[] }>().data;
    const gps = onMap.filter((cow) => cow.position.source === 'gps');
    const withGps = herd.cows.filter((cow) => cow.gps && (cow.silentFrom ?? Infinity) > now - 5 * DAY);
    expect(gps.map((cow) => cow.code).sort()).toEqual(withGps.map((cow) => cow.code).sort());
    for (const cow of gps) expect(pointInPolygon(cow.position, DEMO_PADDOCK.boundary), cow.code).toBe(true);
    expect(onMap.filter((cow) => cow.position.source === 'pen').length).toBeGreaterThan(gps.length);
    const fence = await testApp.db.query('SELECT 1 FROM notices WHERE code = $1', [PADDOCK_BREACH_NOTICE]);
    expect(fence).toEqual([]);
  });

  it('raises the calving alert for the cow that calves tonight, and for no other cow', async () => {
    await settledCowList();
    const calving = await testApp.db.query<{ sensor: number }>(
      'SELECT DISTINCT sensor_id AS sensor FROM notices WHERE code = 501',
    );
    const tonight = herd.cows.find((cow) => cow.calvesAt)?.sensorId;
    expect(calving).toEqual([{ sensor: tonight }]);
  });
});
