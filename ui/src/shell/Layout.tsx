/** The frame around every page: header, side menu (a burger below 768 px) and the routed page. */
import { Suspense } from 'react';
import { Anchor, AppShell, Burger, Center, Group, Loader, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { SideMenu } from './SideMenu';

export function Layout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Apri il menu" />
          <Title order={3}>
            <Anchor component={Link} to="/home" inherit c="inherit" underline="never">WebPOS</Anchor>
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Keyed by path so an error on one page does not stick after navigating away. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Center p="xl"><Loader aria-label="Caricamento" /></Center>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
