import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { badRequest, notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { findAdminById } from '../admin/admin-users-repository';
import { adminOf } from '../admin/authenticate-admin';
import { insertNews, listNewsEntries, withdrawNews } from '../news/news-repository';
import { listAudit, recordAudit } from './audit-log';
import { describeTarget, insertPlatformNotices, publishPlatformNotices } from './platform-notices';
import { farmView, listFarmSummaries } from './support-farms';

/** The support console's calls (issue 35). Each change and its audit entry commit together. */
export const supportRoutes = (services: Services) => {
  const appVersion = async () => ({
    minVersionCode: await services.appVersion.minVersionCode(),
    latestAppVersion: services.appVersion.latestAppVersion,
  });

  return [
    bind(api.support.whoAmI, async ({ request }) => {
      const admin = await findAdminById(services.db, adminOf(request).adminId);
      if (!admin) throw notFound('No such agent');
      return { id: admin.id, username: admin.username, name: admin.name };
    }),

    bind(api.support.listFarms, async ({ query }) => listFarmSummaries(services.db, query.q)),

    bind(api.support.viewFarm, async ({ params }) => farmView(services.db, params.id)),

    bind(api.support.publishNews, async ({ body, request }) => {
      const languages = body.texts.map((text) => text.language);
      if (new Set(languages).size !== languages.length) {
        throw badRequest(ERROR_CODES.validation, 'A news item has at most one text per language');
      }
      const { adminId } = adminOf(request);
      const id = await services.db.transaction(async (tx) => {
        const newsId = await insertNews(tx, adminId, body.texts);
        await recordAudit(tx, {
          adminId,
          action: 'publishNews',
          target: `news ${newsId}`,
          details: { languages, title: body.texts[0]?.title },
        });
        return newsId;
      });
      const [entry] = await listNewsEntries(services.db, id);
      if (!entry) throw new Error(`published news ${id} not found`);
      return entry;
    }),

    bind(api.support.listNews, async () => listNewsEntries(services.db)),

    bind(api.support.withdrawNews, async ({ params, request }) => {
      const { adminId } = adminOf(request);
      await services.db.transaction(async (tx) => {
        if (!(await withdrawNews(tx, params.id))) throw notFound('No published news item has this id');
        await recordAudit(tx, { adminId, action: 'withdrawNews', target: `news ${params.id}` });
      });
      return { id: params.id };
    }),

    bind(api.support.sendPlatformNotice, async ({ body, request }) => {
      const { adminId } = adminOf(request);
      const notices = await services.db.transaction(async (tx) => {
        const sent = await insertPlatformNotices(tx, body);
        if (body.target.kind === 'farm' && sent.length === 0) throw notFound('No such farm');
        await recordAudit(tx, {
          adminId,
          action: 'sendPlatformNotice',
          target: describeTarget(body.target),
          details: { code: body.code, title: body.title, farms: sent.length },
        });
        return sent;
      });
      await publishPlatformNotices(services.bus, notices);
      return { farms: notices.length };
    }),

    bind(api.support.getAppVersion, appVersion),

    bind(api.support.setAppVersion, async ({ body, request }) => {
      const { adminId } = adminOf(request);
      const before = await services.appVersion.minVersionCode();
      await services.db.transaction(async (tx) => {
        await services.appVersion.set(tx, body.minVersionCode);
        await recordAudit(tx, {
          adminId,
          action: 'setAppVersion',
          target: 'minimum app version',
          details: { from: before, to: body.minVersionCode },
        });
      });
      services.appVersion.remember(body.minVersionCode);
      return appVersion();
    }),

    bind(api.support.auditLog, async ({ query }) => listAudit(services.db, query.before)),
  ];
};
