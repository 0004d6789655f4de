/**
 * /about (public, seed 000 §2): what the product is and for whom (seed 000 §1), its two areas, and the
 * application version. Static text: nothing here calls the API.
 */
import { List, Stack, Text, Title } from '@mantine/core';

export default function InfoPage() {
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">Informazioni</Title>
      <Text>
        WebPOS è il portale, in italiano, per l'acquiring con carta gestito insieme alle banche di credito
        cooperativo, ciascuna identificata dal proprio codice ABI di cinque cifre: terminali POS fisici, pagamenti
        online, pay-by-mail, MOTO e POS su telefono cellulare.
      </Text>
      <Title order={2} size="h4">Per chi è</Title>
      <List>
        <List.Item>Le banche gestiscono banche e filiali, modelli POS, utenti e ruoli, listini e anagrafiche degli esercenti, il magazzino dei terminali, le richieste di servizio e i report sul transato.</List.Item>
        <List.Item>L'assistenza del fornitore segue le richieste delle banche e il back-office.</List.Item>
        <List.Item>Gli agenti push seguono le attivazioni dei propri esercenti.</List.Item>
        <List.Item>Gli esercenti, nell'area WebPOS Business, consultano movimenti, fatture e contratti, confronti fra periodi, riepiloghi delle transazioni e il servizio pay-by-mail.</List.Item>
      </List>
      <Text c="gray.7">Versione dell'applicazione: {__APP_VERSION__}</Text>
    </Stack>
  );
}
