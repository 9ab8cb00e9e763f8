import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { walletQueryPrefix } from '../../../lib/api/get-wallet';

export const startTopUp = (userId: number, amount: number, idempotencyKey: string) =>
  call(api.wallet.startTopUp, { params: { userId }, body: { amount, idempotencyKey } });

/** A top-up's order and the provider's checkout page; the caller sends the browser there. */
export const useStartTopUp = (userId: number) =>
  useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      startTopUp(userId, amount, idempotencyKey),
  });

export const statementQueryKey = (userId: number, month: string) =>
  [...walletQueryPrefix, userId, 'statement', month] as const;

export const useStatement = (userId: number, month: string) =>
  useQuery({
    queryKey: statementQueryKey(userId, month),
    queryFn: ({ signal }) => call(api.wallet.getStatement, { params: { userId }, query: { month }, signal }),
    // The month picker keeps the last month on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
