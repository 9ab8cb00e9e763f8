import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isPublicPath } from '../../config/paths';
import { useSession } from '../../lib/session';
import { isWelcomePath, landingWithoutLogin, markDeviceKnown } from '../../lib/welcome';

/**
 * Spec §2 access guard. It sits in the root layout, so it sees every navigation (push, replace, reload,
 * tab switch, typed URL, back button) and also reacts when the session ends: outside `/pages/login/`,
 * no stored authorization means the login page. Ours: the welcome (spec §2 `welcome`) is open too, since it
 * tells a new install what CowCare is before there is an account, and a new install is sent there first
 * (once per device, then the login page as the spec says).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const loggedIn = session !== null;
  useEffect(() => {
    if (loggedIn) markDeviceKnown();
  }, [loggedIn]);
  if (!session && !isPublicPath(location.pathname) && !isWelcomePath(location.pathname)) {
    // Keyed by location: if another navigation overtakes this redirect, the next location redirects again.
    return <Navigate key={location.key} to={landingWithoutLogin()} replace />;
  }
  return children;
}
