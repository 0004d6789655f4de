/**
 * The header menu of a `topbar` shell with `menu: spec` (the merchant-business one): the home and the shell's menu
 * entries the user may open (core/navigation visibleMenu: its grants and GET menuitems), as links in the header
 * from 768 px, behind a "Menu" button below it, where the header has no room.
 */
import { ActionIcon, Anchor, Group, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { visibleMenu } from '../core/navigation';
import { useSession } from '../core/session';
import type { ShellDef } from '../core/types';

export function TopbarMenu({ shell }: { shell: ShellDef }) {
  const { menu, routes } = useManifest();
  const { can, menuRoutes } = useSession();
  const { pathname } = useLocation();
  if (shell.menu === 'none') return null;
  const entries = [{ route: shell.home, label: 'Home' }, ...visibleMenu(menu, (p) => can(p), menuRoutes, shell, routes).flatMap((g) => g.items)];
  const current = (route: string) => (pathname === route ? 'page' : undefined);
  return (
    <>
      <Group component="nav" aria-label={`Menu ${shell.title}`} gap="md" wrap="nowrap" visibleFrom="sm">
        {entries.map((e) => (
          <Anchor key={e.route} component={Link} to={e.route} aria-current={current(e.route)} fw={current(e.route) ? 700 : 400}>{e.label}</Anchor>
        ))}
      </Group>
      <Menu position="bottom-start">
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Menu" hiddenFrom="sm"><IconMenu2 size={22} aria-hidden /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {entries.map((e) => <Menu.Item key={e.route} component={Link} to={e.route} aria-current={current(e.route)}>{e.label}</Menu.Item>)}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
