import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { throttled, unauthorized } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { accountWithPassword } from '../auth/passwords';
import { cowTimeline } from '../cows/cow-history';
import { presentCow } from '../cows/cow-presenter';
import { findAdminByUsername } from './admin-users-repository';
import { adminOf } from './authenticate-admin';
import { findCowOfAnyFarm, restoreCulledCow } from './support-cows';

// Admin and user logins share the throttle's per-address count; the account keys cannot collide.
const throttleKey = (username: string) => `admin:${username}`;

export const adminRoutes = (services: Services) => [
  bind(api.admin.login, async ({ body, ip }) => {
    const attempt = await services.loginThrottle.guard(throttleKey(body.username), ip, async () =>
      accountWithPassword(
        await findAdminByUsername(services.db, body.username),
        (admin) => admin.passwordHash,
        body.password,
      ),
    );
    if (attempt.outcome === 'throttled') {
      throw throttled(attempt.retryAfterSeconds, 'Too many failed logins. Try again later.');
    }
    if (attempt.outcome === 'failed') {
      throw unauthorized('Incorrect username or password', ERROR_CODES.badCredentials);
    }
    return { token: await services.tokens.signAdminToken(attempt.value.id) };
  }),

  bind(api.admin.restoreCow, async ({ params, body, request }) =>
    presentCow(await restoreCulledCow(services.db, adminOf(request).adminId, params.id, body.status)),
  ),

  bind(api.admin.cowHistory, async ({ params }) =>
    cowTimeline(services.db, await findCowOfAnyFarm(services.db, params.id)),
  ),
];
