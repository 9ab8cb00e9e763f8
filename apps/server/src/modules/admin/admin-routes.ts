import { api } from '@cowcare/contract/api';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { closeSocketsOfEndedLogins } from '../auth/ended-logins';
import { loginWithPassword } from '../auth/password-login';
import { pageOfConversation } from '../chat/messages-repository';
import { sendPictureOf } from '../chat/picture-file';
import {
  findServiceConversation,
  findServicePicture,
  listServiceInbox,
  markReadBySupport,
  sendSupportReply,
  tellSupport,
} from '../chat/support-chat';
import { cowTimeline } from '../cows/cow-history';
import { presentCow } from '../cows/cow-presenter';
import { findAdminByUsername } from './admin-users-repository';
import { adminOf } from './authenticate-admin';
import { findCowOfAnyFarm, restoreCulledCow } from './support-cows';
import { disableFarmUser, enableFarmUser } from './support-users';

// Admin and user logins share the throttle's per-address count; the account keys cannot collide.
const throttleKey = (username: string) => `admin:${username}`;

export const adminRoutes = (services: Services) => [
  bind(api.admin.login, async ({ body, ip }) => {
    const admin = await loginWithPassword(
      services.loginThrottle,
      { throttleKey: throttleKey(body.username), address: ip, password: body.password },
      () => findAdminByUsername(services.db, body.username),
    );
    return { token: await services.tokens.signAdminToken(admin.id) };
  }),

  bind(api.admin.restoreCow, async ({ params, body, request }) =>
    presentCow(await restoreCulledCow(services.db, adminOf(request).adminId, params.id, body.status)),
  ),

  bind(api.admin.cowHistory, async ({ params }) =>
    cowTimeline(services.db, await findCowOfAnyFarm(services.db, params.id)),
  ),

  bind(api.admin.disableUser, async ({ params, body, request }) => {
    const { adminId } = adminOf(request);
    const { user, revoked } = await disableFarmUser(services.db, {
      adminId,
      userId: params.id,
      reason: body.reason,
    });
    await closeSocketsOfEndedLogins(services.bus, revoked);
    // Support's actions on accounts are looked for in the log when a farm asks who locked them out.
    services.log.info(
      { adminId, userId: user.id, endedLogins: revoked.sessionIds.length },
      'support disabled a user',
    );
    return user;
  }),

  bind(api.admin.enableUser, async ({ params, request }) => {
    const { adminId } = adminOf(request);
    const user = await enableFarmUser(services.db, adminId, params.id);
    services.log.info({ adminId, userId: user.id }, 'support enabled a user');
    return user;
  }),

  bind(api.admin.chatInbox, async () => listServiceInbox(services.db)),

  bind(api.admin.chatHistory, async ({ params, query }) => {
    await findServiceConversation(services.db, params.conversationId);
    return pageOfConversation(services.db, params.conversationId, query.before);
  }),

  bind(api.admin.chatReply, async ({ body, request }) => {
    const sent = await sendSupportReply(services.db, adminOf(request).adminId, body);
    if (!sent.duplicate) {
      await services.bus.publishToUsers(sent.memberIds, { type: 'chatmessage', data: sent.message });
      await tellSupport(services.db, services.bus, body.conversationId, sent.message);
    }
    return sent.message;
  }),

  bind(api.admin.chatRead, async ({ params }) => {
    const conversation = await markReadBySupport(services.db, params.conversationId);
    await services.bus.publishToSupport({ type: 'servicechat', data: { conversation, message: null } });
    return conversation;
  }),

  bind(api.admin.chatPicture, async ({ params, reply }) =>
    sendPictureOf(services, reply, await findServicePicture(services.db, params.id)),
  ),
];
