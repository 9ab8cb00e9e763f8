import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { saveUser } from '../../../lib/session';

/** The user record from the server; the stored copy is kept in step with it. */
export async function getUser(id: number, signal?: AbortSignal) {
  const user = await call(api.user.getUser, { params: { id }, signal });
  saveUser(user);
  return user;
}

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['user', id],
    queryFn: ({ signal }) => getUser(id, signal),
  });

export const useUserRecord = (id: number) => useQuery(userQueryOptions(id));
