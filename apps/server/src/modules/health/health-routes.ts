import { api } from '@cowcare/contract/api';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import { publishCowChange } from '../../realtime/farm-changes';
import type { Services } from '../../services';
import { findCowInFarm } from '../cows/cows-repository';
import { findUploadsOfHealthCases } from '../uploads/uploads-repository';
import {
  addHealthCase,
  addHealthCaseFile,
  deleteHealthCase,
  NO_SUCH_HEALTH_CASE,
  removeHealthCaseFile,
  updateHealthCase,
} from './health-commands';
import { findHealthCase, listHealthCasesOfCow, type HealthCaseRow } from './health-cases-repository';
import { presentHealthCase } from './health-presenter';

const presentWithFiles = async (db: Queryable, farmId: number, rows: HealthCaseRow[]) => {
  const files = await findUploadsOfHealthCases(
    db,
    farmId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentHealthCase(row, files.get(row.id) ?? []));
};

const presentOne = async (db: Queryable, farmId: number, id: number) => {
  const row = await findHealthCase(db, farmId, id);
  if (!row) throw notFound(NO_SUCH_HEALTH_CASE);
  const [presented] = await presentWithFiles(db, farmId, [row]);
  if (!presented) throw new Error(`health case ${id} was not presented`);
  return presented;
};

export const healthRoutes = ({ db, bus }: Services) => [
  bind(api.health.addHealthCase, async ({ body, user }) => {
    const healthCase = await presentOne(db, user.farmId, await addHealthCase(db, user, body));
    await publishCowChange(bus, user.farmId, 'healthCase', [healthCase.cowId]);
    return healthCase;
  }),

  bind(api.health.updateHealthCase, async ({ params, body, user }) => {
    const healthCase = await presentOne(db, user.farmId, await updateHealthCase(db, user, params.id, body));
    await publishCowChange(bus, user.farmId, 'healthCase', [healthCase.cowId]);
    return healthCase;
  }),

  bind(api.health.deleteHealthCase, async ({ params, user }) => {
    // A case's cow never changes: read before the delete, it names whose page to reload.
    const cowId = (await findHealthCase(db, user.farmId, params.id))?.cowId;
    const id = await deleteHealthCase(db, user, params.id);
    if (cowId !== undefined) await publishCowChange(bus, user.farmId, 'healthCase', [cowId]);
    return { id };
  }),

  bind(api.health.addHealthCaseFile, async ({ params, body, user }) =>
    presentOne(db, user.farmId, await addHealthCaseFile(db, user, params.id, body.uploadId)),
  ),

  bind(api.health.removeHealthCaseFile, async ({ params, user }) =>
    presentOne(db, user.farmId, await removeHealthCaseFile(db, user, params.id, params.uploadId)),
  ),

  bind(api.health.listHealthCases, async ({ params, user }) => {
    const cow = await findCowInFarm(db, user.farmId, params.cowId);
    if (!cow) throw notFound('There is no such cow in this farm');
    return presentWithFiles(db, user.farmId, await listHealthCasesOfCow(db, user.farmId, params.cowId));
  }),
];
