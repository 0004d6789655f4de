/**
 * A shell's side menu from `manifest.menu` (the shell's `menu: spec`), keeping only the items of the shell's own
 * routes that the user may open: the item's permission must be held (`can`) and GET menuitems must list its
 * route (the server's own answer); empty groups disappear.
 */
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { visibleMenu } from '../core/navigation';
import { useSession } from '../core/session';
import type { ShellDef } from '../core/types';

export function SideMenu({ shell, onNavigate }: { shell: ShellDef; onNavigate: () => void }) {
  const { menu, routes } = useManifest();
  const { can, menuRoutes } = useSession();
  const { pathname } = useLocation();
  const isActive = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  return (
    <ScrollArea component="nav" aria-label="Menu principale">
      <NavLink component={Link} to={shell.home} label="Home" active={pathname === shell.home} onClick={onNavigate} />
      {visibleMenu(menu, (p) => can(p), menuRoutes, shell, routes).map((group) => (
        <NavLink key={group.label} label={group.label} defaultOpened childrenOffset="md">
          {group.items.map((item) => (
            <NavLink
              key={item.route}
              component={Link}
              to={item.route}
              label={item.label}
              active={isActive(item.route)}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
      ))}
    </ScrollArea>
  );
}
