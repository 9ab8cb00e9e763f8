import type { OrderEvent, OrderKind, OrderMethod } from '@cowcare/contract/routes/orders';
import type { OrderState } from '@cowcare/domain/money';
import type { Queryable } from '../../db/database';

export interface OrderRecord {
  id: number;
  farmId: number;
  userId: number | null;
  kind: OrderKind;
  state: OrderState;
  amountMinor: number;
  currency: string;
  method: OrderMethod;
  description: string;
  planId: number | null;
  providerReference: string | null;
  idempotencyKey: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewOrder {
  farmId: number;
  userId: number | null;
  kind: OrderKind;
  state: OrderState;
  amountMinor: number;
  currency: string;
  method: OrderMethod;
  description: string;
  planId?: number;
  idempotencyKey: string;
}

const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ORDER_COLUMNS = `id, farm_id AS "farmId", user_id AS "userId", kind, state,
  amount_minor::float8 AS "amountMinor", currency, method, description, plan_id AS "planId",
  provider_reference AS "providerReference", idempotency_key AS "idempotencyKey",
  ${isoOf('created_at')} AS "createdAt", ${isoOf('updated_at')} AS "updatedAt"`;

/**
 * Creates the order with its first event, or answers the farm's order of that idempotency key (created:
 * false) when there is one already, so a repeated call never makes a second order.
 */
export const createOrder = async (
  tx: Queryable,
  order: NewOrder,
  source: OrderEvent['source'],
  detail: string,
): Promise<{ order: OrderRecord; created: boolean }> => {
  const [inserted] = await tx.query<OrderRecord>(
    `INSERT INTO orders (farm_id, user_id, kind, state, amount_minor, currency, method, description, plan_id,
                         idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (farm_id, idempotency_key) DO NOTHING
     RETURNING ${ORDER_COLUMNS}`,
    [
      order.farmId,
      order.userId,
      order.kind,
      order.state,
      order.amountMinor,
      order.currency,
      order.method,
      order.description,
      order.planId ?? null,
      order.idempotencyKey,
    ],
  );
  if (inserted) {
    await addOrderEvent(tx, inserted.id, inserted.state, source, detail);
    return { order: inserted, created: true };
  }
  const [existing] = await tx.query<OrderRecord>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE farm_id = $1 AND idempotency_key = $2`,
    [order.farmId, order.idempotencyKey],
  );
  if (!existing) throw new Error(`order ${order.idempotencyKey} neither created nor found`);
  return { order: existing, created: false };
};

export const addOrderEvent = async (
  tx: Queryable,
  orderId: number,
  state: OrderState,
  source: OrderEvent['source'],
  detail: string,
): Promise<void> => {
  await tx.query('INSERT INTO order_events (order_id, state, source, detail) VALUES ($1, $2, $3, $4)', [
    orderId,
    state,
    source,
    detail,
  ]);
};

/** Moves the order to `state` and records why, in the caller's transaction. */
export const moveOrder = async (
  tx: Queryable,
  orderId: number,
  state: OrderState,
  source: OrderEvent['source'],
  detail: string,
): Promise<void> => {
  await tx.query('UPDATE orders SET state = $2, updated_at = now() WHERE id = $1', [orderId, state]);
  await addOrderEvent(tx, orderId, state, source, detail);
};

export const setProviderReference = async (
  tx: Queryable,
  orderId: number,
  reference: string,
): Promise<void> => {
  await tx.query('UPDATE orders SET provider_reference = $2, updated_at = now() WHERE id = $1', [
    orderId,
    reference,
  ]);
};

/** The order, held until the transaction ends so two events for it apply one after the other. */
export const lockOrder = async (tx: Queryable, orderId: number): Promise<OrderRecord | undefined> =>
  (await tx.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]))[0];

export const findFarmOrder = async (
  db: Queryable,
  farmId: number,
  orderId: number,
): Promise<OrderRecord | undefined> =>
  (
    await db.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND farm_id = $2`, [
      orderId,
      farmId,
    ])
  )[0];

export const findOrderByKey = async (
  db: Queryable,
  farmId: number,
  idempotencyKey: string,
): Promise<OrderRecord | undefined> =>
  (
    await db.query<OrderRecord>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE farm_id = $1 AND idempotency_key = $2`,
      [farmId, idempotencyKey],
    )
  )[0];

export const findOrder = async (db: Queryable, orderId: number): Promise<OrderRecord | undefined> =>
  (await db.query<OrderRecord>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [orderId]))[0];

export const listFarmOrders = (
  db: Queryable,
  farmId: number,
  limit: number,
  before?: number,
): Promise<OrderRecord[]> =>
  db.query<OrderRecord>(
    `SELECT ${ORDER_COLUMNS} FROM orders
      WHERE farm_id = $1 AND ($2::int IS NULL OR id < $2)
      ORDER BY id DESC LIMIT $3`,
    [farmId, before ?? null, limit],
  );

export interface OrderEventRecord extends OrderEvent {
  orderId: number;
}

export const orderEvents = (db: Queryable, orderIds: readonly number[]): Promise<OrderEventRecord[]> =>
  db.query<OrderEventRecord>(
    `SELECT order_id AS "orderId", state, source, detail, ${isoOf('created_at')} AS at
       FROM order_events WHERE order_id = ANY($1::int[]) ORDER BY id`,
    [orderIds],
  );

/** Orders a provider has not settled yet, oldest first: what the reconciliation job asks about. */
export const openProviderOrders = (
  db: Queryable,
  olderThanSeconds: number,
  limit: number,
): Promise<OrderRecord[]> =>
  db.query<OrderRecord>(
    `SELECT ${ORDER_COLUMNS} FROM orders
      WHERE state IN ('created', 'pending') AND method <> 'wallet' AND provider_reference IS NOT NULL
        AND created_at < now() - make_interval(secs => $1)
      ORDER BY created_at LIMIT $2`,
    [olderThanSeconds, limit],
  );
