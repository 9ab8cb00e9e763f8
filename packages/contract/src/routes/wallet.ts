import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { DateTimeString, Id, IdParam, UserSchema } from '../schemas';
import {
  AssignedTypeSchema,
  COW_TYPE_MAX_COST,
  COW_TYPE_MAX_COWS_PER_CALL,
  CowTypeAssignmentSchema,
} from './cow-types';

const tag = 'wallet';

export const WalletEntrySchema = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('charge'), Type.Literal('topup')]),
  amount: Type.Integer({ description: 'minor units: negative for a charge, positive for a top-up' }),
  description: Type.String(),
  cowCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  typeName: Type.Union([Type.String(), Type.Null()], {
    description: 'the cow type charged for, as it was named then (kept when the type is deleted)',
  }),
  createdAt: DateTimeString,
});
export type WalletEntry = Static<typeof WalletEntrySchema>;

export const WalletSchema = Type.Object({
  balance: Type.Integer({ description: 'sum of every entry, minor units' }),
  currency: Type.String({ description: 'ISO 4217 code of the farm country' }),
  currencyDigits: Type.Integer({
    minimum: 0,
    description: 'decimals of the currency: amount / 10^currencyDigits is the amount in major units',
  }),
  entries: Type.Array(WalletEntrySchema, { description: 'newest first' }),
});
export type Wallet = Static<typeof WalletSchema>;

export const getWallet = defineRoute({
  method: 'GET',
  path: 'wallet/wallet/getwallet/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: 'The farm wallet: balance and every ledger entry (usage-cost charges, top-ups), newest first',
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  data: WalletSchema,
});

export const chargeCowTypeUsage = defineRoute({
  method: 'PUT',
  path: 'user/user/update/usernb/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'The usage-cost charge of a type assignment. The same command as news/news/update/cowstype: ' +
    'assigns the listed cows and charges the type’s own cost for the cows newly entering it, in one ' +
    'transaction, so cowstype followed by usernb charges once. When that charge is 0 it changes nothing ' +
    '(nothingToCharge). A charge needs a verified boss password (x-boss-grant, else 403 ' +
    'E_BOSS_GRANT_REQUIRED). Answers the wallet balance and the user',
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  body: Type.Object({
    cost: Type.Number({
      minimum: 0,
      maximum: COW_TYPE_MAX_COST,
      description: 'ignored: the server charges the type’s own cost',
    }),
    list: Type.Array(IdParam, { minItems: 1, maxItems: COW_TYPE_MAX_COWS_PER_CALL, uniqueItems: true }),
    type: AssignedTypeSchema,
  }),
  data: Type.Composite([
    CowTypeAssignmentSchema,
    Type.Object({ nothingToCharge: Type.Boolean(), user: UserSchema }),
  ]),
});
