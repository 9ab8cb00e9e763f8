import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { UNCATEGORIZED_TYPE_ID } from '@cowcare/contract/routes/cow-types';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import { bossGrantRequired } from '../../http/boss-grant';
import type { AuthUser } from '../../http/route-context';
import type { CowRecord } from '../cows/cows-repository';
import { currencyOfCountry, formatMoney, type Currency } from '../wallet/currency';
import { insufficientBalance } from '../wallet/insufficient-balance';
import { lockFarmWallet, postLedgerTransaction, walletBalance } from '../wallet/ledger';
import { lockCowsToAssign, readCowsOfFarm, setCowsType, type CowToAssign } from './assignment-repository';
import { findCowTypeInFarm, type CowTypeRecord } from './cow-types-repository';

export interface CowTypeAssignmentRequest {
  farmId: number;
  userId: number;
  country: string;
  /** A type of the farm, or UNCATEGORIZED_TYPE_ID. */
  typeId: number;
  cowIds: readonly number[];
  /** The usage-charge call: write nothing at all unless the assignment costs something. */
  onlyWhenCharged?: boolean;
  /**
   * The caller entered the boss password (a valid grant came with the request). Spending the farm's money
   * needs it, like the other money and settings actions; an assignment that charges nothing does not.
   */
  bossGranted: boolean;
}

/** Who assigns: the charge is the caller's farm's, recorded with the caller. */
export const assignmentCaller = (user: AuthUser) => ({
  farmId: user.farmId,
  userId: user.userId,
  country: user.country,
});

export interface CowTypeAssignmentOutcome {
  changed: boolean;
  type: CowTypeRecord | null;
  movedCount: number;
  alreadyInTypeCount: number;
  chargedMinor: number;
  balanceMinor: number;
  currency: Currency;
  cows: CowRecord[];
}

const findTargetType = async (tx: Queryable, farmId: number, typeId: number) => {
  if (typeId === UNCATEGORIZED_TYPE_ID) return null;
  const type = await findCowTypeInFarm(tx, farmId, typeId);
  if (!type) throw notFound('There is no such cow type in this farm');
  return type;
};

/** Every listed cow must be an active cow of the farm; one bad id refuses the whole call. */
const checkCows = (cowIds: readonly number[], cows: CowToAssign[]): void => {
  const found = new Set(cows.map((cow) => cow.id));
  const missing = cowIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound(`These cows are not in this farm: ${missing.join(', ')}`);
  const culled = cows.filter((cow) => cow.culled).map((cow) => cow.code);
  if (culled.length > 0) {
    throw conflict(ERROR_CODES.conflict, `Culled cows cannot change type: ${culled.join(', ')}`);
  }
};

const chargeFor = async (
  tx: Queryable,
  request: CowTypeAssignmentRequest,
  type: CowTypeRecord,
  cowCount: number,
  currency: Currency,
): Promise<number> => {
  const amount = type.costMinor * cowCount;
  const balance = await walletBalance(tx, request.farmId);
  if (balance < amount) throw insufficientBalance(amount, balance, currency, 'this assignment');
  // The command is safe to repeat by the cows' state (a cow already in the type is not charged again), so
  // each charge it makes is a movement of its own.
  await postLedgerTransaction(tx, {
    farmId: request.farmId,
    userId: request.userId,
    kind: 'charge',
    description: `Cow type ${type.name}: ${cowCount} × ${formatMoney(type.costMinor, currency)}`,
    idempotencyKey: `cow-type:${randomUUID()}`,
    cowType: { id: type.id, name: type.name, cowCount },
    legs: [
      { account: { kind: 'wallet', farmId: request.farmId, currency: currency.code }, amountMinor: -amount },
      { account: { kind: 'cow_type_revenue', currency: currency.code }, amountMinor: amount },
    ],
  });
  return amount;
};

interface AssignmentPlan {
  /** Cows that will move: none when the call is to write nothing. */
  entering: number[];
  cost: number;
  alreadyInTypeCount: number;
}

/** Only cows newly entering the type move and cost money; cows already in it are left as they are. */
const planAssignment = (
  type: CowTypeRecord | null,
  cows: CowToAssign[],
  onlyWhenCharged: boolean,
): AssignmentPlan => {
  const targetTypeId = type?.id ?? null;
  const entering = cows.filter((cow) => cow.cowTypeId !== targetTypeId).map((cow) => cow.id);
  const cost = (type?.costMinor ?? 0) * entering.length;
  const alreadyInTypeCount = cows.length - entering.length;
  if (onlyWhenCharged && cost === 0) return { entering: [], cost: 0, alreadyInTypeCount };
  return { entering, cost, alreadyInTypeCount };
};

/**
 * Puts cows into a type and charges the type's own cost (never the client's figure) for each cow newly
 * entering it, in one transaction: the charge and the move happen together or not at all. Cows already in
 * the type are neither moved nor charged again, which makes the call safe to repeat.
 */
export const assignCowsToType = (
  db: Database,
  request: CowTypeAssignmentRequest,
): Promise<CowTypeAssignmentOutcome> =>
  db.transaction(async (tx) => {
    const currency = currencyOfCountry(request.country);
    // The wallet lock comes first on every path, so two calls of one farm always queue in the same order.
    await lockFarmWallet(tx, request.farmId);
    const type = await findTargetType(tx, request.farmId, request.typeId);
    const cows = await lockCowsToAssign(tx, request.farmId, request.cowIds);
    checkCows(request.cowIds, cows);
    const plan = planAssignment(type, cows, request.onlyWhenCharged === true);
    if (plan.cost > 0 && !request.bossGranted) {
      throw bossGrantRequired('Assigning a cow type that costs money needs the boss password');
    }
    const chargedMinor =
      type && plan.cost > 0 ? await chargeFor(tx, request, type, plan.entering.length, currency) : 0;
    if (plan.entering.length > 0) await setCowsType(tx, request.farmId, plan.entering, type?.id ?? null);
    return {
      changed: plan.entering.length > 0,
      type,
      movedCount: plan.entering.length,
      alreadyInTypeCount: plan.alreadyInTypeCount,
      chargedMinor,
      balanceMinor: await walletBalance(tx, request.farmId),
      currency,
      cows: await readCowsOfFarm(tx, request.farmId, request.cowIds),
    };
  });
