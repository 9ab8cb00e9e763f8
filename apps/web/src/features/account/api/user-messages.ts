import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { UserMessage } from '@cowcare/contract/schemas';
import { call } from '../../../lib/api-client';
import { userMessagesQuery } from '../../../lib/api/user-messages';

export const useUserMessages = (userId: number) => useQuery(userMessagesQuery(userId));

/** Stores a note (`user/user/insertmessage`); the list shows it on top at once, as the server now has it. */
export function useInsertUserMessage(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call(api.user.insertMessage, { body: { message } }),
    onSuccess: (stored) =>
      queryClient.setQueryData<UserMessage[]>(userMessagesQuery(userId).queryKey, (list) => [
        stored,
        ...(list ?? []).filter((held) => held.id !== stored.id),
      ]),
  });
}
