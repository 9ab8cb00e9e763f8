import type { api } from '@cowcare/contract/api';
import type { RouteData } from '@cowcare/contract/route';
import { DIAGNOSIS_METHOD_CODES, type MatingMethodCode } from '@cowcare/contract/routes/reproduction';
import type { PregnancyCheckDays } from '@cowcare/contract/schemas';
import type {
  DiagnosisDaysSettings,
  DiagnosisMethod,
  MatingMethod,
} from '@cowcare/domain/reproduction-dates';
import { dictionaryLabels } from '@cowcare/locales/dictionary-labels';
import type { LanguageKey } from './i18n';

type ConfigDictEntry = RouteData<typeof api.system.configDictionary>[number];

export type DictionaryName =
  'mating' | 'calvingMethod' | 'calvingResult' | 'pregnancyStatus' | 'diagnosisMethod' | 'disease';

export interface DictionaryItem {
  /** The dictionary it belongs to: with the code it names the label of the other six languages. */
  dictionary: DictionaryName;
  code: string;
  /** Labels of spec §3: ch, ko and en; the other languages have theirs in the locales' dictionary labels. */
  labels: { ch: string; ko: string; en: string };
  /** Days the entry adds to a date, where it has one (mating methods, diagnosis methods). */
  addDays: number | undefined;
}

export type Dictionaries = Record<DictionaryName, DictionaryItem[]>;

/** `name` is a comma list: ch, ko, en and, where the entry has one, its add-days. */
export function parseDictionaryName(name: string): Omit<DictionaryItem, 'code' | 'dictionary'> {
  const parts = name.split(',').map((part) => part.trim());
  let addDays: number | undefined;
  if (parts.length >= 4 && /^-?\d+$/.test(parts.at(-1) ?? '')) addDays = Number(parts.pop());
  const [ch = '', ko = '', ...rest] = parts;
  const en = rest.join(', ');
  return { labels: { ch, ko, en: en || ko || ch }, addDays };
}

export function toDictionaries(entries: readonly ConfigDictEntry[]): Dictionaries {
  const dictionaries: Dictionaries = {
    mating: [],
    calvingMethod: [],
    calvingResult: [],
    pregnancyStatus: [],
    diagnosisMethod: [],
    disease: [],
  };
  for (const entry of entries) {
    const dictionary = entry.dbname as DictionaryName;
    const list = dictionaries[dictionary] as DictionaryItem[] | undefined;
    list?.push({ dictionary, code: entry.code, ...parseDictionaryName(entry.name) });
  }
  return dictionaries;
}

/** The label in the user's language; an entry the bundled labels do not know yet shows its en label. */
export function labelOf(item: DictionaryItem, language: LanguageKey): string {
  if (language === 'ch' || language === 'ko') return item.labels[language] || item.labels.en;
  if (language === 'en') return item.labels.en;
  return dictionaryLabels[language][`${item.dictionary}.${item.code}`] ?? item.labels.en;
}

/** The label of a stored code, or the code itself when the dictionary does not know it. */
export function labelOfCode(
  dictionaries: Dictionaries | undefined,
  name: DictionaryName,
  code: string | null | undefined,
  language: LanguageKey,
): string {
  if (!code) return '';
  const item = dictionaries?.[name].find((candidate) => candidate.code === code);
  return item ? labelOf(item, language) : code;
}

// The wire's dictionary codes are kebab-case; the domain names its methods in camelCase.
const MATING_METHOD_OF_CODE: Readonly<Record<MatingMethodCode, MatingMethod>> = {
  'artificial-insemination': 'artificialInsemination',
  natural: 'natural',
  'embryo-transfer': 'embryoTransfer',
};

export function matingMethodOf(code: string): MatingMethod | undefined {
  return MATING_METHOD_OF_CODE[code as MatingMethodCode];
}

export function diagnosisMethodOf(code: string): DiagnosisMethod | undefined {
  // The diagnosis codes of the wire are the domain's names already.
  return (DIAGNOSIS_METHOD_CODES as readonly string[]).includes(code) ? (code as DiagnosisMethod) : undefined;
}

/** The farm's settings carry the spec's capitalised names; the domain wants its own keys. */
export const diagnosisDaysOf = (settings: PregnancyCheckDays): DiagnosisDaysSettings => ({
  ultrasonic: settings.Ultrasonic,
  inspection: settings.Inspection,
  rectal: settings.Rectal,
  hormone: settings.Hormone,
  external: settings.External,
});
