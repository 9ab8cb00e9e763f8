import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import { hasBossGrant } from '../../http/boss-grant';
import { bind } from '../../http/route-context';
import { publishCowChange } from '../../realtime/farm-changes';
import type { Services } from '../../services';
import { assignCowsToType, assignmentCaller } from './assign-cows-to-type';
import { presentAssignment, presentCowType } from './cow-type-presenter';
import {
  countCowsInType,
  findCowTypeInFarm,
  insertCowType,
  isCowTypeNameTaken,
  listCowTypesWithCounts,
  updateCowType,
} from './cow-types-repository';
import { removeCowType } from './remove-cow-type';

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

const nameTaken = () =>
  conflict(ERROR_CODES.cowTypeNameTaken, 'This farm already has a cow type with this name');

/** The pre-check gives the clear answer; the unique index settles two requests racing for one name. */
const guardName = async <T>(
  db: Database,
  farmId: number,
  name: string | undefined,
  exceptId: number | undefined,
  write: () => Promise<T>,
) => {
  if (name !== undefined && (await isCowTypeNameTaken(db, farmId, name, exceptId))) throw nameTaken();
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
};

export const cowTypesRoutes = (services: Services) => {
  const { db, bus } = services;
  /** The farm's sessions reload the types and these cows (none named: any cow may show the type). */
  const told = (farmId: number, cowIds: readonly number[] = []) =>
    publishCowChange(bus, farmId, 'cowType', cowIds);

  return [
    bind(api.cowTypes.listCowTypes, async ({ user }) => ({
      types: (await listCowTypesWithCounts(db, user.farmId)).map((type) =>
        presentCowType(type, type.cowCount),
      ),
      uncategorized: { count: await countCowsInType(db, user.farmId, null) },
    })),

    bind(api.cowTypes.addCowType, async ({ body, user }) => {
      const type = await guardName(db, user.farmId, body.name, undefined, () =>
        insertCowType(db, user.farmId, { name: body.name, costMinor: body.costnb }),
      );
      await told(user.farmId);
      return presentCowType(type, 0);
    }),

    bind(api.cowTypes.updateCowType, async ({ params, body, user }) => {
      const existing = await findCowTypeInFarm(db, user.farmId, params.id);
      if (!existing) throw notFound('There is no such cow type in this farm');
      const type = await guardName(db, user.farmId, body.name, params.id, () =>
        updateCowType(db, user.farmId, params.id, { name: body.name, costMinor: body.costnb }),
      );
      if (!type) throw notFound('There is no such cow type in this farm');
      await told(user.farmId);
      return presentCowType(type, await countCowsInType(db, user.farmId, type.id));
    }),

    bind(api.cowTypes.deleteCowType, async ({ params, user }) => {
      const movedToUncategorized = await removeCowType(db, user.farmId, params.id);
      await told(user.farmId);
      return { id: params.id, movedToUncategorized };
    }),

    bind(api.cowTypes.moveCowsToType, async ({ params, body, user, request }) => {
      const outcome = await assignCowsToType(db, {
        ...assignmentCaller(user),
        typeId: params.type,
        cowIds: body.list,
        bossGranted: await hasBossGrant(services, request, user),
      });
      if (outcome.changed) await told(user.farmId, body.list);
      return presentAssignment(outcome);
    }),

    bind(api.cowTypes.assignCowsType, async ({ body, user, request }) => {
      const outcome = await assignCowsToType(db, {
        ...assignmentCaller(user),
        typeId: body.type.id,
        cowIds: body.checklist,
        bossGranted: await hasBossGrant(services, request, user),
      });
      if (outcome.changed) await told(user.farmId, body.checklist);
      return presentAssignment(outcome);
    }),
  ];
};
