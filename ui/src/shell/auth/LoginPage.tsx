/**
 * /login/<realm> of each shell (seed 000 §2, §4, §8; spec/ui/pages.yaml `shells` `login`). A 401 shows the server's errorMessage in the
 * error modal, other failures the system-error text; ERROR_016 (expired password) opens the change-password
 * dialog, after which the user logs in again. 'Accedi con passkey' logs the typed username in with a passkey of this
 * device (core/passkeys.ts). A logged-in user goes to the saved URL (default `/`).
 */
import { useState, type SubmitEvent } from 'react';
import { Anchor, Button, Center, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router-dom';
import { IconFingerprint } from '@tabler/icons-react';
import { ApiError } from '../../core/apiError';
import { loginPath, returnTarget } from '../../core/navigation';
import { useManifest, useShellMessages, useValidationMessages } from '../../core/hooks/useManifest';
import { passkeyErrorTitle, PasskeyError } from '../../core/passkeys';
import { useSession } from '../../core/session';
import type { ShellDef } from '../../core/types';
import { useModals } from '../modals/modalsContext';
import { ChangePasswordForm } from './ChangePasswordForm';
import { FullPageLoader } from './guards';
import { usePageTitle } from '../pageTitle';

export const SYSTEM_ERROR = "Errore di sistema - contattare l'amministratore";

export default function LoginPage({ shell }: { shell: ShellDef }) {
  const userType = shell.loginRealm;
  usePageTitle('Accesso');
  const { required: REQUIRED } = useValidationMessages();
  const session = useSession();
  const modals = useModals();
  const { shells } = useManifest();
  const shellMessage = useShellMessages();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);

  if (session.status === 'ready') return <Navigate to={returnTarget()} replace />;
  if (session.status === 'loading' && !busy) return <FullPageLoader />;

  /** Seed 000 §4: biometric login with a passkey of this device, for the username typed; the seed's errors (§8). */
  const withPasskey = async () => {
    if (!username.trim()) {
      setErrors({ username: REQUIRED });
      return;
    }
    setBusy(true);
    try {
      await session.passkeyLogin(userType, username.trim());
    } catch (error) {
      setBusy(false);
      await modals.error(error instanceof PasskeyError ? { title: passkeyErrorTitle(shellMessage), message: error.text(shellMessage) } : SYSTEM_ERROR);
    }
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = { ...(username.trim() ? {} : { username: REQUIRED }), ...(password ? {} : { password: REQUIRED }) };
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await session.login(userType, username.trim(), password);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'ERROR_016') {
        setExpired(true);
      } else if (error instanceof ApiError && error.status === 401) {
        await modals.error(error.message);
      } else {
        await modals.error(SYSTEM_ERROR);
      }
    }
  };

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Title order={1} size="h2">{shell.title}</Title>
            <Text c="dimmed">{shell.loginTitle}</Text>
            <TextInput
              label="Nome utente"
              autoComplete="username"
              value={username}
              onChange={(e) => { setUsername(e.currentTarget.value); setErrors((er) => ({ ...er, username: undefined })); }}
              error={errors.username}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => { setPassword(e.currentTarget.value); setErrors((er) => ({ ...er, password: undefined })); }}
              error={errors.password}
            />
            <Button type="submit" loading={busy}>Accedi</Button>
            <Button variant="light" leftSection={<IconFingerprint size={18} />} disabled={busy} onClick={() => void withPasskey()}>Accedi con passkey</Button>
            <Anchor component={Link} to={`/resetPassword?userType=${userType}`} size="sm">Password dimenticata?</Anchor>
            {shell.loginRegister && <Anchor component={Link} to={shell.loginRegister.route} size="sm">{shell.loginRegister.label}</Anchor>}
            {shells.filter((s) => s.name !== shell.name).map((other) => (
              <Anchor key={other.name} component={Link} to={loginPath(other.loginRealm)} size="sm" c="dimmed">
                {other.loginTitle} ({other.title})
              </Anchor>
            ))}
          </Stack>
        </form>
      </Paper>
      <Modal opened={expired} onClose={() => setExpired(false)} title="Password scaduta" centered closeButtonProps={{ 'aria-label': 'Chiudi' }}>
        <Stack>
          <Text size="sm">La password è scaduta: impostarne una nuova, poi accedere di nuovo.</Text>
          <ChangePasswordForm
            username={username.trim()}
            onCancel={() => setExpired(false)}
            onDone={async (message) => {
              setExpired(false);
              setPassword('');
              await modals.success(message);
            }}
          />
        </Stack>
      </Modal>
    </Center>
  );
}
