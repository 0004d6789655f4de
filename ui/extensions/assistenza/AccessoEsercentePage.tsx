/**
 * /assistenza/accessoEsercente: assistance enters a merchant's business profile (seed 000 §7 PUT
 * users/logToEserWpbProfile, issue 18). The server opens a session of the merchant's administrator marked with
 * the assistance user and sets it as the browser's cookie; the page then goes to the business home, whose header
 * shows "Assistenza: <user>". A merchant present in several banks needs the bank: the server says so
 * ("Selezionare una banca", seed 000 §5) on the bank field, which the user then fills. Only assistance passes
 * the server's check; the messages are the server's.
 */
import { useState, type SyntheticEvent } from 'react';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, userMessage } from '../../src/core/apiError';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';

const BUSINESS_HOME = '/wpbusiness/home';

export default function AccessoEsercentePage() {
  const provider = useDataProvider();
  const [codEsercente, setCodEsercente] = useState('');
  const [codAbi, setCodAbi] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      await provider.api.PUT('/users/logToEserWpbProfile', { body: { codEsercente: codEsercente.trim(), ...(codAbi.trim() ? { codAbi: codAbi.trim() } : {}) } });
      // A full load: the whole shell starts again as the merchant (its menu, its home, the acting badge).
      window.location.assign(BUSINESS_HOME);
    } catch (e) {
      const details = e instanceof ApiError ? e.details : [];
      if (details.length) setErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
      else setFailure(userMessage(e));
      setBusy(false);
    }
  };

  return (
    <Stack maw={520}>
      <Title order={1} size="h2">Accesso al profilo business di un esercente</Title>
      <Text size="sm">L&apos;accesso avviene per conto dell&apos;esercente ed è registrato come intervento dell&apos;assistenza.</Text>
      <Paper withBorder p="md" component="form" onSubmit={(e: SyntheticEvent) => void submit(e)} noValidate>
        <Stack>
          <TextInput label="Codice esercente" required value={codEsercente} onChange={(e) => setCodEsercente(e.currentTarget.value)}
            error={errors.codEsercente} maxLength={20} autoComplete="off" />
          <TextInput label="Banca (codice ABI)" description="Necessaria se l'esercente è presente in più banche" value={codAbi}
            onChange={(e) => setCodAbi(e.currentTarget.value)} error={errors.codAbi} maxLength={5} inputMode="numeric" autoComplete="off" />
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Button type="submit" loading={busy} disabled={!codEsercente.trim()}>Entra nel profilo business</Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
