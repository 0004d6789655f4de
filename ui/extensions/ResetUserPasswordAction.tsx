/**
 * 'Reimposta password' on the user form: PUT users/{username}/password sends a new temporary password to the
 * user's e-mail (the mail outbox). Shown only on an existing user and to whoever holds GES_UTENTI:AGGIORNAMENTO.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { userMessage } from '../src/core/apiError';
import { useSession } from '../src/core/session';
import type { FormActionProps } from '../src/core/types';
import { useModals } from '../src/shell/modals/modalsContext';

export const RESET_PERMISSION = 'GES_UTENTI:AGGIORNAMENTO';

export function ResetUserPasswordAction({ editKey }: FormActionProps) {
  const session = useSession();
  const modals = useModals();
  const [busy, setBusy] = useState(false);
  const username = editKey?.username;
  if (!username || !session.can(RESET_PERMISSION)) return null;

  const run = async () => {
    if (!(await modals.confirm({ title: 'Reimposta password', message: `Generare una nuova password per l'utente ${username} e inviarla alla sua e-mail?` }))) return;
    setBusy(true);
    try {
      const answer = await session.api.adminResetPassword(username);
      await modals.success(answer.message);
    } catch (error) {
      await modals.error(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return <Button variant="light" loading={busy} onClick={() => void run()}>Reimposta password</Button>;
}
