/**
 * Frame of a public page (seed 000 §2, e.g. /about): the user's own frame when logged in, otherwise a header
 * with a link to the login.
 */
import { Anchor, AppShell, Group, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useLoginRealms } from '../core/hooks/useManifest';
import { loginPath } from '../core/navigation';
import { useSession } from '../core/session';
import { FullPageLoader } from './auth/guards';
import { BusinessLayout } from './BusinessLayout';
import { Layout, RoutedPage } from './Layout';

export function PublicLayout() {
  const session = useSession();
  const realms = useLoginRealms();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'ready') return session.user?.isMerchant ? <BusinessLayout /> : <Layout />;
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={3}>WebPOS</Title>
          <Anchor component={Link} to={loginPath(realms.bank)}>Accedi</Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <RoutedPage />
      </AppShell.Main>
    </AppShell>
  );
}
