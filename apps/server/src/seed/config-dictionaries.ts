import { DEFAULT_DIAGNOSIS_DAYS, MATING_ADD_DAYS } from '@cowcare/domain/reproduction-dates';

/** The dictionaries of spec §3, by the name stored in `config_dictionary.dictionary`. */
export const DICTIONARY_NAMES = [
  'mating',
  'calvingMethod',
  'calvingResult',
  'pregnancyStatus',
  'diagnosisMethod',
  'disease',
] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

export interface DictionaryEntry {
  /** Stable key within its dictionary (kebab-case English); records store it, labels may change. */
  code: string;
  ch: string;
  ko: string;
  en: string;
  /** Days the entry adds to a date (mating: to the service date; diagnosis: default days to the check). */
  addDays?: number;
}

/** Entries in display order; `sort_order` is the position in the list (1-based). */
export const CONFIG_DICTIONARIES: Readonly<Record<DictionaryName, readonly DictionaryEntry[]>> = {
  mating: [
    {
      code: 'artificial-insemination',
      ch: '人工授精',
      ko: '인공수정',
      en: 'Artificial insemination',
      addDays: MATING_ADD_DAYS.artificialInsemination,
    },
    {
      code: 'natural',
      ch: '自然交配',
      ko: '자연교배',
      en: 'Natural mating',
      addDays: MATING_ADD_DAYS.natural,
    },
    {
      code: 'embryo-transfer',
      ch: '胚胎移植',
      ko: '수정란 이식',
      en: 'Embryo transfer',
      addDays: MATING_ADD_DAYS.embryoTransfer,
    },
  ],
  calvingMethod: [
    { code: 'normal', ch: '正常分娩', ko: '정상 분만', en: 'Normal' },
    { code: 'abnormal', ch: '异常分娩', ko: '이상 분만', en: 'Abnormal' },
    { code: 'premature', ch: '早产', ko: '조산', en: 'Premature' },
  ],
  calvingResult: [
    { code: 'cow', ch: '母犊', ko: '암송아지', en: 'Heifer calf' },
    { code: 'bull', ch: '公犊', ko: '수송아지', en: 'Bull calf' },
    { code: 'abort', ch: '流产', ko: '유산', en: 'Abortion' },
    { code: 'stillbirth', ch: '死胎', ko: '사산', en: 'Stillbirth' },
    { code: 'other', ch: '其他', ko: '기타', en: 'Other' },
  ],
  pregnancyStatus: [
    { code: 'pregnant', ch: '已孕', ko: '임신', en: 'Pregnant' },
    { code: 'unpregnant', ch: '未孕', ko: '미임신', en: 'Not pregnant' },
    { code: 'abort', ch: '流产', ko: '유산', en: 'Aborted' },
  ],
  diagnosisMethod: [
    {
      code: 'ultrasonic',
      ch: '超声波检查',
      ko: '초음파 검사',
      en: 'Ultrasonic',
      addDays: DEFAULT_DIAGNOSIS_DAYS.ultrasonic,
    },
    {
      code: 'inspection',
      ch: '外观检查',
      ko: '육안 관찰',
      en: 'Inspection',
      addDays: DEFAULT_DIAGNOSIS_DAYS.inspection,
    },
    {
      code: 'rectal',
      ch: '直肠检查',
      ko: '직장 검사',
      en: 'Rectal examination',
      addDays: DEFAULT_DIAGNOSIS_DAYS.rectal,
    },
    {
      code: 'hormone',
      ch: '激素检测',
      ko: '호르몬 검사',
      en: 'Hormone test',
      addDays: DEFAULT_DIAGNOSIS_DAYS.hormone,
    },
    {
      code: 'external',
      ch: '外部诊断',
      ko: '외부 진단',
      en: 'External diagnosis',
      addDays: DEFAULT_DIAGNOSIS_DAYS.external,
    },
  ],
  disease: [
    { code: 'foot-and-mouth', ch: '口蹄疫', ko: '구제역', en: 'Foot-and-mouth disease' },
    { code: 'ruminal-impaction', ch: '瘤胃积食', ko: '반추위 식체', en: 'Ruminal impaction' },
    { code: 'mastitis', ch: '乳房炎', ko: '유방염', en: 'Mastitis' },
    { code: 'ketosis', ch: '酮病', ko: '케톤증', en: 'Ketosis' },
    { code: 'milk-fever', ch: '产后瘫痪', ko: '유열', en: 'Milk fever' },
    { code: 'lameness', ch: '跛行', ko: '파행', en: 'Lameness' },
    { code: 'metritis', ch: '子宫炎', ko: '자궁염', en: 'Metritis' },
    { code: 'displaced-abomasum', ch: '皱胃变位', ko: '제4위 전위', en: 'Displaced abomasum' },
    { code: 'pneumonia', ch: '肺炎', ko: '폐렴', en: 'Pneumonia' },
    { code: 'diarrhoea', ch: '腹泻', ko: '설사', en: 'Diarrhoea' },
  ],
};
