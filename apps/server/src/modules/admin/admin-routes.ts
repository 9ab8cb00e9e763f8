import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { throttled, unauthorized } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { burnPasswordCheck, verifyPassword } from '../auth/passwords';
import { cowTimeline } from '../cows/cow-history';
import { presentCow } from '../cows/cow-presenter';
import { findAdminByUsername } from './admin-users-repository';
import { adminOf } from './authenticate-admin';
import { findCowOfAnyFarm, restoreCulledCow } from './support-cows';

// Admin and user logins share the throttle's per-address count; the account keys cannot collide.
const throttleKey = (username: string) => `admin:${username}`;

export const adminRoutes = (services: Services) => [
  bind(api.admin.login, async ({ body, ip }) => {
    const key = throttleKey(body.username);
    const retryAfter = services.loginThrottle.retryAfterSeconds(key, ip);
    if (retryAfter > 0) throw throttled(retryAfter, 'Too many failed logins. Try again later.');
    const admin = await findAdminByUsername(services.db, body.username);
    const valid = admin
      ? await verifyPassword(admin.passwordHash, body.password)
      : await burnPasswordCheck(body.password);
    if (!admin || !valid) {
      services.loginThrottle.recordFailure(key, ip);
      throw unauthorized('Incorrect username or password', ERROR_CODES.badCredentials);
    }
    services.loginThrottle.recordSuccess(key, ip);
    return { token: await services.tokens.signAdminToken(admin.id) };
  }),

  bind(api.admin.restoreCow, async ({ params, body, request }) =>
    presentCow(await restoreCulledCow(services.db, adminOf(request).adminId, params.id, body.status)),
  ),

  bind(api.admin.cowHistory, async ({ params }) =>
    cowTimeline(services.db, await findCowOfAnyFarm(services.db, params.id)),
  ),
];
