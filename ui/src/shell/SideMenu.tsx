/** Side menu from `manifest.menu`: one collapsible group per entry, links to routes. */
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { menu } = useManifest();
  const { pathname } = useLocation();
  const isActive = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  return (
    <ScrollArea component="nav" aria-label="Menu principale">
      <NavLink component={Link} to="/home" label="Home" active={pathname === '/home'} onClick={onNavigate} />
      {menu.map((group) => (
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
