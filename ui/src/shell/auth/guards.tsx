/**
 * Route guards (seed 000 §2): login required, the right variant for the user's kind (classic for bank users,
 * /wpbusiness for merchants), and the route's own permission.
 */
import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { BUSINESS_HOME, clearReturnUrl, loginPathFor, saveReturnUrl } from '../../core/navigation';
import { useLoginRealms } from '../../core/hooks/useManifest';
import { useSession } from '../../core/session';
import { NotAuthorisedPage } from '../pages/StatusPages';

export function FullPageLoader() {
  return <Center h="100vh"><Loader aria-label="Caricamento" /></Center>;
}

/** Anonymous visitors go to the login page of the variant, with the requested URL saved for after the login. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const realms = useLoginRealms();
  const ready = session.status === 'ready';
  useEffect(() => { if (ready) clearReturnUrl(); }, [ready]);
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'anonymous') {
    if (session.reason !== 'logout') saveReturnUrl(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={loginPathFor(location.pathname, realms)} replace />;
  }
  return <Outlet />;
}

/** The classic shell is for bank-side users: a merchant goes to the business home. */
export function ClassicOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.isMerchant) return <Navigate to={BUSINESS_HOME} replace />;
  return children;
}

/** The business shell is for merchants: a bank-side user goes to the classic home. */
export function BusinessOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && !user.isMerchant) return <Navigate to="/home" replace />;
  return children;
}

/**
 * A route whose permission the user does not hold says so, in the user's frame, instead of jumping elsewhere
 * without a word; the page's own content (and its API calls) never runs.
 */
export function RequirePermission({ permission, children }: { permission?: string; children: ReactNode }) {
  const { can } = useSession();
  if (!can(permission)) return <NotAuthorisedPage />;
  return children;
}
