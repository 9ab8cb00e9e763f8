import { api } from '@cowcare/contract/api';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { loginWithPassword } from '../auth/password-login';
import { cowTimeline } from '../cows/cow-history';
import { presentCow } from '../cows/cow-presenter';
import { findAdminByUsername } from './admin-users-repository';
import { adminOf } from './authenticate-admin';
import { findCowOfAnyFarm, restoreCulledCow } from './support-cows';

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
];
