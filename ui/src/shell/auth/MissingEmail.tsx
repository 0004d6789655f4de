/**
 * Missing e-mail rules (seed 000 §4), for bank-side users after login: the spec's warning groups (15000) get a warning that
 * the e-mail must be recorded in the bank's security system; anyone else is asked for it in a modal, saved
 * through PUT users/me/email.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
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
  const rule = missingEmailRule(session.user, emailWarningGroups ?? []);
  if (rule === 'warning') return <Alert color="yellow" title="Attenzione" mb="md" role="alert">{EMAIL_WARNING}</Alert>;
  if (rule === 'ask') return <AskEmail />;
  return null;
}

function AskEmail() {
  const { required: REQUIRED } = useValidationMessages();
  const session = useSession();
  const modals = useModals();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) { setError(REQUIRED); return; }
    setBusy(true);
    try {
      const answer = await session.api.updateMyEmail(email.trim());
      await session.refreshUser();
      await modals.success(answer.message);
    } catch (err) {
      setBusy(false);
      const detail = err instanceof ApiError ? err.details.find((d) => d.field === 'email') : undefined;
      setError(detail?.message ?? userMessage(err));
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
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void session.logout()}>Esci</Button>
            <Button type="submit" loading={busy}>Salva</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
