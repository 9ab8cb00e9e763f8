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

/** What moved money in or out of a wallet: a line of its usage costs. */
export const WalletEntryKindSchema = Type.Union(
  [
    Type.Literal('charge'),
    Type.Literal('topup'),
    Type.Literal('plan'),
    Type.Literal('refund'),
    Type.Literal('topup_refund'),
  ],
  {
    description:
      'charge: a cow type; topup: money paid in; plan: the monitoring plan; refund: money given back to ' +
      'the wallet (a plan cancelled, support); topup_refund: a top-up paid back to the card',
  },
);
export type WalletEntryKind = Static<typeof WalletEntryKindSchema>;

export const WalletEntrySchema = Type.Object({
  id: Id,
  kind: WalletEntryKindSchema,
  amount: Type.Integer({ description: 'minor units: negative leaves the wallet, positive comes in' }),
  description: Type.String(),
  cowCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  typeName: Type.Union([Type.String(), Type.Null()], {
    description: 'the cow type charged for, as it was named then (kept when the type is deleted)',
  }),
  orderId: Type.Union([Id, Type.Null()], { description: 'the order it belongs to, when there is one' }),
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
  topUp: Type.Object({
    minimum: Type.Integer({ minimum: 1, description: 'the smallest top-up, minor units' }),
    maximum: Type.Integer({ minimum: 1, description: 'the largest top-up, minor units' }),
    presets: Type.Array(Type.Integer({ minimum: 1 }), { description: 'suggested amounts, minor units' }),
  }),
});
export type Wallet = Static<typeof WalletSchema>;

/** A client-made key that makes a money-moving call safe to repeat: the same key answers the same order. */
export const IdempotencyKey = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** YYYY-MM: a month of the statement, in UTC. */
export const StatementMonth = Type.String({
  minLength: 7,
  maxLength: 7,
  pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
  description: 'YYYY-MM (UTC)',
});

export const getWallet = defineRoute({
  method: 'GET',
  path: 'wallet/wallet/getwallet/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'The farm wallet: balance, its latest 50 movements (newest first; the statement has them all) and the ' +
    'top-up limits in the farm currency',
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

export const startTopUp = defineRoute({
  method: 'POST',
  path: 'wallet/topup/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Start a top-up: an order of the amount in the farm currency, and the payment provider checkout the app ' +
    'sends the user to. The same idempotency key answers the same order and checkout (a second tap, a retry ' +
    'after a lost answer). 400 for an amount outside the limits of getwallet; 409 E_CONFLICT when the key ' +
    'was used for another amount',
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  body: Type.Object({
    amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, description: 'minor units' }),
    idempotencyKey: IdempotencyKey,
  }),
  data: Type.Object({
    orderId: Id,
    checkoutUrl: Type.String({ description: "the provider's hosted checkout page" }),
  }),
});

export const StatementLineSchema = Type.Composite([
  WalletEntrySchema,
  Type.Object({ balanceAfter: Type.Integer({ description: 'the wallet balance after this line' }) }),
]);
export type StatementLine = Static<typeof StatementLineSchema>;

export const getStatement = defineRoute({
  method: 'GET',
  path: 'wallet/statement/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    "The usage-cost statement of a month: every movement of the farm's wallet in it, oldest first, each " +
    'with the balance after it, and the opening and closing balances; months lists the months that have ' +
    'movements, newest first. Without month: the current one (UTC)',
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  query: Type.Object({ month: Type.Optional(StatementMonth) }),
  data: Type.Object({
    month: StatementMonth,
    currency: Type.String(),
    currencyDigits: Type.Integer({ minimum: 0 }),
    openingBalance: Type.Integer(),
    closingBalance: Type.Integer(),
    lines: Type.Array(StatementLineSchema),
    months: Type.Array(StatementMonth),
  }),
});
