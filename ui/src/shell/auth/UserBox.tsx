/**
 * The header's right side: who is logged in and the 'Esci' (logout) button; in a merchant's profile entered by
 * assistance (users/logToEserWpbProfile) also who is acting for the merchant (issue 18).
 */
import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSession } from '../../core/session';
import { useLogout } from './useLogout';

export function UserBox() {
  const session = useSession();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  if (!session.user) return null;
  const name = session.user.fullName || session.user.username;
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" fw={500} visibleFrom="xs" data-testid="user-name">{name}</Text>
      {session.user.actingBy && <Badge color="orange" variant="light" data-testid="acting-by">Assistenza: {session.user.actingBy}</Badge>}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconLogout size={16} />}
        loading={busy}
        onClick={() => { setBusy(true); void logout(); }}
      >
        Esci
      </Button>
    </Group>
  );
}
