/** The header's right side: who is logged in and the 'Esci' (logout) button. */
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
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
