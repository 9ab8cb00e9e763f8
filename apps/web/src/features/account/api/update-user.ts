import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { saveUser } from '../../../lib/session';
import { userQueryOptions } from './get-user';

export type UpdateUserInput = RouteBody<typeof api.user.updateUser>;

export async function updateUser(input: UpdateUserInput) {
  const user = await call(api.user.updateUser, { body: input });
  saveUser(user);
  return user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions(user.id).queryKey, user),
  });
}
