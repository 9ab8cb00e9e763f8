import { Type, type Static } from '@sinclair/typebox';
import { CowSchema } from '../cow-schemas';
import { defineRoute } from '../route';
import { FarmNumber, Id, IdParam } from '../schemas';

const tag = 'cow-types';

/** Per-cow cost cap: keeps cost × a whole herd far inside the ledger's range. */
export const COW_TYPE_MAX_COST = 100_000_000;
export const COW_TYPE_NAME_MAX_LENGTH = 40;
/** One call moves at most this many cows (a 10,000-cow farm can move its whole herd at once). */
export const COW_TYPE_MAX_COWS_PER_CALL = 10_000;
/** `:type` / `type.id` value that stands for the uncategorized bucket (no type). */
export const UNCATEGORIZED_TYPE_ID = 0;

const CowTypeName = Type.String({
  minLength: 1,
  maxLength: COW_TYPE_NAME_MAX_LENGTH,
  // Visible text without leading or trailing spaces, on one line.
  pattern: '^\\S(?:.*\\S)?$',
  description: 'unique in the farm, whatever its case',
});
const CostMinor = Type.Integer({
  minimum: 0,
  maximum: COW_TYPE_MAX_COST,
  description: 'cost per cow in minor units of the farm currency',
});
const TypeIdOrUncategorized = Type.Integer({
  minimum: UNCATEGORIZED_TYPE_ID,
  maximum: 2147483647,
  description: 'a cow type id, or 0 for the uncategorized bucket',
});
const CowIdList = Type.Array(IdParam, {
  minItems: 1,
  maxItems: COW_TYPE_MAX_COWS_PER_CALL,
  uniqueItems: true,
  description: 'ids of cows of the caller’s farm; one unknown id refuses the whole call',
});

export const CowTypeSchema = Type.Object({
  id: Id,
  name: Type.String(),
  costnb: Type.Integer({ minimum: 0, description: 'cost per cow in minor units' }),
  count: Type.Integer({ minimum: 0, description: 'cows in the type, culled cows excluded' }),
});
export type CowType = Static<typeof CowTypeSchema>;

/**
 * What an assignment did. Only cows newly entering the type are charged (`moved`); cows already in it
 * (`alreadyInType`) are neither moved nor charged again. `charged` is the positive amount taken from the
 * wallet, `balance` the wallet after the call; `cows` are the listed cows as they are now.
 */
export const CowTypeAssignmentSchema = Type.Object({
  changed: Type.Boolean({ description: 'false when the call wrote nothing' }),
  typeid: Type.Integer({ minimum: 0, description: '0 for the uncategorized bucket' }),
  typename: Type.Union([Type.String(), Type.Null()]),
  costnb: Type.Integer({ minimum: 0, description: 'the cost per cow the server charged (its own figure)' }),
  moved: Type.Integer({ minimum: 0 }),
  alreadyInType: Type.Integer({ minimum: 0 }),
  charged: Type.Integer({ minimum: 0, description: 'minor units' }),
  balance: Type.Integer({ description: 'wallet balance after the call, minor units' }),
  currency: Type.String({ description: 'ISO 4217 code' }),
  cows: Type.Array(CowSchema),
});
export type CowTypeAssignment = Static<typeof CowTypeAssignmentSchema>;

export const listCowTypes = defineRoute({
  method: 'POST',
  path: 'common/common/getusercowtype/:FarmNumber',
  access: 'user',
  tag,
  summary: "The farm's cow types with their cost and cow count, and the uncategorized bucket's count",
  params: Type.Object({ FarmNumber }),
  scopes: { FarmNumber: 'farmNumber' },
  data: Type.Object({
    types: Type.Array(CowTypeSchema),
    uncategorized: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
  }),
});

export const addCowType = defineRoute({
  method: 'POST',
  path: 'common/common/addusercowtype/:FarmNumber',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: 'Add a cow type; its name is unique in the farm (409 E_COW_TYPE_NAME_TAKEN)',
  params: Type.Object({ FarmNumber }),
  scopes: { FarmNumber: 'farmNumber' },
  body: Type.Object({ name: CowTypeName, costnb: CostMinor }),
  data: CowTypeSchema,
});

export const updateCowType = defineRoute({
  method: 'PUT',
  path: 'common/common/putusercowtype/:id',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Rename a cow type or change its cost; a new cost applies to cows assigned from now on, ' +
    'cows already in the type are not charged again',
  params: Type.Object({ id: IdParam }),
  body: Type.Object(
    { name: Type.Optional(CowTypeName), costnb: Type.Optional(CostMinor) },
    { minProperties: 1 },
  ),
  data: CowTypeSchema,
});

export const deleteCowType = defineRoute({
  method: 'DELETE',
  path: 'common/common/delusercowtype/:id',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Delete a cow type; its cows move to the uncategorized bucket in the same transaction. ' +
    'Charges already made stay in the wallet ledger, with the type name they were made for',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({
    id: Id,
    movedToUncategorized: Type.Integer({ minimum: 0, description: 'cows that were in the type' }),
  }),
});

export const moveCowsToType = defineRoute({
  method: 'PUT',
  path: 'common/common/cowmovetotype/:type',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Move cows into a type (0: uncategorized). Cows newly entering a type with a cost are charged ' +
    'cost × their number in the same transaction (409 E_INSUFFICIENT_BALANCE when the wallet is short); ' +
    'a charge needs a verified boss password (x-boss-grant, else 403 E_BOSS_GRANT_REQUIRED)',
  params: Type.Object({ type: TypeIdOrUncategorized }),
  body: Type.Object({ list: CowIdList }),
  data: CowTypeAssignmentSchema,
});

/** The type as the client shows it; only `id` is used: the server reads name and cost itself. */
export const AssignedTypeSchema = Type.Object({
  id: TypeIdOrUncategorized,
  name: Type.Optional(Type.String({ maxLength: 200, description: 'ignored' })),
  costnb: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: COW_TYPE_MAX_COST,
      description: 'ignored: the server charges the type’s own cost',
    }),
  ),
});

export const assignCowsType = defineRoute({
  method: 'PUT',
  path: 'news/news/update/cowstype',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Assign the checked cows to a type. The charge (the type’s own cost × cows newly entering it) is ' +
    'written to the wallet in the same transaction; cows already in the type are not charged again. ' +
    'A charge needs a verified boss password (x-boss-grant, else 403 E_BOSS_GRANT_REQUIRED)',
  body: Type.Object({ checklist: CowIdList, type: AssignedTypeSchema }),
  data: CowTypeAssignmentSchema,
});
