import type {
  CalvingRecord,
  EstrusRecord,
  FertilizationRecord,
  PregnancyRecord,
} from '@cowcare/contract/routes/reproduction';
import type { CalvingRow } from './calving-records';
import type { EstrusRow } from './estrus-records';
import type { FertilizationRow } from './fertilization-records';
import type { PregnancyRow } from './pregnancy-records';

export const presentEstrus = (row: EstrusRow): EstrusRecord => ({
  id: row.id,
  cowId: row.cowId,
  estrusAt: row.estrusAt,
  memo: row.memo,
  nextExpectedEstrus: row.nextExpectedEstrusDate,
  nextExpectedEstrusAuto: !row.nextExpectedEstrusManual,
  createdAt: row.createdAt,
});

export const presentFertilization = (row: FertilizationRow): FertilizationRecord => ({
  id: row.id,
  cowId: row.cowId,
  plannedAt: row.plannedAt,
  method: row.method,
  actualMethod: row.actualMethod,
  sireCode: row.sireCode,
  memo: row.memo,
  effectiveServiceDate: row.effectiveServiceDate,
  pregnancyCheckMethod: row.pregnancyCheckMethod,
  pregnancyCheckDate: row.pregnancyCheckDate,
  pregnancyCheckDateAuto: !row.pregnancyCheckManual,
  createdAt: row.createdAt,
});

export const presentPregnancy = (row: PregnancyRow): PregnancyRecord => ({
  id: row.id,
  cowId: row.cowId,
  diagnosisMethod: row.diagnosisMethod,
  diagnosedAt: row.diagnosedAt,
  result: row.result,
  memo: row.memo,
  expectedCalving: row.expectedCalvingDate,
  expectedCalvingAuto: !row.expectedCalvingManual,
  nextExpectedEstrus: row.expectedEstrusDate,
  nextExpectedEstrusAuto: !row.expectedEstrusManual,
  createdAt: row.createdAt,
});

export const presentCalving = (row: CalvingRow): CalvingRecord => ({
  id: row.id,
  cowId: row.cowId,
  calvedAt: row.calvedAt,
  method: row.method,
  result: row.result,
  memo: row.memo,
  expectedEstrusAfterCalving: row.expectedEstrusDate,
  expectedEstrusAfterCalvingAuto: !row.expectedEstrusManual,
  calfId: row.calfId,
  createdAt: row.createdAt,
});
