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
  const { pathname } = useLocation();
  const session = useSession();
  if (!session && !isPublicPath(pathname)) return <Navigate to={paths.login.login} replace />;
  return children;
}
