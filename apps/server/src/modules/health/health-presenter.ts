import type { HealthCase } from '@cowcare/contract/routes/health';
import { presentUpload } from '../uploads/upload-presenter';
import type { UploadRow } from '../uploads/uploads-repository';
import type { HealthCaseRow } from './health-cases-repository';

export const presentHealthCase = (row: HealthCaseRow, files: readonly UploadRow[]): HealthCase => ({
  id: row.id,
  cowId: row.cowId,
  diagnosedOn: row.diagnosedOn,
  diseaseCode: row.diseaseCode,
  diagnosisText: row.diagnosisText,
  prescribedOn: row.prescribedOn,
  prescription: row.prescription,
  memo: row.memo,
  files: files.map(presentUpload),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
