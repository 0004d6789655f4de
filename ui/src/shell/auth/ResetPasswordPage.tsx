/**
 * /resetPassword (public): PUT authorization/resetPassword with username, e-mail and user type. The new
 * password goes to the user's e-mail (here: the mail outbox); the server's message is shown as it is.
 */
import { useState, type SubmitEvent } from 'react';
import { Anchor, Button, Center, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { userMessage } from '../../core/apiError';
import type { UserType } from '../../core/authApi';
import { loginPath } from '../../core/navigation';
import { useLoginRealms, useValidationMessages } from '../../core/hooks/useManifest';
import { useSession } from '../../core/session';
import { useModals } from '../modals/modalsContext';
import { usePageTitle } from '../pageTitle';

export default function ResetPasswordPage() {
  usePageTitle('Recupero password');
  const { required: REQUIRED } = useValidationMessages();
  const { api } = useSession();
  const modals = useModals();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const realms = useLoginRealms();
  const [userType, setUserType] = useState<UserType>(params.get('userType') === realms.merchant ? realms.merchant : realms.bank);
  const [username, setUsername] = useState('');
  const [mail, setMail] = useState('');
  const [errors, setErrors] = useState<{ username?: string; mail?: string }>({});
  const [busy, setBusy] = useState(false);
  const loginPage = loginPath(userType);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = { ...(username.trim() ? {} : { username: REQUIRED }), ...(mail.trim() ? {} : { mail: REQUIRED }) };
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const answer = await api.resetPassword(username.trim(), mail.trim(), userType);
      setBusy(false);
      await modals.success(answer.message);
      void navigate(loginPage);
    } catch (error) {
      setBusy(false);
      await modals.error(userMessage(error));
    }
  };

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Title order={1} size="h2">Recupero password</Title>
            <Text size="sm" c="dimmed">Una nuova password temporanea verrà inviata all'indirizzo e-mail dell'utente.</Text>
            <SegmentedControl
              aria-label="Tipo utente"
              value={userType}
              onChange={setUserType}
              data={[{ value: realms.bank, label: 'Banca' }, { value: realms.merchant, label: 'Esercente' }]}
            />
            <TextInput label="Nome utente" value={username} onChange={(e) => { setUsername(e.currentTarget.value); setErrors((x) => ({ ...x, username: undefined })); }} error={errors.username} />
            <TextInput label="E-mail" type="email" value={mail} onChange={(e) => { setMail(e.currentTarget.value); setErrors((x) => ({ ...x, mail: undefined })); }} error={errors.mail} />
            <Button type="submit" loading={busy}>Invia</Button>
            <Anchor component={Link} to={loginPage} size="sm">Torna all'accesso</Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
