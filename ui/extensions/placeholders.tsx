/** Landing pages of seed 000 §2 that are not built yet: each says so, so the home landing rules can run. */
import { Alert, Stack, Title } from '@mantine/core';

function Placeholder({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={1} size="h2">{title}</Title>
      <Alert color="blue" title="Pagina in preparazione">
        Questa pagina non è ancora disponibile: sarà realizzata in una prossima versione.
      </Alert>
    </Stack>
  );
}

export function SospesiBancaPage() {
  return <Placeholder title="Richieste sospese della banca" />;
}

export function SospesiEnteCentralePage() {
  return <Placeholder title="Richieste sospese - ente centrale" />;
}
