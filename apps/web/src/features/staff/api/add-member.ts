import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { staffQueryOptions } from './get-staff';

/** An existing user, by username or phone, joins the farm as staff. */
export const addMember = (login: string) => call(api.staff.addMember, { body: { login } });

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
  });
}
