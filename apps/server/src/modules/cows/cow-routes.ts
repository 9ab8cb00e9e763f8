import { api } from '@cowcare/contract/api';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import { publishCowChange, publishNoticesRead } from '../../realtime/farm-changes';
import type { Services } from '../../services';
import { addCow, importCows } from './add-cow';
import { changeCowStatus } from './change-cow-status';
import { familyOf } from './cow-family';
import { listCowFilesOfFarm } from './cow-files-repository';
import { cowTimeline } from './cow-history';
import { presentCow } from './cow-presenter';
import { sensorPageOf, sensorStatesOf } from './cow-sensors';
import { cowListAnswer } from './cow-list-answer';
import { findCowInFarm, type CowRecord } from './cows-repository';
import { updateCow } from './update-cow';

/** Another farm's cow id reads exactly like an id that does not exist. */
export const requireCowInFarm = async (db: Queryable, farmId: number, cowId: number): Promise<CowRecord> => {
  const cow = await findCowInFarm(db, farmId, cowId);
  if (!cow) throw notFound('No such cow in this farm');
  return cow;
};

export const cowRoutes = (services: Services) => [
  bind(api.cows.getCowsData, async ({ user, request }) =>
    cowListAnswer(await services.cowLists.read(user.farmId), request.headers),
  ),

  bind(api.cows.getCowsFiles, async ({ user }) => listCowFilesOfFarm(services.db, user.farmId)),

  bind(api.cows.getCowInfo, async ({ params, user }) =>
    presentCow(await requireCowInFarm(services.db, user.farmId, params.id)),
  ),

  bind(api.cows.addCow, async ({ body, user }) => {
    const cow = await addCow(services.db, user, body);
    await publishCowChange(services.bus, user.farmId, 'added', [cow.id]);
    return presentCow(cow);
  }),

  bind(api.cows.importCows, async ({ body, user }) => {
    const imported = await importCows(services.db, user, body);
    await publishCowChange(services.bus, user.farmId, 'added', imported.ids);
    return imported;
  }),

  bind(api.cows.updateCow, async ({ params, body, user }) => {
    const cow = await updateCow(services.db, user, params.id, body);
    await publishCowChange(services.bus, user.farmId, 'cow', [cow.id]);
    return presentCow(cow);
  }),

  bind(api.cows.updateSensorStates, async ({ body, user }) => sensorStatesOf(services.db, user, body)),

  bind(api.cows.sensorPage, async ({ user }) => sensorPageOf(services.db, user.farmId)),

  bind(api.cows.changeCowStatus, async ({ params, body, user }) => {
    const { cow, read } = await changeCowStatus(services.db, user, params.id, body);
    await publishCowChange(services.bus, user.farmId, 'status', [cow.id]);
    await publishNoticesRead(services.bus, user.farmId, read);
    return presentCow(cow);
  }),

  bind(api.cows.cowHistory, async ({ params, user }) =>
    cowTimeline(services.db, await requireCowInFarm(services.db, user.farmId, params.id)),
  ),

  bind(api.cows.cowFamily, async ({ params, user }) =>
    familyOf(services.db, await requireCowInFarm(services.db, user.farmId, params.id)),
  ),
];
