import { api } from '@cowcare/contract/api';
import { bind } from '../../http/route-context';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { badRequest } from '../../http/app-error';
import type { Services } from '../../services';
import { exportFarmAsAde } from './ade-export';
import { importAdeFile, previewAdeImport } from './ade-import';

// ICAR ADE in and out (issue 40; docs/ade.md): validate -> authorize (the route's owner flag) -> command.

export const exchangeRoutes = ({ db }: Services) => [
  bind(api.exchange.exportAde, async ({ user, query }) => {
    const from = query.from ?? null;
    const to = query.to ?? null;
    if (from && to && from > to) throw badRequest(ERROR_CODES.validation, 'to must not be before from');
    return exportFarmAsAde(db, user.farmId, { from, to });
  }),

  bind(api.exchange.previewAdeImport, async ({ user, body }) => previewAdeImport(db, user.farmId, body.file)),

  bind(api.exchange.importAde, async ({ user, body }) => importAdeFile(db, user, body.file)),
];
