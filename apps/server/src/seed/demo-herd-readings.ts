// Sensors and current readings of the demo herd. The values are chosen per filter band (spec §5), so every
// option of the cow list's temperature and activity filters has cows to show.
import { daysBetween } from '@cowcare/domain/calendar-date';
import type { ActivityLevel, TemperatureLevel } from '@cowcare/domain/cow-filter';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import type { CowStory, DemoCow } from './demo-cow-story';
import { daysAgo, int, pick, planHerdStories, type HerdContext, type HerdPlanInput } from './demo-herd-plan';

// Mostly normal cows, with every band recurring; the two cycles have coprime lengths so they mix.
const TEMPERATURE_CYCLE: readonly TemperatureLevel[] = [
  'normal',
  'slight',
  'normal',
  'low',
  'moderate',
  'normal',
  'severe',
  'normal',
  'slight',
  'low',
  'normal',
  'moderate',
];
const ACTIVITY_CYCLE: readonly ActivityLevel[] = [
  'normal',
  'low',
  'normal',
  'high',
  'normal',
  'high',
  'normal',
];

/** Deviations in °C well inside each band, so rounding can never move a cow across a band edge. */
const TEMPERATURE_DEVIATIONS: Readonly<Record<TemperatureLevel, readonly number[]>> = {
  low: [-0.85, -0.6, -0.35, -0.15],
  normal: [0.05, 0.15, 0.25, 0.35, 0.45],
  slight: [0.55, 0.65, 0.75, 0.85, 0.95],
  moderate: [1.05, 1.15, 1.25, 1.35, 1.45],
  severe: [1.55, 1.75, 1.95, 2.25],
};
const ACTIVITY_PERCENTS: Readonly<Record<ActivityLevel, readonly number[]>> = {
  low: [-45, -30, -18, -8],
  normal: [1, 3, 5, 7, 9],
  high: [15, 25, 40, 65, 90],
};

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
const later = (a: string, b: string): string => (daysBetween(a, b) > 0 ? b : a);

interface Bands {
  temperature: TemperatureLevel;
  activity: ActivityLevel;
}

const handOutSensors = (context: HerdContext, active: CowStory[], culled: CowStory[]): CowStory[] => {
  let neck = 40_100;
  let pill = 20_100;
  const wearing = active.filter((cow) => !context.withoutSensor.has(cow.cow.code));
  wearing.forEach((cow, index) => {
    cow.cow.sensorId = index % 3 === 2 ? (pill += 1) : (neck += 1);
  });
  // The first culled cow's collar was put on another cow after the cull; the second kept its own.
  const [first, second] = culled;
  if (first) first.cow.sensorId = wearing[4]?.cow.sensorId ?? null;
  if (second) second.cow.sensorId = neck + 1;
  return wearing;
};

const bandsOf = (context: HerdContext, cow: CowStory, index: number): Bands => {
  const lastEstrus = cow.cow.lastEstrusDate;
  const inHeat =
    cow.currentStatus === 'estrusDetection' &&
    lastEstrus !== null &&
    daysBetween(lastEstrus, context.today) <= 1;
  return {
    temperature: TEMPERATURE_CYCLE[index % TEMPERATURE_CYCLE.length] ?? 'normal',
    // A cow in heat walks a lot: that is how the collar detects estrus.
    activity: inHeat ? 'high' : (ACTIVITY_CYCLE[index % ACTIVITY_CYCLE.length] ?? 'normal'),
  };
};

const readingsFor = (context: HerdContext, cow: DemoCow, bands: Bands, index: number, now: Date): void => {
  const offset = index % 11 === 3 ? 0.3 : index % 13 === 7 ? 0.6 : null;
  const averageTemperature = round(38.45 + context.random() * 0.5, 2);
  const deviation = pick(context, TEMPERATURE_DEVIATIONS[bands.temperature]);
  const averageActivity = round(8 + context.random() * 6, 2);
  const percent = pick(context, ACTIVITY_PERCENTS[bands.activity]);
  const averageDrink = round(6 + context.random() * 4, 1);
  const lowDrinking = index % 10 === 4;
  const offline = index % 9 === 4;
  const minutesAgo = offline ? int(context, 3, 30) * 60 : int(context, 1, 9);
  cow.temperatureOffset = offset;
  cow.sensorOnline = !offline;
  cow.isRead = bands.temperature !== 'severe';
  cow.readings = {
    averageTemperature,
    currentTemperature: round(
      averageTemperature + (offset ?? DEFAULT_TEMPERATURE_OFFSET_CELSIUS) + deviation,
      2,
    ),
    averageActivity,
    currentActivity: round(averageActivity * (1 + percent / 100), 2),
    averageDrink,
    currentDrink: lowDrinking
      ? round(averageDrink * 0.3, 1)
      : round(averageDrink + context.random() * 3 - 1.5, 1),
    lastReadingAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
  };
};

const FEVER_CASES = [
  { diagnosis: { diseaseCode: 'mastitis' }, prescription: 'Cefalexin intramammary, 3 days' },
  { diagnosis: { diseaseCode: 'pneumonia' }, prescription: 'Oxytetracycline 20 mg/kg' },
  { diagnosis: { diseaseCode: null, text: 'Fever of unknown cause, under observation' }, prescription: '' },
] as const;

/** Health cases where the readings call for one: fevers, a lame cow, a cow that stopped drinking. */
const healthCasesFor = (
  context: HerdContext,
  wearing: readonly { story: CowStory; bands: Bands }[],
): void => {
  const treated = new Set<CowStory>();
  const first = (matches: (cow: { story: CowStory; bands: Bands }, index: number) => boolean) => {
    const found = wearing.find((cow, index) => !treated.has(cow.story) && matches(cow, index))?.story;
    if (found) treated.add(found);
    return found;
  };
  const notBeforeCreation = (cow: CowStory, date: string) => later(date, cow.cow.createdAt.slice(0, 10));
  for (const healthCase of FEVER_CASES) {
    const cow = first(({ bands }) => bands.temperature === 'moderate' || bands.temperature === 'severe');
    cow?.health(notBeforeCreation(cow, context.today), healthCase.diagnosis, healthCase.prescription);
  }
  const lame = first(({ bands }) => bands.activity === 'low' && bands.temperature === 'normal');
  lame?.health(
    notBeforeCreation(lame, daysAgo(context, 2)),
    { diseaseCode: 'lameness' },
    'Meloxicam 0.5 mg/kg',
  );
  const dry = first((_cow, index) => index % 10 === 4);
  dry?.health(
    notBeforeCreation(dry, daysAgo(context, 1)),
    { diseaseCode: 'ruminal-impaction' },
    'Magnesium oxide 500 g, oral',
  );
  const heifer = first(({ story }) => story.cow.parity === 0 && story.currentStatus === 'estrusDetection');
  heifer?.health(
    notBeforeCreation(heifer, daysAgo(context, 30)),
    { diseaseCode: null, text: 'Eye infection (pinkeye)' },
    'Oxytetracycline eye ointment',
  );
};

/**
 * The whole demo herd: the stories of demo-herd-plan with sensors handed out (neck and pill, a few cows
 * without), readings in every filter band, and the health cases those readings call for.
 */
export const planDemoHerd = (input: HerdPlanInput): DemoCow[] => {
  const { context, culled } = planHerdStories(input);
  const active = context.stories.filter((cow) => !culled.includes(cow));
  const wearing = handOutSensors(context, active, culled).map((story, index) => {
    const bands = bandsOf(context, story, index);
    readingsFor(context, story.cow, bands, index, input.now);
    return { story, bands };
  });
  healthCasesFor(context, wearing);
  return context.stories.map((story) => story.cow);
};
