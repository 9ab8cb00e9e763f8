import { api } from '@cowcare/contract/api';
import {
  NOTICE_DAY_MAX_HOURS,
  NOTICE_HISTORY_LIMIT,
  RECENT_NOTICE_DAYS,
  RECENT_NOTICE_LIMIT,
} from '@cowcare/contract/routes/notices';
import { NOTICE_GROUPS, noticeCodesOf, noticeGroupWireValue } from '@cowcare/domain/notice-codes';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { badRequest, forbidden } from '../../http/app-error';
import { bind, type AuthUser } from '../../http/route-context';
import { publishNoticesRead } from '../../realtime/farm-changes';
import type { Services } from '../../services';
import { findUserById } from '../users/users-repository';
import { markNoticesRead } from './mark-notices-read';
import { presentNotice } from './notice-presenter';
import { countNoticesByCode, listNotices, type NoticeQuery } from './notices-repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const REMINDER_CODES = noticeCodesOf('reproductionReminders');
/** Money news (901-903) is the owners' (architecture §10: staff see no money). */
const MONEY_CODES = noticeCodesOf('account');
const hiddenFrom = (user: AuthUser): number[] => (user.role === 'owner' ? [] : MONEY_CODES);

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The start of the caller's day as it sent it, or 24 hours ago; one that no day on Earth began at is refused. */
const dayStartOf = (since: string | undefined): Date => {
  const now = Date.now();
  if (since === undefined) return new Date(now - DAY_MS);
  const start = Date.parse(since);
  if (!(start <= now + HOUR_MS && start >= now - NOTICE_DAY_MAX_HOURS * HOUR_MS)) {
    throw badRequest(
      ERROR_CODES.validation,
      `since must be the start of today, within the last ${NOTICE_DAY_MAX_HOURS} hours`,
    );
  }
  return new Date(start);
};

export const noticeRoutes = (services: Services) => {
  /** The path's phone names the user (spec §7); it must be the caller's own, however it is punctuated. */
  const requireOwnPhone = async (user: AuthUser, phone: string): Promise<void> => {
    const record = await findUserById(services.db, user.userId);
    if (!record || digitsOf(record.phone) !== digitsOf(phone)) {
      throw forbidden('This is not your phone number');
    }
  };

  const recentAndAll = async (farmId: number, codes: NoticeQuery['codes']) => {
    const [recent, all] = await Promise.all([
      listNotices(services.db, farmId, {
        codes,
        unreadSince: new Date(Date.now() - RECENT_NOTICE_DAYS * DAY_MS),
        limit: RECENT_NOTICE_LIMIT,
      }),
      listNotices(services.db, farmId, { codes, limit: NOTICE_HISTORY_LIMIT }),
    ]);
    return { recent: recent.map(presentNotice), all: all.map(presentNotice) };
  };

  return [
    bind(api.notices.getNoticeData, async ({ params, user }) => {
      await requireOwnPhone(user, params.phone);
      const { recent, all } = await recentAndAll(user.farmId, {
        exclude: [...REMINDER_CODES, ...hiddenFrom(user)],
      });
      return { list: recent, all };
    }),

    bind(api.notices.getNoticeDatab, async ({ params, user }) => {
      await requireOwnPhone(user, params.phone);
      const { recent, all } = await recentAndAll(user.farmId, { include: REMINDER_CODES });
      return { listb: recent, allb: all };
    }),

    bind(api.notices.getNoticeDatabtd, async ({ params, query, user }) => {
      await requireOwnPhone(user, params.phone);
      const counts = await countNoticesByCode(services.db, user.farmId, dayStartOf(query.since));
      for (const code of hiddenFrom(user)) counts.delete(code);
      return {
        tdcnlist: NOTICE_GROUPS.map((group) => ({
          group: noticeGroupWireValue(group),
          count: noticeCodesOf(group).reduce((sum, code) => sum + (counts.get(code) ?? 0), 0),
        })),
      };
    }),

    bind(api.notices.readNotices, async ({ body, user }) => {
      const read = await markNoticesRead(services.db, user.farmId, body.ids);
      await publishNoticesRead(services.bus, user.farmId, read);
      return { updated: read.updated };
    }),
  ];
};
