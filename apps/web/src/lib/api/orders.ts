import { queryOptions } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';

/** Orders are read by the wallet (a top-up's return) and the orders screens: one cache for both. */
export const ordersQueryPrefix = ['orders'] as const;

export const getOrder = (userId: number, orderId: number, signal?: AbortSignal) =>
  call(api.orders.getOrder, { params: { userId, orderId }, signal, silent: true });

export const orderQueryOptions = (userId: number, orderId: number) =>
  queryOptions({
    queryKey: [...ordersQueryPrefix, userId, 'one', orderId],
    queryFn: ({ signal }) => getOrder(userId, orderId, signal),
  });
