import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError, type ErrorDetail } from './api-client';
import { isMessageKey } from './i18n';

/**
 * The one mapping from the wire's field names (a body's keys, as a refusal names them in `details[].path`
 * or its message) to the label the user sees on the form. A nested field is named by its path
 * (`calf.code`); an import's rows (`cows.3.lastCalving`) read as the row's field.
 */
export const FIELD_LABELS = {
  // Records (news/news/add|update/<kind>)
  cowId: 'herd.field.cow',
  memo: 'herd.record.memo',
  estrusAt: 'herd.record.estrusAt',
  nextExpectedEstrus: 'herd.dates.expectedEstrus',
  plannedAt: 'herd.record.fertilizedAt',
  method: 'herd.record.method',
  actualMethod: 'herd.record.actualMethod',
  sireCode: 'herd.add.sire',
  pregnancyCheckMethod: 'herd.record.checkMethod',
  pregnancyCheckDate: 'herd.record.appraisalDate',
  diagnosisMethod: 'herd.record.diagnosisMethod',
  diagnosedAt: 'herd.record.diagnosedAt',
  result: 'herd.record.result',
  expectedCalving: 'herd.dates.expectedDelivery',
  calvedAt: 'herd.record.calvedAt',
  expectedEstrusAfterCalving: 'herd.record.estrusAfterCalving',
  calf: 'herd.record.registerCalf',
  'calf.code': 'herd.record.calfCode',
  'calf.sex': 'herd.add.sex',
  'calf.sensor': 'herd.record.calfSensor',
  'calf.birthday': 'herd.add.birthday',
  // Health cases
  diagnosedOn: 'herd.record.diagnosedOn',
  diseaseCode: 'herd.record.disease',
  diagnosisText: 'herd.record.diagnosisText',
  prescribedOn: 'herd.record.prescribedOn',
  prescription: 'herd.record.prescription',
  uploadIds: 'herd.field.files',
  uploadId: 'herd.field.files',
  // Cows (add, import, edit)
  code: 'herd.add.code',
  sensor: 'herd.add.sensor',
  birthday: 'herd.add.birthday',
  parity: 'herd.add.parity',
  status: 'herd.add.status',
  sex: 'herd.add.sex',
  damId: 'herd.cow.dam',
  typeid: 'herd.add.type',
  tempadd: 'herd.edit.tempadd',
  lastCalving: 'herd.start.lastCalving',
  lastInsemination: 'herd.start.lastInsemination',
  inseminationMethod: 'herd.start.inseminationMethod',
  inseminationSire: 'herd.start.inseminationSire',
  pregnancyCheck: 'herd.start.pregnancyCheck',
  pregnancyTest: 'herd.dates.pregnancyTest',
  expectedDelivery: 'herd.dates.expectedDelivery',
  expectedEstrus: 'herd.dates.expectedEstrus',
} as const satisfies Readonly<Record<string, MessageKey>>;

export type LabelledField = keyof typeof FIELD_LABELS;

const isLabelledField = (name: string): name is LabelledField => Object.hasOwn(FIELD_LABELS, name);

/** The field a detail path names: `body.calf.code` → calf.code, `body.cows.3.lastCalving` → lastCalving. */
export function fieldOfPath(path: string): LabelledField | undefined {
  const parts = path.split(/[/.]/).filter((part) => part !== '' && part !== 'body' && !/^\d+$/.test(part));
  for (let start = 0; start < parts.length; start += 1) {
    const name = parts.slice(start).join('.');
    if (isLabelledField(name)) return name;
  }
  return undefined;
}

export const fieldLabelKey = (field: LabelledField): MessageKey => FIELD_LABELS[field];

// Longest names first, so `pregnancyCheckDate` is not read as `pregnancyCheck` + "Date".
const NAMES_BY_LENGTH = (Object.keys(FIELD_LABELS) as LabelledField[])
  .filter((name) => /[A-Z.]/.test(name))
  .sort((a, b) => b.length - a.length);
const NAMED_FIELD = new RegExp(
  `(?<![\\w.])(?:body\\.)?(${NAMES_BY_LENGTH.map((name) => name.replace('.', '\\.')).join('|')})(?![\\w])`,
  'g',
);

/**
 * A server sentence with every field name it holds (`estrusAt`, `calf.code`) replaced by the field's label
 * in the user's language, so no wire name reaches the screen.
 */
export function withFieldLabels(message: string, t: (key: MessageKey) => string): string {
  return message.replace(NAMED_FIELD, (_match, name: string) =>
    isLabelledField(name) ? `“${t(FIELD_LABELS[name])}”` : name,
  );
}

/** The field a refusal is about, from its details or, failing that, the first field its sentence names. */
export function refusedField(error: unknown): { field: LabelledField; detail?: ErrorDetail } | undefined {
  if (!isApiError(error)) return undefined;
  for (const detail of error.details) {
    const field = fieldOfPath(detail.path);
    if (field) return { field, detail };
  }
  NAMED_FIELD.lastIndex = 0;
  const named = NAMED_FIELD.exec(error.message)?.[1];
  return named && isLabelledField(named) ? { field: named } : undefined;
}

/** The sentence for a rule the server named (details[].rule), when the catalog has one. */
export function ruleMessageKey(rule: string | undefined): MessageKey | undefined {
  if (!rule) return undefined;
  const key = `validation.rule.${rule}`;
  return isMessageKey(key) ? key : undefined;
}
