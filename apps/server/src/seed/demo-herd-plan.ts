// The demo herd as data: who the cows are and what happened to them, decided by a seeded pseudo-random
// generator so every install (and every screenshot) shows the same herd relative to its day.
import { seededRandom } from '@cowcare/domain/seeded-random';
import { addDays, daysBetween } from '@cowcare/domain/calendar-date';
import type { PregnancyResult } from '@cowcare/domain/cow-status';
import type {
  DiagnosisDaysSettings,
  DiagnosisMethod,
  MatingMethod,
} from '@cowcare/domain/reproduction-dates';
import { CowStory, demoFarmDay } from './demo-cow-story';

export const DEMO_HERD_SEED = 20_250_601;

/** Cow types of the demo farm with their cost per cow in minor units (won). */
export const DEMO_COW_TYPES = [
  { name: 'Breeding', costMinor: 5000 },
  { name: 'Fattening', costMinor: 0 },
  { name: 'Heifers', costMinor: 2000 },
] as const;

const SIRES = ['KPN1291', 'KPN1385', 'KPN1402', 'KPN1447', 'KPN1510'] as const;
const CHECK_METHODS: readonly DiagnosisMethod[] = [
  'ultrasonic',
  'rectal',
  'ultrasonic',
  'hormone',
  'inspection',
];

export interface HerdContext {
  today: string;
  days: DiagnosisDaysSettings;
  random: () => number;
  stories: CowStory[];
  /** Codes of cows that wear no sensor. */
  withoutSensor: Set<string>;
  nextCode: () => string;
}

export const int = (context: HerdContext, min: number, max: number): number =>
  min + Math.floor(context.random() * (max - min + 1));
export const pick = <T>(context: HerdContext, options: readonly T[]): T =>
  options[int(context, 0, options.length - 1)] as T;
export const daysAgo = (context: HerdContext, days: number): string => addDays(context.today, -days);

const story = (context: HerdContext, start: ConstructorParameters<typeof CowStory>[0]): CowStory => {
  const cowStory = new CowStory(start, context.today, context.days);
  context.stories.push(cowStory);
  return cowStory;
};

/** A born adult: birthday fits a first calving at about two years and a calving a year after that. */
const adultBirthday = (context: HerdContext, parity: number): string =>
  daysAgo(context, 760 + parity * 400 + int(context, 0, 150));

/** Registers a calf born to `dam` on its calving day. */
const registerCalf = (
  context: HerdContext,
  dam: CowStory,
  code: string,
  sex: 'female' | 'male',
): CowStory => {
  const born = dam.cow.lastCalvingDate;
  if (!born) throw new Error(`${dam.cow.code} has no calving for calf ${code}`);
  context.withoutSensor.add(code);
  return story(context, {
    code,
    sex,
    birthday: born,
    parity: 0,
    createdOn: born,
    status: 'waitingForSettings',
    damCode: dam.cow.code,
    ...(dam.cow.sireCode ? { sireCode: dam.cow.sireCode } : {}),
  });
};

/** One full pregnancy ending in a calving `calvingAgo` days ago (give or take `daysEarly`). */
const pregnancyEndingIn = (
  context: HerdContext,
  cow: CowStory,
  calvingAgo: number,
  method: DiagnosisMethod,
  daysEarly: number,
  result: 'cow' | 'bull' | 'stillbirth',
  calfCode: string | null,
): CowStory => {
  // Artificial insemination adds 1 day, and gestation is 285 days: expected calving is 286 days on.
  const fertilized = daysAgo(context, calvingAgo + 286);
  return cow
    .estrus(fertilized)
    .fertilize(fertilized, 'artificialInsemination', method, pick(context, SIRES))
    .diagnose(method, 'pregnant')
    .calve(daysEarly, result, calfCode);
};

const waitingHeifers = (context: HerdContext): void => {
  for (let index = 0; index < 6; index += 1) {
    const code = context.nextCode();
    if (index < 2) context.withoutSensor.add(code);
    story(context, {
      code,
      sex: 'female',
      birthday: daysAgo(context, int(context, 240, 420)),
      parity: 0,
      createdOn: daysAgo(context, int(context, 1, 20)),
      status: 'waitingForSettings',
      ...(index % 2 === 0 ? { typeName: 'Heifers' } : {}),
    });
  }
};

const openHeifers = (context: HerdContext): void => {
  for (let index = 0; index < 6; index += 1) {
    const lastEstrus = int(context, 0, 19);
    const cow = story(context, {
      code: context.nextCode(),
      sex: 'female',
      birthday: daysAgo(context, int(context, 420, 600)),
      parity: 0,
      createdOn: daysAgo(context, lastEstrus + int(context, 30, 120)),
      status: 'estrusDetection',
      typeName: 'Heifers',
    });
    cow
      .estrus(daysAgo(context, lastEstrus + 21))
      .estrus(daysAgo(context, lastEstrus), index % 2 ? 'Mounting observed' : '');
  }
};

/** Calved months ago, lactation ended by hand, cycling again; the first two have their calves registered. */
const openCows = (context: HerdContext): void => {
  for (let index = 0; index < 6; index += 1) {
    const parity = int(context, 1, 3);
    const calvingAgo = int(context, 110, 200);
    const cow = story(context, {
      code: context.nextCode(),
      sex: 'female',
      birthday: adultBirthday(context, parity),
      parity,
      createdOn: daysAgo(context, calvingAgo + 286 + int(context, 5, 40)),
      status: 'estrusDetection',
      typeName: 'Breeding',
    });
    const result = index === 0 ? 'bull' : 'cow';
    const calfCode = index < 2 ? context.nextCode() : null;
    pregnancyEndingIn(
      context,
      cow,
      calvingAgo,
      pick(context, CHECK_METHODS),
      int(context, 0, 3),
      result,
      calfCode,
    );
    const calvedOn = cow.cow.lastCalvingDate ?? context.today;
    cow.force(addDays(calvedOn, int(context, 60, 90)), { kind: 'endLactation' });
    cow.estrus(daysAgo(context, int(context, 0, 19)));
    if (calfCode) {
      const calf = registerCalf(context, cow, calfCode, result === 'bull' ? 'male' : 'female');
      // The bull calf was put to fattening; the heifer calf still waits for her first status setting.
      if (result === 'bull') {
        calf.force(addDays(calvedOn, int(context, 20, 60)), { kind: 'convertToFattening' });
      }
      calf.cow.typeName = result === 'bull' ? 'Fattening' : 'Heifers';
    }
  }
};

/** Inseminated, found open (one aborted), back in estrus detection. */
const returnedCows = (context: HerdContext): void => {
  for (let index = 0; index < 3; index += 1) {
    const firstEstrus = int(context, 50, 70);
    const cow = story(context, {
      code: context.nextCode(),
      sex: 'female',
      birthday: adultBirthday(context, index),
      parity: index,
      createdOn: daysAgo(context, firstEstrus + int(context, 20, 90)),
      status: 'estrusDetection',
    });
    const fertilized = daysAgo(context, firstEstrus);
    const result: PregnancyResult = index === 2 ? 'abort' : 'unpregnant';
    cow
      .estrus(fertilized)
      .fertilize(fertilized, 'artificialInsemination', 'ultrasonic', pick(context, SIRES));
    cow.diagnose('ultrasonic', result);
    for (
      let estrus = addDays(fertilized, 21);
      daysBetween(estrus, context.today) >= 0;
      estrus = addDays(estrus, 21)
    ) {
      cow.estrus(estrus);
    }
  }
};

const MATING_BY_INDEX: Readonly<Record<number, MatingMethod>> = { 3: 'natural', 7: 'embryoTransfer' };
const CHECK_BY_INDEX: Readonly<Record<number, DiagnosisMethod>> = {
  2: 'rectal',
  5: 'hormone',
  8: 'inspection',
};

const inseminatedCows = (context: HerdContext): void => {
  for (let index = 0; index < 10; index += 1) {
    const parity = int(context, 0, 3);
    const fertilizedAgo = int(context, 1, 35);
    const cow = story(context, {
      code: context.nextCode(),
      sex: 'female',
      birthday: parity === 0 ? daysAgo(context, int(context, 430, 560)) : adultBirthday(context, parity),
      parity,
      createdOn: daysAgo(context, fertilizedAgo + int(context, 25, 200)),
      status: 'estrusDetection',
      ...(index % 2 ? { typeName: 'Breeding' } : {}),
    });
    const fertilized = daysAgo(context, fertilizedAgo);
    cow
      .estrus(fertilized)
      .fertilize(
        fertilized,
        MATING_BY_INDEX[index] ?? 'artificialInsemination',
        CHECK_BY_INDEX[index] ?? 'ultrasonic',
        pick(context, SIRES),
      );
    if (index === 4 && cow.cow.pregnancyCheckDate) {
      // The vet booked this check three days later than the rule: a date set by hand.
      cow.cow.pregnancyCheckDate = addDays(cow.cow.pregnancyCheckDate, 3);
      cow.cow.pregnancyCheckManual = true;
    }
  }
};

/**
 * Days since fertilization, spread over the whole gestation; the last ones are due within days, the very last
 * tomorrow (her sensor's story has her calve tonight).
 */
const GESTATION_DAYS = [48, 60, 75, 92, 110, 128, 150, 171, 193, 214, 236, 258, 277, 285] as const;

const pregnantCows = (context: HerdContext): void => {
  GESTATION_DAYS.forEach((sinceFertilization, index) => {
    const parity = int(context, 0, 4);
    const cow = story(context, {
      code: context.nextCode(),
      sex: 'female',
      birthday:
        parity === 0
          ? daysAgo(context, sinceFertilization + int(context, 430, 520))
          : adultBirthday(context, parity),
      parity,
      createdOn: daysAgo(context, sinceFertilization + int(context, 10, 150)),
      status: 'estrusDetection',
      typeName: 'Breeding',
    });
    const fertilized = daysAgo(context, sinceFertilization);
    const mating: MatingMethod =
      index === 5 ? 'natural' : index === 9 ? 'embryoTransfer' : 'artificialInsemination';
    const check: DiagnosisMethod = sinceFertilization < 62 ? 'ultrasonic' : pick(context, CHECK_METHODS);
    cow
      .estrus(fertilized)
      .fertilize(fertilized, mating, check, pick(context, SIRES))
      .diagnose(check, 'pregnant');
    if (index === 7 && cow.cow.expectedCalvingDate) {
      cow.cow.expectedCalvingDate = addDays(cow.cow.expectedCalvingDate, -4);
      cow.cow.expectedCalvingManual = true;
    }
  });
};

const CALVING_DAYS_AGO = [5, 9, 14, 20, 27, 33, 41, 50] as const;

const sucklingCows = (context: HerdContext): void => {
  CALVING_DAYS_AGO.forEach((calvingAgo, index) => {
    const parity = int(context, 0, 3);
    const registered = index === 0 || index === 2 || index === 5;
    const result = index === 4 ? 'stillbirth' : index % 2 ? 'bull' : 'cow';
    const cow = story(context, {
      code: context.nextCode(),
      sex: 'female',
      birthday: adultBirthday(context, parity),
      parity,
      createdOn: daysAgo(context, calvingAgo + 286 + int(context, 5, 60)),
      status: 'estrusDetection',
      typeName: 'Breeding',
    });
    const calfCode = registered ? context.nextCode() : null;
    pregnancyEndingIn(
      context,
      cow,
      calvingAgo,
      pick(context, CHECK_METHODS),
      index === 6 ? 12 : 0,
      result,
      calfCode,
    );
    if (index === 3 && cow.cow.expectedEstrusDate) {
      cow.cow.expectedEstrusDate = addDays(cow.cow.expectedEstrusDate, -10);
      cow.cow.expectedEstrusManual = true;
    }
    if (index === 1) {
      cow.health(
        addDays(cow.cow.lastCalvingDate ?? context.today, 4),
        { diseaseCode: 'metritis' },
        'Ceftiofur 1 mg/kg',
      );
    }
    if (calfCode) {
      const calf = registerCalf(context, cow, calfCode, result === 'bull' ? 'male' : 'female');
      if (index === 2) {
        calf.health(addDays(calf.cow.birthday, 3), { diseaseCode: 'diarrhoea' }, 'Oral electrolytes');
      }
    }
  });
};

const fatteningCattle = (context: HerdContext): void => {
  for (let index = 0; index < 7; index += 1) {
    const steer = index < 5;
    const parity = steer ? 0 : int(context, 3, 5);
    const createdAgo = int(context, 200, 280);
    const cow = story(context, {
      code: context.nextCode(),
      sex: steer ? 'male' : 'female',
      birthday: steer ? daysAgo(context, int(context, 300, 600)) : adultBirthday(context, parity),
      parity,
      createdOn: daysAgo(context, createdAgo),
      status: steer ? 'waitingForSettings' : 'estrusDetection',
      typeName: 'Fattening',
    });
    cow.force(daysAgo(context, steer ? createdAgo - int(context, 10, 60) : int(context, 30, 90)), {
      kind: 'convertToFattening',
    });
  }
};

const culledCows = (context: HerdContext): CowStory[] => {
  const culled: CowStory[] = [];
  for (let index = 0; index < 3; index += 1) {
    const parity = int(context, 3, 6);
    const code = context.nextCode();
    if (index === 2) context.withoutSensor.add(code);
    const cow = story(context, {
      code,
      sex: 'female',
      birthday: adultBirthday(context, parity),
      parity,
      createdOn: daysAgo(context, int(context, 500, 700)),
      status: 'estrusDetection',
    });
    const culledAgo = int(context, 10, 60);
    cow.estrus(daysAgo(context, culledAgo + int(context, 40, 120)));
    if (index === 0) {
      cow.health(daysAgo(context, culledAgo + 20), { diseaseCode: 'lameness' }, 'Meloxicam 0.5 mg/kg');
    }
    cow.force(daysAgo(context, culledAgo), { kind: 'eliminate' });
    culled.push(cow);
  }
  return culled;
};

export interface HerdPlanInput {
  now: Date;
  diagnosisDays: DiagnosisDaysSettings;
}

/** Tells every profile's stories in a fixed order; sensors and readings are handed out afterwards. */
export const planHerdStories = ({
  now,
  diagnosisDays,
}: HerdPlanInput): { context: HerdContext; culled: CowStory[] } => {
  let code = 1000;
  const context: HerdContext = {
    today: demoFarmDay(now),
    days: diagnosisDays,
    random: seededRandom(DEMO_HERD_SEED),
    stories: [],
    withoutSensor: new Set(),
    nextCode: () => `C${(code += 1)}`,
  };
  waitingHeifers(context);
  openHeifers(context);
  openCows(context);
  returnedCows(context);
  inseminatedCows(context);
  pregnantCows(context);
  sucklingCows(context);
  fatteningCattle(context);
  return { context, culled: culledCows(context) };
};
