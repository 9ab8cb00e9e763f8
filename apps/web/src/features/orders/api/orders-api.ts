import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { ORDERS_PAGE_SIZE } from '@cowcare/contract/routes/orders';
import { call } from '../../../lib/api-client';
import { orderQueryOptions, ordersQueryPrefix } from '../../../lib/api/orders';

/** The farm's orders, newest first, a page at a time. */
export const useOrders = (userId: number) =>
  useInfiniteQuery({
    queryKey: [...ordersQueryPrefix, userId, 'list'],
    queryFn: ({ signal, pageParam }) =>
      call(api.orders.listOrders, { params: { userId }, query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.orders.length < ORDERS_PAGE_SIZE ? undefined : last.orders[last.orders.length - 1]?.id,
  });

export const useOrder = (userId: number, orderId: number) =>
  useQuery({ ...orderQueryOptions(userId, orderId), enabled: orderId > 0 });
