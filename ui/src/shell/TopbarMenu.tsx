/**
 * The header menu of a `topbar` shell with `menu: spec` (the merchant-business one): the home and the shell's menu
 * entries the user may open (core/navigation visibleMenu: its grants and GET menuitems). From 768 px each menu
 * group is one header entry: a link when it holds one page, else a button opening its pages (eleven links did not
 * fit a 1400 px header); below 768 px every page is behind one "Menu" button, under its group's name.
 */
import { ActionIcon, Anchor, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconMenu2 } from '@tabler/icons-react';
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
  const groups = visibleMenu(menu, (p) => can(p), menuRoutes, shell, routes);
  const current = (route: string) => (pathname === route ? 'page' : undefined);
  const home = { route: shell.home, label: 'Home' };
  const link = (e: { route: string; label: string }) => (
    <Anchor key={e.route} component={Link} to={e.route} aria-current={current(e.route)} fw={current(e.route) ? 700 : 400}>{e.label}</Anchor>
  );
  return (
    <>
      <Group component="nav" aria-label={`Menu ${shell.title}`} gap="md" wrap="nowrap" visibleFrom="sm">
        {link(home)}
        {groups.map((g) => {
          if (g.items.length === 1) return link(g.items[0]);
          const inside = g.items.some((e) => current(e.route));
          return (
            <Menu key={g.label} position="bottom-start">
              <Menu.Target>
                <Button variant="subtle" px={4} fw={inside ? 700 : 400} rightSection={<IconChevronDown size={14} aria-hidden />}>{g.label}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {g.items.map((e) => <Menu.Item key={e.route} component={Link} to={e.route} aria-current={current(e.route)}>{e.label}</Menu.Item>)}
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
      <Menu position="bottom-start">
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Menu" hiddenFrom="sm"><IconMenu2 size={22} aria-hidden /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={home.route} aria-current={current(home.route)}>{home.label}</Menu.Item>
          {groups.map((g) => [
            <Menu.Label key={`${g.label}-label`}>{g.label}</Menu.Label>,
            ...g.items.map((e) => <Menu.Item key={e.route} component={Link} to={e.route} aria-current={current(e.route)}>{e.label}</Menu.Item>),
          ])}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
