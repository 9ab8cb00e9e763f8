import { useMutation, type QueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../api-client';

export type ChangePasswordInput = RouteBody<typeof api.auth.changePassword>;

export const changePassword = (input: ChangePasswordInput) => call(api.auth.changePassword, { body: input });

const CHANGE_PASSWORD_KEY = ['account', 'change-password'] as const;

export const useChangePassword = () =>
  useMutation({ mutationKey: CHANGE_PASSWORD_KEY, mutationFn: changePassword });

/**
 * A password change made here is under way or done: it ends this login too (the server closes the socket
 * before it answers), and its own dialog logs out once the user has read it.
 */
export const isChangingPasswordHere = (queryClient: QueryClient): boolean =>
  queryClient
    .getMutationCache()
    .findAll({ mutationKey: CHANGE_PASSWORD_KEY })
    .some((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'success');
