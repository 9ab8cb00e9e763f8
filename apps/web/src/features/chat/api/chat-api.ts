import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { ChatPage } from '@cowcare/contract/chat-schemas';
import type { RouteBody } from '@cowcare/contract/route';
import { UPLOAD_FIELD_NAME } from '@cowcare/contract/routes/uploads';
import { call, callForFile } from '../../../lib/api-client';
import { getUser } from '../../../lib/session';

/** The chat calls live on the chat base of spec §7 (the same server by default). */
const base = 'chat' as const;

const userId = (): number => getUser()?.id ?? 0;

export const chatKeys = {
  relations: ['chat', 'relations'] as const,
  history: (conversationId: number) => ['chat', 'history', conversationId] as const,
  applies: ['chat', 'applies'] as const,
  group: (gid: number) => ['chat', 'group', gid] as const,
  groupTypes: ['chat', 'group-types'] as const,
  picture: (messageId: number) => ['chat', 'picture', messageId] as const,
};

export const relationsQuery = () =>
  queryOptions({
    queryKey: chatKeys.relations,
    queryFn: ({ signal }) =>
      call(api.chat.relations, { base, body: { uid: userId() }, signal, silent: true }),
  });

/** History newest first, a page at a time; the next page is older than the oldest message held. */
export const historyQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history(conversationId),
    queryFn: ({ signal, pageParam }): Promise<ChatPage> =>
      call(api.chat.history, {
        base,
        params: { conversationId },
        query: pageParam === 0 ? {} : { before: pageParam },
        signal,
        silent: true,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.messages.at(-1)?.seq : undefined),
  });

export const appliesQuery = () =>
  queryOptions({
    queryKey: chatKeys.applies,
    queryFn: ({ signal }) => call(api.chat.friendApplies, { base, signal, silent: true }),
  });

export const groupQuery = (gid: number) =>
  queryOptions({
    queryKey: chatKeys.group(gid),
    queryFn: ({ signal }) => call(api.chat.group, { base, params: { gid }, signal, silent: true }),
  });

export const groupTypesQuery = () =>
  queryOptions({
    queryKey: chatKeys.groupTypes,
    queryFn: ({ signal }) => call(api.chat.groupTypes, { base, signal, silent: true }),
    staleTime: Infinity,
  });

/** A picture's bytes: served with the token to the conversation's members, so an <img src> cannot fetch it. */
export const pictureQuery = (messageId: number) =>
  queryOptions({
    queryKey: chatKeys.picture(messageId),
    queryFn: ({ signal }) =>
      callForFile(api.chat.picture, { base, params: { id: messageId }, signal, silent: true }),
    staleTime: Infinity,
  });

export const sendMessage = (body: RouteBody<typeof api.chat.send>) =>
  call(api.chat.send, { base, body, silent: true });

export const uploadPicture = (file: File) => {
  const form = new FormData();
  form.append(UPLOAD_FIELD_NAME, file, file.name);
  return call(api.uploads.upload, { form });
};

export const zeroUnread = (relationId: number) =>
  call(api.chat.updateRelation, { base, body: { id: relationId, count: 0 }, silent: true });

export const findUsers = (keyword: string) => call(api.chat.findUser, { base, body: { keyword } });
export const applyForFriend = (fid: number) => call(api.chat.friendApply, { base, body: { fid } });
export const passApply = (id: number) => call(api.chat.passApply, { base, params: { id } });
export const refuseApply = (id: number) => call(api.chat.refuseApply, { base, params: { id } });
export const deleteFriend = (fid: number) => call(api.chat.deleteFriend, { base, params: { fid } });
export const createGroup = (body: {
  name: string;
  note?: string;
  avatar?: string;
  type: number;
  users: number[];
}) => call(api.chat.createGroup, { base, body });
export const updateGroup = (gid: number, body: { name?: string; note?: string; avatar?: string }) =>
  call(api.chat.updateGroup, { base, params: { gid }, body });
export const deleteGroup = (gid: number) => call(api.chat.deleteGroup, { base, params: { gid } });
export const inviteToGroup = (gid: number, users: number[]) =>
  call(api.chat.inviteToGroup, { base, params: { gid }, body: { users } });
export const removeFromGroup = (gid: number, uid: number) =>
  call(api.chat.removeFromGroup, { base, params: { gid, uid } });
export const leaveGroup = (gid: number) => call(api.chat.leaveGroup, { base, params: { gid } });
