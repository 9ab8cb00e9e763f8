import { api } from '@cowcare/contract/api';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { findCowInFarm, type CowRecord } from '../cows/cows-repository';
import { presentCow } from '../cows/cow-presenter';
import { addCalving, deleteCalving, updateCalving } from './calving-commands';
import { addEstrus, deleteEstrus, updateEstrus } from './estrus-commands';
import { addFertilization, deleteFertilization, updateFertilization } from './fertilization-commands';
import { addPregnancy, deletePregnancy, updatePregnancy } from './pregnancy-commands';
import {
  presentCalving,
  presentEstrus,
  presentFertilization,
  presentPregnancy,
} from './reproduction-presenter';

/** A record command's answer on the wire: the record and the cow as the record left her. */
const recordAnswer =
  <Row, Wire>(present: (row: Row) => Wire) =>
  ({ result, cow }: { result: Row; cow: CowRecord }) => ({ record: present(result), cow: presentCow(cow) });

const deletedAnswer = ({ result, cow }: { result: number; cow: CowRecord }) => ({
  id: result,
  cow: presentCow(cow),
});

export const reproductionRoutes = ({ db }: Services) => [
  bind(api.reproduction.addEstrus, async ({ body, user }) =>
    recordAnswer(presentEstrus)(await addEstrus(db, user, body)),
  ),
  bind(api.reproduction.updateEstrus, async ({ params, body, user }) =>
    recordAnswer(presentEstrus)(await updateEstrus(db, user, params.id, body)),
  ),
  bind(api.reproduction.deleteEstrus, async ({ params, user }) =>
    deletedAnswer(await deleteEstrus(db, user, params.id)),
  ),

  bind(api.reproduction.addFertilization, async ({ body, user }) =>
    recordAnswer(presentFertilization)(await addFertilization(db, user, body)),
  ),
  bind(api.reproduction.updateFertilization, async ({ params, body, user }) =>
    recordAnswer(presentFertilization)(await updateFertilization(db, user, params.id, body)),
  ),
  bind(api.reproduction.deleteFertilization, async ({ params, user }) =>
    deletedAnswer(await deleteFertilization(db, user, params.id)),
  ),

  bind(api.reproduction.addPregnancy, async ({ body, user }) =>
    recordAnswer(presentPregnancy)(await addPregnancy(db, user, body)),
  ),
  bind(api.reproduction.updatePregnancy, async ({ params, body, user }) =>
    recordAnswer(presentPregnancy)(await updatePregnancy(db, user, params.id, body)),
  ),
  bind(api.reproduction.deletePregnancy, async ({ params, user }) =>
    deletedAnswer(await deletePregnancy(db, user, params.id)),
  ),

  bind(api.reproduction.addCalving, async ({ body, user }) => {
    const { result, cow } = await addCalving(db, user, body);
    const calf = result.calfId === null ? undefined : await findCowInFarm(db, user.farmId, result.calfId);
    return { record: presentCalving(result), cow: presentCow(cow), calf: calf ? presentCow(calf) : null };
  }),
  bind(api.reproduction.updateCalving, async ({ params, body, user }) =>
    recordAnswer(presentCalving)(await updateCalving(db, user, params.id, body)),
  ),
  bind(api.reproduction.deleteCalving, async ({ params, user }) =>
    deletedAnswer(await deleteCalving(db, user, params.id)),
  ),
];
