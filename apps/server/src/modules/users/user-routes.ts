import { api } from '@cowcare/contract/api';
import { forbidden } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { findSettings, saveSettings } from './settings-repository';
import { insertUserMessage, listUserMessages } from './user-messages-repository';
import { presentUser } from './user-presenter';
import { findUserById, updateUser, type UserChanges } from './users-repository';

export const userRoutes = (services: Services) => {
  const changeAndPresent = async (userId: number, changes: UserChanges) => {
    await updateUser(services.db, userId, changes);
    const user = await findUserById(services.db, userId);
    if (!user) throw new Error(`user ${userId} vanished during an update`);
    return presentUser(user);
  };

  return [
    bind(api.user.setLanguage, async ({ params }) => changeAndPresent(params.id, { language: params.lang })),

    bind(api.user.setPushClientId, async ({ params }) =>
      changeAndPresent(params.id, { pushClientId: params.cid }),
    ),

    bind(api.user.updateUser, async ({ body, user }) => {
      if (body.id !== user.userId) throw forbidden();
      const { cid, name, phone, avatar } = body;
      return changeAndPresent(user.userId, { pushClientId: cid, name, phone, avatar });
    }),

    bind(api.user.getUser, async ({ params }) => changeAndPresent(params.id, {})),

    bind(api.user.getSettings, async ({ user }) => findSettings(services.db, user.farmId)),

    bind(api.user.putSettings, async ({ body, user }) => saveSettings(services.db, user.farmId, body)),

    bind(api.user.insertMessage, async ({ body, user }) =>
      insertUserMessage(services.db, user.userId, body.message),
    ),

    bind(api.user.getMessages, async ({ user }) => listUserMessages(services.db, user.userId)),

    bind(api.user.setSensorFilter, async ({ body, user }) =>
      changeAndPresent(user.userId, { sensorFilter: body.sensorfilter }),
    ),
  ];
};
