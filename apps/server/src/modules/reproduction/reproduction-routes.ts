import { api } from '@cowcare/contract/api';
import type { CowChangeKind } from '@cowcare/contract/socket-messages';
import { bind } from '../../http/route-context';
import { publishCowChange, publishNoticesRead } from '../../realtime/farm-changes';
import type { Services } from '../../services';
import type { MarkedRead } from '../notices/mark-notices-read';
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

export const reproductionRoutes = ({ db, bus }: Services) => {
  /** After the commit: the farm's sessions reload the cow, and see the reminders it settled read. */
  const told =
    (change: CowChangeKind) =>
    async <C extends { cow: CowRecord; read: MarkedRead }>(changed: C): Promise<C> => {
      await publishCowChange(bus, changed.cow.farmId, change, [changed.cow.id]);
      await publishNoticesRead(bus, changed.cow.farmId, changed.read);
      return changed;
    };
  const estrus = told('estrus');
  const fertilization = told('fertilization');
  const pregnancy = told('pregnancy');
  const calving = told('calving');

  return [
    bind(api.reproduction.addEstrus, async ({ body, user }) =>
      recordAnswer(presentEstrus)(await estrus(await addEstrus(db, user, body))),
    ),
    bind(api.reproduction.updateEstrus, async ({ params, body, user }) =>
      recordAnswer(presentEstrus)(await estrus(await updateEstrus(db, user, params.id, body))),
    ),
    bind(api.reproduction.deleteEstrus, async ({ params, user }) =>
      deletedAnswer(await estrus(await deleteEstrus(db, user, params.id))),
    ),

    bind(api.reproduction.addFertilization, async ({ body, user }) =>
      recordAnswer(presentFertilization)(await fertilization(await addFertilization(db, user, body))),
    ),
    bind(api.reproduction.updateFertilization, async ({ params, body, user }) =>
      recordAnswer(presentFertilization)(
        await fertilization(await updateFertilization(db, user, params.id, body)),
      ),
    ),
    bind(api.reproduction.deleteFertilization, async ({ params, user }) =>
      deletedAnswer(await fertilization(await deleteFertilization(db, user, params.id))),
    ),

    bind(api.reproduction.addPregnancy, async ({ body, user }) =>
      recordAnswer(presentPregnancy)(await pregnancy(await addPregnancy(db, user, body))),
    ),
    bind(api.reproduction.updatePregnancy, async ({ params, body, user }) =>
      recordAnswer(presentPregnancy)(await pregnancy(await updatePregnancy(db, user, params.id, body))),
    ),
    bind(api.reproduction.deletePregnancy, async ({ params, user }) =>
      deletedAnswer(await pregnancy(await deletePregnancy(db, user, params.id))),
    ),

    bind(api.reproduction.addCalving, async ({ body, user }) => {
      const { result, cow } = await calving(await addCalving(db, user, body));
      const calf = result.calfId === null ? undefined : await findCowInFarm(db, user.farmId, result.calfId);
      if (calf) await publishCowChange(bus, user.farmId, 'added', [calf.id]);
      return { record: presentCalving(result), cow: presentCow(cow), calf: calf ? presentCow(calf) : null };
    }),
    bind(api.reproduction.updateCalving, async ({ params, body, user }) =>
      recordAnswer(presentCalving)(await calving(await updateCalving(db, user, params.id, body))),
    ),
    bind(api.reproduction.deleteCalving, async ({ params, user }) =>
      deletedAnswer(await calving(await deleteCalving(db, user, params.id))),
    ),
  ];
};
