import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { AppError, forbidden, notFound, throttled } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { verifyPassword } from '../auth/passwords';
import { BOSS_GRANT_TTL_SECONDS } from '../auth/tokens';
import { ensureFarmRecords, findBossPasswordHash } from './farm-records';
import { checkHealth } from './health-check';
import {
  listAdminUsers,
  listConfigDictionary,
  listTranslationStrings,
  findSystemInfo,
} from './reference-data-repository';

export const systemRoutes = (services: Services) => [
  bind(api.system.health, () => checkHealth(services)),

  bind(api.system.translationStrings, async () => listTranslationStrings(services.db)),

  bind(api.system.systemInfo, async ({ params }) => {
    const info = params.id === 1 ? await findSystemInfo(services.db) : undefined;
    if (!info) throw notFound('There is no such system info record');
    return { ...info, minVersionCode: await services.appVersion.minVersionCode() };
  }),

  bind(api.system.adminUserList, async () => listAdminUsers(services.db)),

  bind(api.system.configDictionary, async () => listConfigDictionary(services.db)),

  bind(api.system.bossPasswordStatus, async ({ user }) => ({
    isSet: (await findBossPasswordHash(services.db, user.farmId)) !== undefined,
  })),

  bind(api.system.verifyBossPassword, async ({ body, user }) => {
    const attempt = await services.bossPasswordThrottle.guard(String(user.userId), async () => {
      const bossPasswordHash = await findBossPasswordHash(services.db, user.farmId);
      if (!bossPasswordHash) {
        throw new AppError(400, ERROR_CODES.bossPasswordNotSet, 'This farm has no boss password yet');
      }
      return (await verifyPassword(bossPasswordHash, body.password)) ? true : undefined;
    });
    if (attempt.outcome === 'throttled') {
      throw throttled(attempt.retryAfterSeconds, 'Too many wrong boss passwords. Try again later.');
    }
    if (attempt.outcome === 'failed') {
      throw new AppError(400, ERROR_CODES.bossPasswordIncorrect, 'The boss password is incorrect');
    }
    return {
      grant: await services.tokens.signBossGrant(user.userId, user.farmId),
      expiresAt: new Date(Date.now() + BOSS_GRANT_TTL_SECONDS * 1000).toISOString(),
    };
  }),

  bind(api.system.farmDataRun, async ({ body, user }) => {
    if (body.FarmNumber !== user.farmNumber) throw forbidden();
    return {
      FarmNumber: user.farmNumber,
      ready: true as const,
      created: await ensureFarmRecords(services.db, user.farmId),
    };
  }),
];
