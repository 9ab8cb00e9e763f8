import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isPublicPath, paths } from '../../config/paths';
import { useSession } from '../../lib/session';

/**
 * Spec §2 access guard. It sits in the root layout, so it sees every navigation (push, replace, reload,
 * tab switch, typed URL, back button) and also reacts when the session ends: outside `/pages/login/`,
 * no stored authorization means the login page.
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  if (!session && !isPublicPath(location.pathname)) {
    // Keyed by location: if another navigation overtakes this redirect, the next location redirects again.
    return <Navigate key={location.key} to={paths.login.login} replace />;
  }
  return children;
}
