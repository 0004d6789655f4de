/**
 * Missing e-mail rules (seed 000 §4), for bank-side users after login: the spec's warning groups (15000) get a warning that
 * the e-mail must be recorded in the bank's security system; anyone else is asked for it in a modal, saved
 * through PUT users/me/email with the current password (the e-mail receives the password resets, so a session
 * alone may not change it).
 */
import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, userMessage } from '../../core/apiError';
import { useManifest, useValidationMessages } from '../../core/hooks/useManifest';
import { missingEmailRule } from '../../core/navigation';
import { useSession } from '../../core/session';
import { useModals } from '../modals/modalsContext';

export const EMAIL_WARNING = "L'indirizzo e-mail dell'utente non è registrato: deve essere inserito nel sistema di sicurezza della banca.";

export function MissingEmail() {
  const session = useSession();
  const { emailWarningGroups } = useManifest();
  if (!session.user) return null;
  const rule = missingEmailRule(session.user, emailWarningGroups);
  if (rule === 'warning') return <Alert color="yellow" title="Attenzione" mb="md" role="alert">{EMAIL_WARNING}</Alert>;
  if (rule === 'ask') return <AskEmail />;
  return null;
}

function AskEmail() {
  const { required: REQUIRED } = useValidationMessages();
  const session = useSession();
  const modals = useModals();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missingEmail = !email.trim();
    if (missingEmail) setError(REQUIRED);
    if (!password) setPasswordError(REQUIRED);
    if (missingEmail || !password) return;
    setBusy(true);
    try {
      const answer = await session.api.updateMyEmail(email.trim(), password);
      await session.refreshUser();
      await modals.success(answer.message);
    } catch (err) {
      setBusy(false);
      const details = err instanceof ApiError ? err.details : [];
      const onPassword = details.find((d) => d.field === 'password');
      const onEmail = details.find((d) => d.field === 'email');
      if (onPassword) setPasswordError(onPassword.message);
      if (onEmail || !onPassword) setError(onEmail?.message ?? userMessage(err));
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Indirizzo e-mail mancante"
      centered
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">Per proseguire è necessario indicare il proprio indirizzo e-mail.</Text>
          <TextInput label="E-mail" type="email" data-autofocus value={email} error={error}
            onChange={(e) => { setEmail(e.currentTarget.value); setError(undefined); }} />
          <PasswordInput label="Password attuale" autoComplete="current-password" value={password} error={passwordError}
            onChange={(e) => { setPassword(e.currentTarget.value); setPasswordError(undefined); }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void session.logout()}>Esci</Button>
            <Button type="submit" loading={busy}>Salva</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
