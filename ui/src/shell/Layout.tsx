/**
 * The `sidebar` frame of a shell (spec/ui/pages.yaml `layout: sidebar`, the bank-side one): header (indicators, 'Notifiche', user and 'Esci'), side menu and the routed page. Below 768 px
 * the menu becomes a burger and the user's buttons a user menu (PhoneUserMenu), so the header fits a phone; the one
 * not shown is not rendered at all.
 */
import { Anchor, AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShellDef } from '../core/types';
import { MissingEmail } from './auth/MissingEmail';
import { UserBox } from './auth/UserBox';
import { IndicatorBadges } from './IndicatorBadges';
import { NotificationHistoryButton } from './notifications/NotificationHistory';
import { NotificationModal } from './notifications/NotificationModal';
import { PhoneUserMenu } from './PhoneUserMenu';
import { RoutedPage } from './RoutedPage';
import { SideMenu } from './SideMenu';

/** Mantine's `sm` breakpoint, from which the menu is a column beside the page rather than a burger's drawer. */
const WIDE = '(min-width: 48em)';

export function Layout({ shell }: { shell: ShellDef }) {
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  // On a phone the menu is built when its drawer first opens, not with every page: its 30 entries with their
  // tooltips and scroll area were a good part of the frame's first render there, all of it off screen.
  const [menuBuilt, setMenuBuilt] = useState(false);
  const [opened, { toggle, close }] = useDisclosure(false, { onOpen: () => { setMenuBuilt(true); } });
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Apri il menu" />
            <Title order={3}>
              <Anchor component={Link} to={shell.home} inherit c="inherit" underline="never">{shell.title}</Anchor>
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <IndicatorBadges />
            {wide ? (
              <Group gap="sm" wrap="nowrap">
                <NotificationHistoryButton />
                <UserBox />
              </Group>
            ) : (
              <PhoneUserMenu />
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {(wide || menuBuilt) && <SideMenu shell={shell} onNavigate={close} />}
      </AppShell.Navbar>
      <AppShell.Main>
        <MissingEmail />
        <NotificationModal />
        <RoutedPage />
      </AppShell.Main>
    </AppShell>
  );
}
