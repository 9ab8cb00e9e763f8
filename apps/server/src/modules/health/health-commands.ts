import type { api } from '@cowcare/contract/api';
import { MAX_HEALTH_CASE_FILES } from '@cowcare/contract/routes/health';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { RouteBody } from '@cowcare/contract/route';
import { daysBetween } from '@cowcare/domain/calendar-date';
import type { Database, Queryable } from '../../db/database';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import { findCowInFarm } from '../cows/cows-repository';
import { requireDayNotInFuture, requireNotBeforeBirth } from '../reproduction/record-dates';
import { findUploadsInFarm } from '../uploads/uploads-repository';
import {
  attachHealthCaseUpload,
  deleteHealthCaseRow,
  detachHealthCaseUpload,
  findHealthCaseForUpdate,
  healthCaseUploadIds,
  insertHealthCase,
  isDiseaseCode,
  replaceHealthCaseUploads,
  saveHealthCase,
  type HealthCaseFields,
} from './health-cases-repository';

type NewHealthCase = RouteBody<typeof api.health.addHealthCase>;
type HealthCaseChange = RouteBody<typeof api.health.updateHealthCase>;

export const NO_SUCH_HEALTH_CASE = 'There is no such health case in this farm';

/** A diagnosis is a disease of the dictionary, free text, or both; never neither. */
const requireValidCase = async (tx: Queryable, fields: HealthCaseFields, now: Date): Promise<void> => {
  if (fields.diseaseCode === null && fields.diagnosisText === '') {
    throw badRequest(ERROR_CODES.validation, 'diseaseCode or diagnosisText is required');
  }
  requireDayNotInFuture('diagnosedOn', fields.diagnosedOn, now);
  if (fields.prescribedOn !== null && daysBetween(fields.diagnosedOn, fields.prescribedOn) < 0) {
    throw badRequest(ERROR_CODES.validation, 'prescribedOn must not be before diagnosedOn');
  }
  if (fields.diseaseCode !== null && !(await isDiseaseCode(tx, fields.diseaseCode))) {
    throw badRequest(
      ERROR_CODES.validation,
      `diseaseCode ${fields.diseaseCode} is not in the disease dictionary`,
    );
  }
};

/** Pictures and files must be the farm's own uploads; another farm's id is not found, as everywhere. */
const requireFarmUploads = async (tx: Queryable, farmId: number, uploadIds: readonly number[]) => {
  const unique = [...new Set(uploadIds)];
  const found = new Set((await findUploadsInFarm(tx, farmId, unique)).map((upload) => upload.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`uploadIds: there is no upload ${missing} in this farm`);
  return unique;
};

const trimmed = (text: string | null | undefined): string => text?.trim() ?? '';

export const addHealthCase = (db: Database, user: AuthUser, input: NewHealthCase, now = new Date()) =>
  db.transaction(async (tx) => {
    const fields: HealthCaseFields = {
      diagnosedOn: input.diagnosedOn,
      diseaseCode: input.diseaseCode ?? null,
      diagnosisText: trimmed(input.diagnosisText),
      prescribedOn: input.prescribedOn ?? null,
      prescription: trimmed(input.prescription),
      memo: input.memo ?? '',
    };
    await requireValidCase(tx, fields, now);
    const cow = await findCowInFarm(tx, user.farmId, input.cowId);
    if (!cow) throw notFound('There is no such cow in this farm');
    requireNotBeforeBirth('diagnosedOn', fields.diagnosedOn, cow.birthday);
    const uploadIds = await requireFarmUploads(tx, user.farmId, input.uploadIds ?? []);
    const id = await insertHealthCase(
      tx,
      { farmId: user.farmId, cowId: cow.id, userId: user.userId },
      fields,
    );
    await replaceHealthCaseUploads(tx, id, uploadIds);
    return id;
  });

/** Fields left out stay; null clears an optional one; uploadIds, when given, replaces the files. */
export const updateHealthCase = (
  db: Database,
  user: AuthUser,
  id: number,
  change: HealthCaseChange,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const current = await findHealthCaseForUpdate(tx, user.farmId, id);
    if (!current) throw notFound(NO_SUCH_HEALTH_CASE);
    const fields: HealthCaseFields = {
      diagnosedOn: change.diagnosedOn ?? current.diagnosedOn,
      diseaseCode: change.diseaseCode === undefined ? current.diseaseCode : change.diseaseCode,
      diagnosisText:
        change.diagnosisText === undefined ? current.diagnosisText : trimmed(change.diagnosisText),
      prescribedOn: change.prescribedOn === undefined ? current.prescribedOn : change.prescribedOn,
      prescription: change.prescription === undefined ? current.prescription : trimmed(change.prescription),
      memo: change.memo ?? current.memo,
    };
    await requireValidCase(tx, fields, now);
    const cow = await findCowInFarm(tx, user.farmId, current.cowId);
    requireNotBeforeBirth('diagnosedOn', fields.diagnosedOn, cow?.birthday ?? null);
    await saveHealthCase(tx, user.farmId, id, fields);
    if (change.uploadIds) {
      await replaceHealthCaseUploads(tx, id, await requireFarmUploads(tx, user.farmId, change.uploadIds));
    }
    return id;
  });

/** The uploads stay: a file may be attached elsewhere, and it is the farm's record either way. */
export const deleteHealthCase = (db: Database, user: AuthUser, id: number) =>
  db.transaction(async (tx) => {
    if (!(await findHealthCaseForUpdate(tx, user.farmId, id))) throw notFound(NO_SUCH_HEALTH_CASE);
    await deleteHealthCaseRow(tx, user.farmId, id);
    return id;
  });

/**
 * One more picture or file on an existing case (the vet adds a picture days later). The case row is locked,
 * so two vets adding at once cannot pass the cap together.
 */
export const addHealthCaseFile = (db: Database, user: AuthUser, id: number, uploadId: number) =>
  db.transaction(async (tx) => {
    if (!(await findHealthCaseForUpdate(tx, user.farmId, id))) throw notFound(NO_SUCH_HEALTH_CASE);
    await requireFarmUploads(tx, user.farmId, [uploadId]);
    const files = await healthCaseUploadIds(tx, id);
    if (files.includes(uploadId)) return id;
    if (files.length >= MAX_HEALTH_CASE_FILES) {
      throw badRequest(
        ERROR_CODES.validation,
        `uploadId: a health case holds at most ${MAX_HEALTH_CASE_FILES} files; remove one first`,
      );
    }
    await attachHealthCaseUpload(tx, id, uploadId);
    return id;
  });

/** Takes a picture or file off a case; the upload stays the farm's, as when a whole case is deleted. */
export const removeHealthCaseFile = (db: Database, user: AuthUser, id: number, uploadId: number) =>
  db.transaction(async (tx) => {
    if (!(await findHealthCaseForUpdate(tx, user.farmId, id))) throw notFound(NO_SUCH_HEALTH_CASE);
    if (!(await detachHealthCaseUpload(tx, id, uploadId))) {
      throw notFound(`There is no file ${uploadId} on this health case`);
    }
    return id;
  });
