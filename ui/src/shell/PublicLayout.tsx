/**
 * Frame of a public page (seed 000 §2, e.g. /about, /home): the frame of the user's own shell when logged in,
 * otherwise a header with the title of the shell the path belongs to and a link to that shell's login.
 */
import { Anchor, AppShell, Group, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { loginPath, shellOfPath, shellOfUser } from '../core/navigation';
import { useSession } from '../core/session';
import { FullPageLoader } from './auth/guards';
import { RoutedPage } from './RoutedPage';
import { ShellFrame } from './layouts';

export function PublicLayout() {
  const session = useSession();
  const { shells } = useManifest();
  const { pathname } = useLocation();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'ready' && session.user) return <ShellFrame shell={shellOfUser(shells, session.user)} />;
  const shell = shellOfPath(shells, pathname);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={3}>{shell.title}</Title>
          <Anchor component={Link} to={loginPath(shell.loginRealm)}>Accedi</Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <RoutedPage />
      </AppShell.Main>
    </AppShell>
  );
}
