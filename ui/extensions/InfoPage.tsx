/**
 * /about, public (seed 000 §2): what the portal is and for whom, in the words of seed 000 §1, and the
 * version of the application.
 */
import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';

const AUDIENCES: { title: string; items: string[] }[] = [
  {
    title: 'Banche',
    items: [
      'Anagrafiche di banche, filiali, modelli POS fisici e generici',
      'Utenti, ruoli e listini',
      'Anagrafica degli esercenti',
      'Giacenze e movimenti di magazzino',
      'Transato, conto economico, download, richieste di servizio, contatti e kit di vendita',
    ],
  },
  {
    title: 'Esercenti',
    items: [
      'Movimenti, fatture e contratti',
      'Confronto tra periodi, riepilogo delle transazioni e confronto con il settore',
      "Gestione dell'account e servizio pay-by-mail",
    ],
  },
  {
    title: 'Assistenza e agenti',
    items: [
      "Back-office dell'assistenza: terminali, partite IVA, comuni e promozioni",
      'Ticket di manutenzione e notifiche agli utenti',
      'Agenti push e report delle attivazioni',
    ],
  },
];

export default function InfoPage() {
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">Informazioni</Title>
      <Text>
        WebPOS è il portale in italiano per l'acquiring delle carte di pagamento (terminali POS fisici, pagamenti
        online, pay-by-mail, MOTO e POS su telefono cellulare) gestito insieme alle banche di credito
        cooperativo, ciascuna identificata dal proprio codice ABI di cinque cifre.
      </Text>
      <Text>
        Lo usano il personale delle banche, l'assistenza del fornitore, gli agenti push e gli esercenti. Esistono
        due varianti: quella classica per le banche e l'assistenza, e quella business per gli esercenti; chi
        accede con la variante sbagliata viene indirizzato all'altra.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {AUDIENCES.map((audience) => (
          <Paper key={audience.title} withBorder p="md">
            <Title order={2} size="h4" mb="xs">{audience.title}</Title>
            <List size="sm" spacing={4}>
              {audience.items.map((item) => <List.Item key={item}>{item}</List.Item>)}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7">Versione dell'applicazione: {__APP_VERSION__}</Text>
    </Stack>
  );
}
