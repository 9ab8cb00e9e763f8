import type { Database } from '../../db/database';
import { notFound } from '../../http/app-error';
import { lockFarmWallet } from '../wallet/wallet-repository';
import { deleteCowTypeRow, uncategorizeCowsOfType } from './cow-types-repository';

/**
 * Deletes a type and moves its cows to the uncategorized bucket in one transaction. Charges made for the
 * type stay in the wallet ledger: they were paid, and each keeps the type's name for the usage-cost record.
 */
export const removeCowType = (db: Database, farmId: number, typeId: number): Promise<number> =>
  db.transaction(async (tx) => {
    // An assignment into this type running at the same time must not charge for a type that is going away.
    await lockFarmWallet(tx, farmId);
    const moved = await uncategorizeCowsOfType(tx, farmId, typeId);
    const deleted = await deleteCowTypeRow(tx, farmId, typeId);
    if (!deleted) throw notFound('There is no such cow type in this farm');
    return moved;
  });
