/**
 * The logged-in user changes their own password: /security/cambioPassword (bank side, CAMBIO_PASSWORD) and
 * /wpbusiness/profilo/cambioPassword (business portal, WB_CHANGE_PASS), one page and one set of rules. The server
 * ends every session of the user afterwards, so after its message the user logs in again with the new password.
 */
import { Paper, Stack, Title } from '@mantine/core';
import { useSession } from '../src/core/session';
import { ChangePasswordForm } from '../src/shell/auth/ChangePasswordForm';
import { useModals } from '../src/shell/modals/modalsContext';

export default function CambioPasswordPage() {
  const session = useSession();
  const modals = useModals();
  if (!session.user) return null;
  return (
    <Stack maw={480}>
      <Title order={1} size="h2">Cambio password</Title>
      <Paper withBorder p="md">
        <ChangePasswordForm
          username={session.user.username}
          onDone={async (message) => {
            await modals.success(message);
            session.clear('logout');
          }}
        />
      </Paper>
    </Stack>
  );
}
