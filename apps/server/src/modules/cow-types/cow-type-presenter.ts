import type { CowType, CowTypeAssignment } from '@cowcare/contract/routes/cow-types';
import { UNCATEGORIZED_TYPE_ID } from '@cowcare/contract/routes/cow-types';
import { presentCow } from '../cows/cow-presenter';
import type { CowTypeAssignmentOutcome } from './assign-cows-to-type';
import type { CowTypeRecord } from './cow-types-repository';

export const presentCowType = (type: CowTypeRecord, cowCount: number): CowType => ({
  id: type.id,
  name: type.name,
  costnb: type.costMinor,
  count: cowCount,
});

export const presentAssignment = (outcome: CowTypeAssignmentOutcome): CowTypeAssignment => ({
  changed: outcome.changed,
  typeid: outcome.type?.id ?? UNCATEGORIZED_TYPE_ID,
  typename: outcome.type?.name ?? null,
  costnb: outcome.type?.costMinor ?? 0,
  moved: outcome.movedCount,
  alreadyInType: outcome.alreadyInTypeCount,
  charged: outcome.chargedMinor,
  balance: outcome.balanceMinor,
  currency: outcome.currency.code,
  cows: outcome.cows.map((cow) => presentCow(cow)),
});
