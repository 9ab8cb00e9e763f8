import { useMutation } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';

export type ChangePasswordInput = RouteBody<typeof api.auth.changePassword>;

export const changePassword = (input: ChangePasswordInput) => call(api.auth.changePassword, { body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
