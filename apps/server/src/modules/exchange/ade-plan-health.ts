import { SCHEMES } from './ade-vocabulary';
import { cowcareOf, isObject, keyOf, text, type PlanContext } from './ade-plan-context';
import { eventBaseOf, eventName } from './ade-plan-events';
import type { HealthRecord, Item, Json, PlannedHerd } from './ade-plan-types';

// The file's diagnoses and treatments as health records. The app keeps a diagnosis and its prescription
// in one record; our export writes them as a diagnosis and a treatment with the same id, which are joined
// again here. A treatment without its diagnosis is a record of its own.

/** Diagnoses by animal and event id, for their treatments to find. */
type DiagnosisIndex = Map<string, HealthRecord>;

const diagnosisKey = (resource: Json, id: string | undefined) => `${keyOf(resource.animal)}#${id ?? ''}`;

/** A disease code of our scheme, else the text the file gives for the diagnosis. */
const diagnosisOf = (event: Json) => {
  const first = (Array.isArray(event.diagnoses) ? event.diagnoses : []).find(isObject) ?? {};
  const code = isObject(first.diagnosisCode) ? first.diagnosisCode : undefined;
  const diseaseCode =
    code?.scheme === SCHEMES.disease && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text(code.id) ?? '')
      ? (text(code.id) ?? null)
      : null;
  const diagnosisText =
    text(first.description) ?? (diseaseCode ? '' : (text(first.name) ?? text(code?.id) ?? ''));
  return { diseaseCode, diagnosisText };
};

const planDiagnoses = (ctx: PlanContext, herd: PlannedHerd, items: Item[], index: DiagnosisIndex) => {
  const records: HealthRecord[] = [];
  for (const item of items) {
    const base = eventBaseOf(ctx, herd, item, false);
    if (!base) continue;
    const { diseaseCode, diagnosisText } = diagnosisOf(item.resource);
    if (diagnosisText.length > 500) {
      ctx.refuse(item, 'unsupportedValue', 'the diagnosis is longer than 500 characters', eventName(item));
      continue;
    }
    const record: HealthRecord = {
      ...base,
      kind: 'health',
      diseaseCode,
      diagnosisText,
      prescribedOn: null,
      prescription: '',
    };
    records.push(record);
    index.set(diagnosisKey(item.resource, text(item.resource.id)), record);
  }
  return records;
};

/** Treatments fill in their diagnosis's prescription; the records returned are the unmatched ones. */
const planTreatments = (ctx: PlanContext, herd: PlannedHerd, items: Item[], index: DiagnosisIndex) => {
  const records: HealthRecord[] = [];
  for (const item of items) {
    const base = eventBaseOf(ctx, herd, item, false);
    if (!base) continue;
    const medicine = isObject(item.resource.medicine) ? item.resource.medicine : {};
    const prescription = text(medicine.name) ?? text(item.resource.procedure) ?? '';
    if (prescription.length > 500) {
      ctx.refuse(
        item,
        'unsupportedValue',
        'the medicine name is longer than 500 characters',
        eventName(item),
      );
      continue;
    }
    const prescribedOn = cowcareOf(item.resource).prescribedOn === null ? null : base.day;
    const id = text(item.resource.id);
    const key = diagnosisKey(item.resource, id);
    const diagnosis = id === undefined ? undefined : index.get(key);
    if (diagnosis && diagnosis.cow === base.cow) {
      diagnosis.prescribedOn = prescribedOn;
      diagnosis.prescription = prescription;
      // One treatment per diagnosis: a second one with the same id is a record of its own.
      index.delete(key);
    } else {
      const unmatched = { diseaseCode: null, diagnosisText: '', prescribedOn, prescription };
      records.push({ ...base, kind: 'health', ...unmatched });
    }
  }
  return records;
};

export const planHealth = (
  ctx: PlanContext,
  herd: PlannedHerd,
  diagnoses: Item[],
  treatments: Item[],
): HealthRecord[] => {
  const index: DiagnosisIndex = new Map();
  const diagnosed = planDiagnoses(ctx, herd, diagnoses, index);
  return [...diagnosed, ...planTreatments(ctx, herd, treatments, index)];
};
