/**
 * Side menu from `manifest.menu`, keeping only the items the user may open: the item's permission must be
 * held (`can`) and GET menuitems must list its route (the server's own answer); empty groups disappear.
 * Business routes (/wpbusiness) belong to the business frame and are left out.
 */
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { visibleMenu } from '../core/navigation';
import { useSession } from '../core/session';

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { menu } = useManifest();
  const { can, menuRoutes } = useSession();
  const { pathname } = useLocation();
  const isActive = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  return (
    <ScrollArea component="nav" aria-label="Menu principale">
      <NavLink component={Link} to="/home" label="Home" active={pathname === '/home'} onClick={onNavigate} />
      {visibleMenu(menu, (p) => can(p), menuRoutes).map((group) => (
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
