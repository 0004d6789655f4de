/**
 * /wpbusiness/accountConfirm (public; seed 000 §2, §4, §7): the page of the link a new merchant user receives by
 * mail, `/wpbusiness/accountConfirm#guid=<guid>`. The guid is after '#', so the browser never sends it in an
 * address; the page sends it once in the body of POST wpbusiness/accountConfirm and shows the seed's states:
 * 1 valid (the merchant's data), -1 invalid (an unknown or used link), -2 expired (401), 0 not retrieved (no guid
 * in the address, or no answer). A link is single-use: the answer is asked once per guid, even when React mounts
 * the page twice.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Center, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { ApiError } from '../../src/core/apiError';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import type { ApiAnswer } from '../../src/core/apiClient';
import { usePageTitle } from '../../src/shell/pageTitle';

type Confirmed = ApiAnswer<'/wpbusiness/accountConfirm', 'post'>;
/** Seed 000 §4: 0 not retrieved, 1 valid, -1 invalid, -2 expired. */
type Outcome = { stato: 1; data: Confirmed } | { stato: 0 | -1 | -2 };

const asked = new Map<string, Promise<Outcome>>();

export default function ConfermaAccountPage() {
  usePageTitle('Conferma utenza');
  const provider = useDataProvider();
  const { hash } = useLocation();
  const guid = new URLSearchParams(hash.replace(/^#/, '')).get('guid') ?? '';
  const [outcome, setOutcome] = useState<Outcome | undefined>(guid ? undefined : { stato: 0 });

  useEffect(() => {
    if (!guid) return;
    let answer = asked.get(guid);
    if (!answer) {
      answer = provider.api.POST('/wpbusiness/accountConfirm', { body: { guid }, credentialCall: true }).then(
        (data): Outcome => ({ stato: 1, data }),
        // Seed 000 §4: a 401 means expired; any other failure means invalid; no answer at all, not retrieved.
        (error: unknown): Outcome => ({ stato: error instanceof ApiError ? (error.status === 401 ? -2 : error.status === 0 ? 0 : -1) : 0 }),
      );
      asked.set(guid, answer);
    }
    let current = true;
    void answer.then((o) => { if (current) setOutcome(o); });
    return () => { current = false; };
  }, [guid, provider]);

  return (
    <Center component="main" mih="70vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={520} maw="100%">
        <Stack>
          <Title order={1} size="h2">Conferma utenza</Title>
          {!outcome && <Center><Loader aria-label="Verifica del collegamento in corso" /></Center>}
          {outcome?.stato === 1 && <Valid data={outcome.data} />}
          {outcome?.stato === -1 && (
            <Alert color="red" role="alert" title="Collegamento non valido">
              Il collegamento di conferma non è valido o è già stato usato. Se l'utenza non è ancora attiva, chiedere alla propria banca o all'amministratore dell'esercente un nuovo invio.
            </Alert>
          )}
          {outcome?.stato === -2 && (
            <Alert color="orange" role="alert" title="Collegamento scaduto">
              Il collegamento di conferma è scaduto. Chiedere alla propria banca o all'amministratore dell'esercente un nuovo invio, oppure ripetere la registrazione.
            </Alert>
          )}
          {outcome?.stato === 0 && (
            <Alert color="gray" role="alert" title="Conferma non recuperata">
              Non è stato possibile recuperare la conferma: aprire di nuovo il collegamento ricevuto per e-mail, per intero.
            </Alert>
          )}
          <Anchor component={Link} to="/login/merchant" size="sm">Vai all'accesso esercenti</Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

function Valid({ data }: { data: Confirmed }) {
  const rows: [string, string | undefined][] = [
    ['Esercente', data.ragioneSociale ?? undefined], ['Codice esercente', data.codEsercente],
    ['Banca', data.nomeBanca ? `${data.nomeBanca} (${data.codAbi})` : data.codAbi], ['Nome utente', data.username],
  ];
  return (
    <>
      <Alert color="green" role="status" title="Utenza confermata">
        {data.passwordInviata
          ? "L'utenza è confermata: la password provvisoria è stata inviata all'e-mail registrata. Al primo accesso verrà chiesto di cambiarla."
          : "L'utenza è confermata: accedere con la password ricevuta per e-mail."}
      </Alert>
      <Table aria-label="Dati dell'esercente" variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.filter(([, v]) => v).map(([label, value]) => (
            <Table.Tr key={label}><Table.Th w={180}>{label}</Table.Th><Table.Td>{value}</Table.Td></Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">Per qualsiasi dubbio contattare la propria banca.</Text>
    </>
  );
}
