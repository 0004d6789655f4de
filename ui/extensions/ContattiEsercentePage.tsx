/**
 * Contacts of the business portal (seed 000 §2 /wpbusiness/contatti, WB_CONTATTI): whom a merchant calls or writes
 * to. The helpdesk's phone, e-mail and hours are configuration keys (spec/platform/config.yaml CONTATTI_ASSISTENZA_*),
 * which an administrator keeps current; the contract and its conditions are the merchant's bank's.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { userMessage } from '../src/core/apiError';
import { useDataProvider } from '../src/core/hooks/useDataProvider';

const KEYS = ['CONTATTI_ASSISTENZA_TELEFONO', 'CONTATTI_ASSISTENZA_EMAIL', 'CONTATTI_ASSISTENZA_ORARI'] as const;
type Contacts = Record<(typeof KEYS)[number], string>;

export default function ContattiEsercentePage() {
  const provider = useDataProvider();
  const [contacts, setContacts] = useState<Contacts>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    const valueOf = async (key: (typeof KEYS)[number]) => {
      const entry = await provider.api.GET('/config/{key}', { params: { path: { key } } });
      return entry.value ?? entry.defaultValue ?? '';
    };
    Promise.all(KEYS.map(valueOf))
      .then(([phone, mail, hours]) => {
        if (live) setContacts({ CONTATTI_ASSISTENZA_TELEFONO: phone, CONTATTI_ASSISTENZA_EMAIL: mail, CONTATTI_ASSISTENZA_ORARI: hours });
      })
      .catch((e: unknown) => { if (live) setError(userMessage(e)); });
    return () => { live = false; };
  }, [provider]);

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Contatti</Title>
      {error && <Alert color="red" title="Errore">{error}</Alert>}
      {!contacts && !error && <Loader aria-label="Caricamento" />}
      {contacts && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={2} size="h3">Assistenza esercenti</Title>
            <Text>Per l'uso del portale, i terminali POS, i movimenti e i documenti.</Text>
            <Text>Telefono: <Anchor href={`tel:${contacts.CONTATTI_ASSISTENZA_TELEFONO.replace(/[^0-9+]/g, '')}`}>{contacts.CONTATTI_ASSISTENZA_TELEFONO}</Anchor></Text>
            <Text>E-mail: <Anchor href={`mailto:${contacts.CONTATTI_ASSISTENZA_EMAIL}`}>{contacts.CONTATTI_ASSISTENZA_EMAIL}</Anchor></Text>
            <Text>Orari: {contacts.CONTATTI_ASSISTENZA_ORARI}</Text>
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h3">La tua banca</Title>
          <Text>Per il contratto, le condizioni economiche e l'installazione di nuovi terminali rivolgiti alla tua filiale.</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
