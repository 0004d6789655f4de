/**
 * Route guards (seed 000 §2): login required (the visitor goes to the login page of the shell it asked for),
 * the right shell for the user's kind (spec/ui/pages.yaml `shells` `users`), and the route's own permission.
 */
import { useEffect, type ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { userKind } from '../../../../common/shells';
import { clearReturnUrl, loginPathFor, saveReturnUrl, shellOfUser } from '../../core/navigation';
import { useManifest } from '../../core/hooks/useManifest';
import type { ShellDef } from '../../core/types';
import { useSession } from '../../core/session';
import { NotAuthorisedPage } from '../pages/StatusPages';

/**
 * The page before the session's answers and the page's code have arrived: on a slow phone, seconds. It says so in
 * words, so the screen is not blank until then (and Lighthouse's first contentful paint is this, issue 15 item 8).
 */
export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text size="sm" c="gray.7" role="status">Caricamento…</Text>
      </Stack>
    </Center>
  );
}

/** Anonymous visitors go to the login page of the variant, with the requested URL saved for after the login. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const { shells } = useManifest();
  const ready = session.status === 'ready';
  useEffect(() => { if (ready) clearReturnUrl(); }, [ready]);
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'anonymous') {
    if (session.reason !== 'logout') saveReturnUrl(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={loginPathFor(location.pathname, shells)} replace />;
  }
  return <Outlet />;
}

/** A shell is for some kinds of user: any other user goes to the home of its own shell. */
export function ShellOnly({ shell, children }: { shell: ShellDef; children: ReactNode }) {
  const { user } = useSession();
  const { shells } = useManifest();
  if (user && !shell.users.includes(userKind(user))) return <Navigate to={shellOfUser(shells, user).home} replace />;
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
