/**
 * Navigation for code outside React (the request wrapper, socket handlers). The app registers the router's
 * navigate function at start; before that (or in tests without a router) the browser location is used.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let registered: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  registered = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (registered) registered(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export const currentPathname = (): string => window.location.pathname;
