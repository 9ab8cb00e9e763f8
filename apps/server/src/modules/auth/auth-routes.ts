import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Session } from '@cowcare/contract/schemas';
import { badRequest, unauthorized } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { presentUser } from '../users/user-presenter';
import { findUserById, findUserByUsername, updateUser } from '../users/users-repository';
import { agreementText } from './agreement-texts';
import { accountDisabled, lockUserUnlessDisabled, removedFromFarm } from './disabled-users';
import { closeSocketsOfEndedLogins } from './ended-logins';
import { loginWithPassword } from './password-login';
import { hashPassword, verifyPassword } from './passwords';
import { registerFarmUser } from './register-farm-user';
import {
  createLoginSession,
  findRefreshTokenForUpdate,
  issueRefreshToken,
  markRefreshTokenUsed,
  revokeAllSessionsOfUser,
  revokeSession,
  type RefreshTokenRecord,
  type RevokedSessions,
} from './sessions-repository';

export const startSession = async (services: Services, userId: number): Promise<Omit<Session, 'user'>> => {
  const { sessionId, refreshToken } = await services.db.transaction(async (tx) => {
    await lockUserUnlessDisabled(tx, userId);
    const id = await createLoginSession(tx, userId);
    return { sessionId: id, refreshToken: await issueRefreshToken(tx, id) };
  });
  return { token: await services.tokens.signAccessToken({ userId, sessionId }), refreshToken };
};

type RefreshOutcome =
  | { ok: true; record: RefreshTokenRecord; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'ended' | 'disabled' | 'removed' }
  | { ok: false; reason: 'reused'; revoked: RevokedSessions };

export const authRoutes = (services: Services) => [
  bind(api.auth.login, async ({ body, ip }) => {
    const user = await loginWithPassword(
      services.loginThrottle,
      { throttleKey: body.username, address: ip, password: body.password },
      () => findUserByUsername(services.db, body.username),
    );
    // Told only after the right password, so the answer says nothing about an account to a guesser.
    if (user.disabled) throw accountDisabled();
    if (user.removedFromFarm) throw removedFromFarm();
    return { ...(await startSession(services, user.id)), user: presentUser(user) };
  }),

  bind(api.auth.register, async ({ body }) => {
    const userId = await registerFarmUser(services.db, {
      ...body,
      passwordHash: await hashPassword(body.password),
    });
    const user = await findUserById(services.db, userId);
    if (!user) throw new Error(`registered user ${userId} not found`);
    return { ...(await startSession(services, userId)), user: presentUser(user) };
  }),

  bind(api.auth.refreshToken, async ({ body }) => {
    // The outcome is decided inside the transaction and thrown after it, so a reuse revocation commits.
    const outcome = await services.db.transaction(async (tx): Promise<RefreshOutcome> => {
      const record = await findRefreshTokenForUpdate(tx, body.token);
      if (!record) return { ok: false, reason: 'unknown' };
      if (record.userDisabled) return { ok: false, reason: 'disabled' };
      if (record.userRemoved) return { ok: false, reason: 'removed' };
      if (record.used) {
        const revoked = await revokeSession(tx, record, 'refresh token reused');
        return { ok: false, reason: 'reused', revoked };
      }
      if (record.sessionRevoked || record.expired) return { ok: false, reason: 'ended' };
      await markRefreshTokenUsed(tx, body.token);
      return { ok: true, record, refreshToken: await issueRefreshToken(tx, record.sessionId) };
    });
    if (!outcome.ok) {
      if (outcome.reason === 'disabled') throw accountDisabled();
      if (outcome.reason === 'removed') throw removedFromFarm();
      if (outcome.reason === 'reused') {
        services.log.warn('refresh token reused: the whole login was revoked');
        await closeSocketsOfEndedLogins(services.bus, outcome.revoked);
      }
      throw unauthorized('Please Login', ERROR_CODES.refreshInvalid);
    }
    const { userId, sessionId } = outcome.record;
    return {
      token: await services.tokens.signAccessToken({ userId, sessionId }),
      refreshToken: outcome.refreshToken,
    };
  }),

  bind(api.auth.logout, async ({ user }) => {
    const revoked = await revokeSession(services.db, user, 'logout');
    await closeSocketsOfEndedLogins(services.bus, revoked);
    return { loggedOut: true as const };
  }),

  bind(api.auth.agreement, async ({ params }) => agreementText(params.kind, params.lang)),

  bind(api.auth.changePassword, async ({ body, user }) => {
    const record = await findUserById(services.db, user.userId);
    if (!record || !(await verifyPassword(record.passwordHash, body.original))) {
      throw badRequest(
        ERROR_CODES.originalPasswordIncorrect,
        'The original password is incorrect. Please re-enter.',
      );
    }
    if (body.new !== body.confirm) {
      throw badRequest(
        ERROR_CODES.passwordConfirmMismatch,
        'The new password you entered twice is different. Please re-enter.',
      );
    }
    if (body.new === body.original) {
      throw badRequest(
        ERROR_CODES.passwordSameAsOriginal,
        'The new password cannot be the same as the original one. Please re-enter.',
      );
    }
    const passwordHash = await hashPassword(body.new);
    const revoked = await services.db.transaction(async (tx) => {
      await updateUser(tx, user.userId, { passwordHash });
      return revokeAllSessionsOfUser(tx, user.userId, 'password changed');
    });
    await closeSocketsOfEndedLogins(services.bus, revoked);
    return { changed: true as const };
  }),
];
