// Sensors of the demo herd and what they are to show. The seed writes no sensor values: the simulator sends
// the herd's readings through the ingest (demo-herd-cows.ts), and these stories only say which cows have a
// fever now (in each fever band of spec §5, matching the health cases below), whose bolus sees no drinks,
// whose sensor went silent, and who calves tonight.
import { daysBetween } from '@cowcare/domain/calendar-date';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import { sensorKind } from '@cowcare/domain/sensor';
import type { CowStory, DemoCow } from './demo-cow-story';
import { daysAgo, int, pick, planHerdStories, type HerdContext, type HerdPlanInput } from './demo-herd-plan';

type FeverBand = 'slight' | 'moderate' | 'severe';

/**
 * Of every sixty cows wearing a sensor, one has a fever in each band: three in the demo herd. One in twenty in
 * each band made nine at once, six of them at 41-42 °C, which reads as an outbreak, not as a farm's week.
 */
const FEVER_CYCLE = 60;
const FEVER_AT: Readonly<Partial<Record<number, FeverBand>>> = { 3: 'slight', 15: 'moderate', 27: 'severe' };
/** Whose story is a lame cow's (one in seven, of the cows without a fever: the first such gets the case). */
const LAME_CYCLE = 7;
const LAME_AT = 1;
/** Whose bolus stopped seeing drinks a day ago (a cow off her water), and whose sensor went silent. */
const DRY_CYCLE = 10;
const DRY_AT = 4;
const SILENT_CYCLE = 9;
const SILENT_AT = 4;

/**
 * Deviations in °C (current − (average + offset), spec §5) in each band. What the list shows moves with her
 * daily rhythm (±0.25 °C) and with the fever's own share of her average, so a slight or moderate story may
 * show in the next band; a severe one stays severe.
 */
const FEVER_DEVIATIONS: Readonly<Record<FeverBand, readonly number[]>> = {
  slight: [0.65, 0.75, 0.85],
  moderate: [1.15, 1.25, 1.35],
  severe: [2.0, 2.2, 2.4],
};
const HOUR_MS = 3_600_000;
const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
const later = (a: string, b: string): string => (daysBetween(a, b) > 0 ? b : a);
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
const hoursAfter = (now: Date, hours: number) => hoursBefore(now, -hours);

interface SensorPlan {
  fever: FeverBand | null;
  /** A bolus off her water. */
  dry: boolean;
  silent: boolean;
  lame: boolean;
  /** A pregnant cow due tomorrow: she calves tonight, and her temperature has been falling since yesterday. */
  calvesTonight: boolean;
}

/**
 * Hours from the seeding to the due cow's calving. The 30-hour fall before it began 20 hours earlier, so
 * the calving alert (501) has been raised and stands as the demo opens.
 */
const CALVES_IN_HOURS = 10;

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

const sensorStoryFor = (context: HerdContext, cow: DemoCow, plan: SensorPlan, now: Date): void => {
  // No cow of the demo has a tempadd of her own. Her average is already her usual temperature (decision 0013),
  // so an offset on a healthy cow only moves her reading down by that much: the 0.3 and 0.6 given to one cow
  // in nine put ten healthy cows in "Low" at the hours their day's swing is lowest (the evening, UTC).
  cow.temperatureOffset = null;
  // The rise over her own normal (which her average follows) that puts her deviation in the band.
  const rise =
    plan.fever === null
      ? null
      : round(pick(context, FEVER_DEVIATIONS[plan.fever]) + DEFAULT_TEMPERATURE_OFFSET_CELSIUS, 2);
  cow.sensorStory = {
    feverRise: rise,
    drinkingStoppedSince: plan.dry ? hoursBefore(now, 20) : null,
    silentSince: plan.silent ? hoursBefore(now, int(context, 3, 30)) : null,
    calvesAt: plan.calvesTonight ? hoursAfter(now, CALVES_IN_HOURS) : null,
  };
};

/** The case each fever band's cow has: a slight fever is only watched. */
const FEVER_CASES = [
  {
    band: 'moderate',
    diagnosis: { diseaseCode: 'mastitis' },
    prescription: 'Cefalexin intramammary, 3 days',
  },
  { band: 'severe', diagnosis: { diseaseCode: 'pneumonia' }, prescription: 'Oxytetracycline 20 mg/kg' },
  {
    band: 'slight',
    diagnosis: { diseaseCode: null, text: 'Fever of unknown cause, under observation' },
    prescription: '',
  },
] as const;

/** Health cases where the sensors' stories call for one: fevers, a lame cow, a cow that stopped drinking. */
const healthCasesFor = (
  context: HerdContext,
  wearing: readonly { story: CowStory; plan: SensorPlan }[],
): void => {
  const treated = new Set<CowStory>();
  const first = (matches: (cow: { story: CowStory; plan: SensorPlan }, index: number) => boolean) => {
    const found = wearing.find((cow, index) => !treated.has(cow.story) && matches(cow, index))?.story;
    if (found) treated.add(found);
    return found;
  };
  const notBeforeCreation = (cow: CowStory, date: string) => later(date, cow.cow.createdAt.slice(0, 10));
  for (const healthCase of FEVER_CASES) {
    const cow = first(({ plan }) => plan.fever === healthCase.band);
    cow?.health(notBeforeCreation(cow, context.today), healthCase.diagnosis, healthCase.prescription);
  }
  const lame = first(({ plan }) => plan.lame);
  lame?.health(
    notBeforeCreation(lame, daysAgo(context, 2)),
    { diseaseCode: 'lameness' },
    'Meloxicam 0.5 mg/kg',
  );
  const dry = first(({ plan }) => plan.dry);
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
 * without), what each sensor is to show (fevers in every fever band, silent sensors), and the health cases
 * those call for.
 */
export const planDemoHerd = (input: HerdPlanInput): DemoCow[] => {
  const { context, culled } = planHerdStories(input);
  const active = context.stories.filter((cow) => !culled.includes(cow));
  const wearing = handOutSensors(context, active, culled).map((story, index) => {
    const silent = index % SILENT_CYCLE === SILENT_AT;
    // A silent sensor shows nothing of a fever, so its cow's story has none.
    const fever = silent ? null : (FEVER_AT[index % FEVER_CYCLE] ?? null);
    const bolus = story.cow.sensorId !== null && sensorKind(story.cow.sensorId) === 'pill';
    const dueTomorrow =
      story.currentStatus === 'pregnancy' &&
      story.cow.expectedCalvingDate !== null &&
      daysBetween(context.today, story.cow.expectedCalvingDate) === 1;
    const plan = {
      fever,
      dry: bolus && index % DRY_CYCLE === DRY_AT,
      silent,
      lame: fever === null && index % LAME_CYCLE === LAME_AT,
      calvesTonight: dueTomorrow && !silent && fever === null,
    };
    sensorStoryFor(context, story.cow, plan, input.now);
    return { story, plan };
  });
  healthCasesFor(context, wearing);
  return context.stories.map((story) => story.cow);
};
