import { createElement } from 'react';
import { Navigate } from 'react-router';
import { SUPPORT_PATHS } from '../support-paths';

export { SupportAppVersionRoute } from './support-app-version';
export { SupportAuditRoute } from './support-audit';
export { SupportFarmRoute } from './support-farm';
export { SupportFarmsRoute } from './support-farms';
export { SupportInboxRoute } from './support-inbox';
export { SupportLayout } from './support-layout';
export { SupportLoginRoute } from './support-login';
export { SupportNewsRoute } from './support-news';
export { SupportNoticesRoute } from './support-notices';

/** `/support` itself: the customer-service inbox, where an agent's day starts. */
export function SupportHome() {
  return createElement(Navigate, { to: SUPPORT_PATHS.inbox, replace: true });
}
