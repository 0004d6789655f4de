/**
 * The pages a route resolves to when it has nothing to show: a path no route knows (404) and a route the
 * caller's grants do not open. Each names itself (h1 and the browser tab) and offers the way home, so a
 * mistyped link or an old bookmark never ends on a blank screen or a silent jump elsewhere.
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../pageTitle';

interface StatusProps {
  title: string;
  explanation: string;
}

function StatusPage({ title, explanation }: StatusProps) {
  usePageTitle(title);
  return (
    <Stack maw={640} gap="md" py="xl" data-testid="status-page">
      <Title order={1} size="h2">{title}</Title>
      <Text>{explanation}</Text>
      {/* '/' leads to the home of the shell at '/', which sends each user to its own shell's home and landing. */}
      <Button component={Link} to="/" w="fit-content">Torna alla pagina iniziale</Button>
    </Stack>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      title="Pagina non trovata"
      explanation="L'indirizzo richiesto non corrisponde a nessuna pagina dell'applicazione. Potrebbe essere stato scritto in modo errato oppure la pagina non esiste più."
    />
  );
}

export function NotAuthorisedPage() {
  return (
    <StatusPage
      title="Non autorizzato"
      explanation="Le autorizzazioni dell'utente con cui è stato effettuato l'accesso non consentono di aprire questa pagina. Se serve, chiedere l'abilitazione all'amministratore."
    />
  );
}
