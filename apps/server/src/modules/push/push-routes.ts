import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { isKnownTimeZone, type PushChoices } from '@cowcare/domain/push-rules';
import { badRequest, notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { isAllowedPushEndpoint } from './push-config';
import { readPushChoices, savePushChoices } from './push-choices-repository';
import {
  listPushDevices,
  removePushDevice,
  renewPushDevice,
  savePushDevice,
} from './push-devices-repository';

export const pushRoutes = (services: Services) => {
  const { push } = services.config;
  const presentChoices = async (userId: number) => {
    const choices: PushChoices = await readPushChoices(services.db, userId);
    return { ...choices, codes: [...choices.codes] };
  };
  /** A registration (or a renewal) may only name a push service the server sends to (docs/push.md). */
  const refuseUnknownService = (endpoint: string): void => {
    if (!isAllowedPushEndpoint(endpoint, push.services)) {
      throw badRequest(ERROR_CODES.validation, 'CowCare does not send to this push service');
    }
  };
  return [
    bind(api.push.pushKey, () => Promise.resolve({ publicKey: push.vapid.publicKey })),

    bind(api.push.addPushDevice, async ({ body, user }) => {
      refuseUnknownService(body.endpoint);
      return savePushDevice(services.db, {
        userId: user.userId,
        loginSessionId: user.sessionId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        label: body.label ?? 'Browser',
      });
    }),

    bind(api.push.listPushDevices, ({ user }) => listPushDevices(services.db, user.userId)),

    bind(api.push.removePushDevice, async ({ params, user }) => {
      if (!(await removePushDevice(services.db, user.userId, params.deviceId))) {
        throw notFound('No such device');
      }
      return { removed: true as const };
    }),

    bind(api.push.renewPushDevice, async ({ body }) => {
      refuseUnknownService(body.endpoint);
      const renewed = await services.db.transaction((tx) =>
        renewPushDevice(tx, body.oldEndpoint, { endpoint: body.endpoint, ...body.keys }),
      );
      if (!renewed) throw notFound('No device has this subscription');
      return { renewed: true as const };
    }),

    bind(api.push.getPushChoices, ({ user }) => presentChoices(user.userId)),

    bind(api.push.setPushChoices, async ({ body, user }) => {
      if (!isKnownTimeZone(body.timeZone)) throw badRequest(ERROR_CODES.validation, 'Unknown time zone');
      await savePushChoices(services.db, user.userId, body);
      return presentChoices(user.userId);
    }),
  ];
};
