/**
 * The phone header's user menu (issue 15 item 7): below `sm` the header keeps only the burger, the app name and
 * the indicator badges; who is logged in, 'Notifiche' and 'Esci' move into this menu, so nothing is cut or
 * pushes the page sideways at 390 px.
 */
import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconBell, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useSession } from '../core/session';
import { useLogout } from './auth/useLogout';
import { NotificationHistory } from './notifications/NotificationHistory';

export function PhoneUserMenu() {
  const session = useSession();
  const logout = useLogout();
  const [history, setHistory] = useState(false);
  if (!session.user) return null;
  const name = session.user.fullName || session.user.username;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={`Menu utente: ${name}`}>
            <IconUserCircle size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {/* gray.7: the default label grey is 3.3:1 on white, under WCAG AA. */}
          <Menu.Label c="gray.7" data-testid="user-name-phone">{name}</Menu.Label>
          <Menu.Item leftSection={<IconBell size={16} />} onClick={() => setHistory(true)}>Notifiche</Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>Esci</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {history ? <NotificationHistory onClose={() => setHistory(false)} /> : null}
    </>
  );
}
