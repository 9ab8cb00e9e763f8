import { queryOptions } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';

/**
 * The user's notes to CowCare (spec §3 "Message (user)", `user/user/getmessage/{id}`), newest first. Loaded
 * after login with the rest of the user's data (spec §5 loginSuccess) and read by the account's notes screen.
 */
export const userMessagesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['user', userId, 'messages'],
    queryFn: ({ signal }) => call(api.user.getMessages, { params: { id: userId }, signal, silent: true }),
  });
