import { api } from '@cowcare/contract/api';
import type { ChatSocketMessage } from '@cowcare/contract/socket-messages';
import { forbidden } from '../../http/app-error';
import { bind, type AuthUser } from '../../http/route-context';
import type { Services } from '../../services';
import { searchPeople } from './chat-people';
import {
  ensureServiceConversation,
  findRelationById,
  findRelationInConversation,
  findRelationWithFriend,
  listRelations,
  requireMembership,
  updateMember,
} from './conversations-repository';
import {
  applyForFriendship,
  endFriendship,
  openRequestsOf,
  passApplication,
  refuseApplication,
  type Accepted,
} from './friends';
import {
  createGroup,
  deleteGroup,
  findGroupOfMember,
  findGroupUsersOfMember,
  findGroupsOfMember,
  inviteToGroup,
  leaveGroup,
  listGroupTypes,
  removeFromGroup,
  updateGroup,
} from './groups';
import { findPictureForMember, pageOfConversation, sendUserMessage } from './messages-repository';
import { sendPictureOf } from './picture-file';
import { tellSupport } from './support-chat';

/** The spec's calls carry the caller's id in the body (`uid`); it must be the token's, as a path scope is. */
const requireSelf = (user: AuthUser, uid: number): void => {
  if (uid !== user.userId) throw forbidden('You can only read your own conversations');
};

export const chatRoutes = (services: Services) => {
  const { db, bus } = services;
  const tell = (userIds: readonly number[], message: ChatSocketMessage) =>
    bus.publishToUsers(userIds, message);
  const tellAccepted = async (accepted: Accepted) => {
    for (const [userId, relation] of accepted.relations) {
      await tell([userId], { type: 'passapply', data: relation });
    }
  };

  return [
    bind(api.chat.relations, async ({ body, user }) => {
      requireSelf(user, body.uid);
      return listRelations(db, user.userId);
    }),

    bind(api.chat.serviceHistory, async ({ params, user }) => {
      const conversationId = await ensureServiceConversation(db, user.userId);
      return pageOfConversation(db, conversationId, params.before === 0 ? undefined : params.before);
    }),

    bind(api.chat.history, async ({ params, query, user }) => {
      await requireMembership(db, user.userId, params.conversationId);
      return pageOfConversation(db, params.conversationId, query.before, query.limit);
    }),

    bind(api.chat.send, async ({ body, user }) => {
      const sent = await sendUserMessage(db, user, body);
      // A resend was delivered the first time; telling again would show it twice on slow clients.
      if (!sent.duplicate) {
        await tell(sent.memberIds, { type: 'chatmessage', data: sent.message });
        if (sent.toSupport) await tellSupport(db, bus, body.conversationId, sent.message);
      }
      return sent.message;
    }),

    bind(api.chat.picture, async ({ params, user, reply }) => {
      return sendPictureOf(services, reply, await findPictureForMember(db, user.userId, params.id));
    }),

    bind(api.chat.updateRelation, async ({ body, user }) => {
      const before = await findRelationById(db, user.userId, body.id);
      await updateMember(db, user.userId, body.id, { count: body.count, notice: body.notice });
      // Every device of the user drops the badge (spec §4: zeroed locally and on the server).
      if (body.count === 0) {
        await tell([user.userId], {
          type: 'chatread',
          data: { conversationId: before.conversationId, count: 0 },
        });
      }
      return findRelationById(db, user.userId, body.id);
    }),

    bind(api.chat.friendRelation, async ({ body, user }) => {
      requireSelf(user, body.uid);
      return findRelationWithFriend(db, user.userId, body.fid);
    }),

    bind(api.chat.groupRelation, async ({ body, user }) => {
      requireSelf(user, body.uid);
      return findRelationInConversation(
        db,
        user.userId,
        (await findGroupOfMember(db, user.userId, body.gid)).id,
      );
    }),

    bind(api.chat.groups, async ({ body, user }) => findGroupsOfMember(db, user.userId, body.id)),

    bind(api.chat.groupUsers, async ({ body, user }) => findGroupUsersOfMember(db, user.userId, body.gid)),

    bind(api.chat.group, async ({ params, user }) => findGroupOfMember(db, user.userId, params.gid)),

    bind(api.chat.groupTypes, async () => listGroupTypes(db)),

    bind(api.chat.findUser, async ({ body, user }) => searchPeople(db, body.keyword, user.userId)),

    bind(api.chat.friendApply, async ({ body, user }) => {
      const outcome = await applyForFriendship(db, user.userId, body.fid);
      if (outcome.kind === 'accepted') await tellAccepted(outcome.accepted);
      else await tell([body.fid, user.userId], { type: 'friendapply', data: outcome.request });
      return outcome.request;
    }),

    bind(api.chat.friendApplies, async ({ user }) => openRequestsOf(db, user.userId)),

    bind(api.chat.passApply, async ({ params, user }) => {
      const accepted = await passApplication(db, user.userId, params.id);
      await tellAccepted(accepted);
      const mine = accepted.relations.get(user.userId);
      if (!mine) throw new Error('the accepted friendship has no relation of the caller');
      return mine;
    }),

    bind(api.chat.refuseApply, async ({ params, user }) => {
      const other = await refuseApplication(db, user.userId, params.id);
      await tell([other, user.userId], { type: 'friendrefuse', data: { id: params.id } });
      return { id: params.id };
    }),

    bind(api.chat.deleteFriend, async ({ params, user }) => {
      const conversationId = await endFriendship(db, user.userId, params.fid);
      await tell([user.userId], { type: 'frienddelete', data: { fid: params.fid, conversationId } });
      await tell([params.fid], { type: 'frienddelete', data: { fid: user.userId, conversationId } });
      return { fid: params.fid };
    }),

    bind(api.chat.createGroup, async ({ body, user }) => {
      const group = await createGroup(db, user.userId, body);
      await tell(
        group.users.map((member) => member.uid),
        { type: 'newgroup', data: group },
      );
      return group;
    }),

    bind(api.chat.updateGroup, async ({ params, body, user }) => {
      const group = await updateGroup(db, user.userId, params.gid, body);
      await tell(
        group.users.map((member) => member.uid),
        { type: 'groupchange', data: group },
      );
      return group;
    }),

    bind(api.chat.deleteGroup, async ({ params, user }) => {
      const members = await deleteGroup(db, user.userId, params.gid);
      await tell(members, { type: 'deletegroup', data: { gid: params.gid } });
      return { gid: params.gid };
    }),

    bind(api.chat.inviteToGroup, async ({ params, body, user }) => {
      const { group, added, earlier } = await inviteToGroup(db, user.userId, params.gid, body.users);
      if (added.length > 0) {
        await tell(
          added.map((person) => person.id),
          { type: 'newgroup', data: group },
        );
        await tell(earlier, { type: 'adduser', data: { gid: group.id, users: added } });
      }
      return group;
    }),

    bind(api.chat.removeFromGroup, async ({ params, user }) => {
      const { group, told } = await removeFromGroup(db, user.userId, params.gid, params.uid);
      await tell(told, { type: 'removeuser', data: { gid: params.gid, uid: params.uid } });
      return group;
    }),

    bind(api.chat.leaveGroup, async ({ params, user }) => {
      const told = await leaveGroup(db, user.userId, params.gid);
      await tell(told, { type: 'userexit', data: { gid: params.gid, uid: user.userId } });
      return { gid: params.gid };
    }),
  ];
};
