import type { AdeFile } from '@cowcare/contract/routes/exchange';
import { sensorKind } from '@cowcare/domain/sensor';
import type { Queryable } from '../../db/database';
import {
  ADE_FORMAT,
  ADE_SOURCE,
  ADE_VERSION,
  COLLECTION_SCHEMAS,
  SCHEMES,
  adeCalvingEaseOf,
  adeGenderOf,
  adeHeatCertaintyOf,
  adeInseminationTypeOf,
  adePregnancyMethodOf,
  adePregnancyResultOf,
  adeProgenyOf,
  adeStatusOf,
} from './ade-vocabulary';
import {
  readExportCalvings,
  readExportCows,
  readExportEstrus,
  readExportFarm,
  readExportFertilizations,
  readExportHealthCases,
  readExportPaddocks,
  readExportPregnancies,
  readExportSensorHeats,
  readExportSensors,
  type ExportEvent,
  type ExportHealthCase,
  type Period,
} from './exchange-repository';

// A farm as an ADE file (docs/ade.md). Every resource names the farm as its `location` and carries `meta`
// (source app.cowcare, our record's kind and id). What ADE has no field for travels in a `cowcare` object
// that other readers ignore and our import reads back (decision 0034).

type Resource = Record<string, unknown>;

const identifier = (scheme: string, id: string | number) => ({ scheme, id: String(id) });
export const cowIdentifier = (cowId: number) => identifier(SCHEMES.cow, cowId);
const sensorIdentifier = (sensor: number) => identifier(SCHEMES.sensor, sensor);
/** A day's event at noon UTC: the same calendar day from UTC−12 to UTC+12 (like a new cow's records). */
const noonOf = (day: string) => `${day}T12:00:00Z`;

const meta = (sourceId: string, modified: string) => ({ source: ADE_SOURCE, sourceId, modified });

interface Context {
  location: { scheme: string; id: string };
  typeOf: (collection: keyof typeof COLLECTION_SCHEMAS) => string;
}

const eventBase = (
  context: Context,
  kind: string,
  event: ExportEvent,
  collection: keyof typeof COLLECTION_SCHEMAS,
) => ({
  resourceType: context.typeOf(collection),
  id: `${kind}-${event.id}`,
  location: context.location,
  meta: meta(`${kind}-${event.id}`, event.createdAt),
  animal: cowIdentifier(event.cowId),
  eventDateTime: event.at,
  ...(event.memo ? { remark: event.memo } : {}),
});

const healthEvents = (
  context: Context,
  health: ExportHealthCase,
): { diagnosis: Resource; treatment?: Resource } => {
  const base = {
    id: `health-${health.id}`,
    location: context.location,
    meta: meta(`health-${health.id}`, health.updatedAt),
    animal: cowIdentifier(health.cowId),
  };
  const diagnosis: Resource = {
    ...base,
    resourceType: context.typeOf('diagnoses'),
    eventDateTime: noonOf(health.diagnosedOn),
    diagnoses: [
      {
        ...(health.diseaseCode
          ? { name: health.diseaseCode, diagnosisCode: identifier(SCHEMES.disease, health.diseaseCode) }
          : {}),
        ...(health.diagnosisText ? { description: health.diagnosisText } : {}),
      },
    ],
    ...(health.memo ? { remark: health.memo } : {}),
  };
  if (!health.prescription && !health.prescribedOn) return { diagnosis };
  const treatment: Resource = {
    ...base,
    resourceType: context.typeOf('treatments'),
    eventDateTime: noonOf(health.prescribedOn ?? health.diagnosedOn),
    ...(health.prescription ? { medicine: { name: health.prescription } } : {}),
    cowcare: { prescribedOn: health.prescribedOn },
  };
  return { diagnosis, treatment };
};

/** The farm's data as ADE resources, one list per resource type; events only of the period's days. */
export const exportFarmAsAde = async (
  db: Queryable,
  farmId: number,
  period: Period,
  now = new Date(),
): Promise<AdeFile> => {
  const farm = await readExportFarm(db, farmId);
  const context: Context = {
    location: identifier(SCHEMES.farm, farm.farmNumber),
    typeOf: (collection) => COLLECTION_SCHEMAS[collection].type,
  };
  const [paddocks, cows, sensors, estrus, heats, fertilizations, pregnancies, calvings, health] = [
    await readExportPaddocks(db, farmId),
    await readExportCows(db, farmId),
    await readExportSensors(db, farmId),
    await readExportEstrus(db, farmId, period),
    await readExportSensorHeats(db, farmId, period),
    await readExportFertilizations(db, farmId, period),
    await readExportPregnancies(db, farmId, period),
    await readExportCalvings(db, farmId, period),
    await readExportHealthCases(db, farmId, period),
  ];
  const cowById = new Map(cows.map((cow) => [cow.id, cow]));
  const modified = now.toISOString();

  const locations: Resource[] = [
    {
      resourceType: context.typeOf('locations'),
      identifier: context.location,
      name: `${farm.farmNumber} (${farm.city}, ${farm.country})`,
      meta: meta(`farm-${farm.farmNumber}`, modified),
    },
    ...paddocks.map((paddock) => ({
      resourceType: context.typeOf('locations'),
      identifier: identifier(SCHEMES.paddock, paddock.id),
      name: paddock.name,
      meta: meta(`paddock-${paddock.id}`, modified),
    })),
  ];

  const animals: Resource[] = cows.map((cow) => {
    const dam = cow.damId === null ? undefined : cowById.get(cow.damId);
    const parentage = [
      ...(dam
        ? [
            {
              parentOf: cowIdentifier(cow.id),
              gender: 'Female',
              relation: 'Genetic',
              identifier: cowIdentifier(dam.id),
            },
          ]
        : []),
      ...(cow.sireCode
        ? [
            {
              parentOf: cowIdentifier(cow.id),
              gender: 'Male',
              identifier: identifier(SCHEMES.sireCode, cow.sireCode),
            },
          ]
        : []),
    ];
    return {
      resourceType: context.typeOf('animals'),
      identifier: cowIdentifier(cow.id),
      ...(cow.sensorId === null || cow.culledAt !== null
        ? {}
        : { alternativeIdentifiers: [sensorIdentifier(cow.sensorId)] }),
      location: context.location,
      meta: meta(`cow-${cow.id}`, cow.updatedAt),
      specie: 'Cattle',
      gender: adeGenderOf(cow.sex),
      ...(cow.birthday ? { birthDate: `${cow.birthday}T00:00:00Z` } : {}),
      managementTag: cow.code,
      ...adeStatusOf(cow.status),
      ...(parentage.length > 0 ? { parentage } : {}),
      cowcare: {
        parity: cow.parity,
        joinedAt: cow.joinedAt,
        ...(cow.culledAt ? { culledAt: cow.culledAt } : {}),
        ...(cow.fatteningAt ? { fatteningAt: cow.fatteningAt } : {}),
      },
    };
  });

  const devices: Resource[] = sensors.map((sensor) => {
    const wearer = sensor.cowId === null ? undefined : cowById.get(sensor.cowId);
    const kind = sensorKind(sensor.sensor);
    return {
      resourceType: context.typeOf('devices'),
      id: String(sensor.sensor),
      serial: String(sensor.sensor),
      name: `${kind === 'neck' ? 'Neck collar' : 'Rumen bolus'} ${sensor.sensor}`,
      description: wearer ? `Worn by cow ${wearer.code}` : 'Not worn by a cow',
      isActive: sensor.online === true,
      supportedMessages: [{ messages: 'Heats' }],
      manufacturer: { id: 'cowcare.app', deviceType: kind === 'neck' ? 'neck-collar' : 'rumen-bolus' },
      // Which animal wears it: ADE's device has no animal, the animal lists the sensor among its
      // identifiers (alternativeIdentifiers, scheme app.cowcare.sensor); this says it from the device's side.
      cowcare: { wornBy: wearer ? cowIdentifier(wearer.id) : null },
    };
  });

  const heatResources: Resource[] = [
    ...estrus.map((event) => ({
      ...eventBase(context, 'estrus', event, 'heats'),
      heatDetectionMethod: 'Visual',
      certainty: 'InHeat',
      cowcare: { day: event.day },
    })),
    ...heats.map((heat) => ({
      resourceType: context.typeOf('heats'),
      id: `heat-notice-${heat.id}`,
      location: context.location,
      meta: meta(`heat-notice-${heat.id}`, heat.createdAt),
      animal: cowIdentifier(heat.cowId),
      eventDateTime: heat.at,
      heatDetectionMethod: 'Pedometer',
      certainty: adeHeatCertaintyOf(heat.code),
      ...(typeof heat.details.windowEnd === 'string' ? { expirationDateTime: heat.details.windowEnd } : {}),
      ...(heat.sensorId === null ? {} : { device: { identifier: sensorIdentifier(heat.sensorId) } }),
      cowcare: { episode: heat.details },
    })),
  ].sort((a, b) => (a.eventDateTime < b.eventDateTime ? -1 : a.eventDateTime > b.eventDateTime ? 1 : 0));

  const inseminations: Resource[] = fertilizations.map((event) => ({
    ...eventBase(context, 'fertilization', event, 'inseminations'),
    inseminationType: adeInseminationTypeOf(event.method),
    ...(event.sireCode ? { sireIdentifiers: [identifier(SCHEMES.sireCode, event.sireCode)] } : {}),
    cowcare: {
      day: event.day,
      method: event.method,
      actualMethod: event.actualMethod,
      pregnancyCheckMethod: event.pregnancyCheckMethod,
    },
  }));

  const pregnancyChecks: Resource[] = pregnancies.map((event) => ({
    ...eventBase(context, 'pregnancy', event, 'pregnancyChecks'),
    method: adePregnancyMethodOf(event.method),
    ...adePregnancyResultOf(event.result),
    cowcare: { day: event.day, method: event.method },
  }));

  const parturitions: Resource[] = [];
  const abortions: Resource[] = [];
  for (const event of calvings) {
    if (event.result === 'abort') {
      abortions.push({
        ...eventBase(context, 'calving', event, 'abortions'),
        cowcare: { day: event.day, method: event.method },
      });
      continue;
    }
    const progeny = adeProgenyOf(event.result);
    const ease = adeCalvingEaseOf(event.method);
    parturitions.push({
      ...eventBase(context, 'calving', event, 'parturitions'),
      ...(ease ? { calvingEase: ease } : {}),
      ...(progeny
        ? {
            liveProgeny: progeny.birthStatus === 'Alive' ? 1 : 0,
            totalProgeny: 1,
            progenyDetails: [
              {
                resourceType: 'icar:ProgenyDetails',
                specie: 'Cattle',
                ...progeny,
                ...(event.calfId === null ? {} : { identifier: cowIdentifier(event.calfId) }),
              },
            ],
          }
        : {}),
      cowcare: { day: event.day, method: event.method, result: event.result },
    });
  }

  const diagnoses: Resource[] = [];
  const treatments: Resource[] = [];
  for (const healthCase of health) {
    const { diagnosis, treatment } = healthEvents(context, healthCase);
    diagnoses.push(diagnosis);
    if (treatment) treatments.push(treatment);
  }

  return {
    format: ADE_FORMAT,
    version: ADE_VERSION,
    source: ADE_SOURCE,
    exportedAt: modified,
    period: period.from || period.to ? { from: period.from, to: period.to } : null,
    locations,
    animals,
    devices,
    heats: heatResources,
    inseminations,
    pregnancyChecks,
    parturitions,
    abortions,
    diagnoses,
    treatments,
  };
};
