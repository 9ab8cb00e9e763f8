import { api } from '@cowcare/contract/api';
import { hasBossGrant } from '../../http/boss-grant';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { assignCowsToType, assignmentCaller } from '../cow-types/assign-cows-to-type';
import { presentAssignment } from '../cow-types/cow-type-presenter';
import { presentUser } from '../users/user-presenter';
import { findUserById } from '../users/users-repository';
import { requestOrigin, startTopUp } from './start-top-up';
import { presentStatementLine, presentWallet } from './wallet-presenter';
import {
  balanceBefore,
  farmCurrency,
  listWalletEntries,
  statementLines,
  statementMonths,
  walletBalance,
} from './wallet-repository';

/** The wallet page's latest movements; the statement has every one. */
const LATEST_ENTRIES = 50;

export const walletRoutes = (services: Services) => {
  const { db } = services;

  return [
    bind(api.wallet.getWallet, async ({ user }) =>
      presentWallet(
        await walletBalance(db, user.farmId),
        await farmCurrency(db, user.farmId),
        await listWalletEntries(db, user.farmId, LATEST_ENTRIES),
      ),
    ),

    bind(api.wallet.startTopUp, async ({ user, body, request }) =>
      startTopUp(services, user, { ...body, origin: requestOrigin(request) }),
    ),

    bind(api.wallet.getStatement, async ({ user, query }) => {
      const month = query.month ?? new Date().toISOString().slice(0, 7);
      const currency = await farmCurrency(db, user.farmId);
      const lines = await statementLines(db, user.farmId, month);
      const openingBalance = await balanceBefore(db, user.farmId, month);
      return {
        month,
        currency: currency.code,
        currencyDigits: currency.digits,
        openingBalance,
        closingBalance: lines.at(-1)?.balanceAfterMinor ?? openingBalance,
        lines: lines.map(presentStatementLine),
        months: await statementMonths(db, user.farmId),
      };
    }),

    // The spec's separate charge call, after cowstype: it is the assignment command itself, so whichever of
    // the two comes first does the move and the charge, and the other finds nothing left to charge.
    bind(api.wallet.chargeCowTypeUsage, async ({ body, user, request }) => {
      const outcome = await assignCowsToType(db, {
        ...assignmentCaller(user),
        typeId: body.type.id,
        cowIds: body.list,
        onlyWhenCharged: true,
        bossGranted: await hasBossGrant(services, request, user),
      });
      const record = await findUserById(db, user.userId);
      if (!record) throw new Error(`user ${user.userId} vanished during a charge`);
      return {
        ...presentAssignment(outcome),
        nothingToCharge: outcome.chargedMinor === 0,
        user: presentUser(record),
      };
    }),
  ];
};
