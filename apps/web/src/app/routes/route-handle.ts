import type { MessageKey } from '@cowcare/locales/catalog';

/** Static data a route carries: the title of its screen, and whether it is a tab page. */
export interface RouteHandle {
  titleKey: MessageKey;
  tab?: boolean;
}
