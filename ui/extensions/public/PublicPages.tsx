/**
 * The public routes of seed 000 §2 besides /about and /home (spec/ui/pages.yaml, `public: true`): they open
 * without a login and show only public text, what the seeds say each area is and the way in. The data of each area
 * stays behind the server's session check; a logged-in user also gets the links to the pages of the area that its
 * grants open. None of them calls the API.
 */
import type { ReactNode } from 'react';
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useManifest } from '../../src/core/hooks/useManifest';
import { loginPath } from '../../src/core/navigation';
import { useSession } from '../../src/core/session';

interface PublicInfoProps {
  title: string;
  children: ReactNode;
  /** The login pages that lead to the area's data, by shell name (spec/ui/pages.yaml `shells`). */
  ways: string[];
  /** Routes of the area: shown to a logged-in user whose grants open them. */
  related?: { route: string; label: string }[];
}

function PublicInfo({ title, children, ways, related = [] }: PublicInfoProps) {
  const { shells, routes } = useManifest();
  const session = useSession();
  const open = related.filter((r) => {
    const route = routes.find((x) => x.path === r.route);
    return session.user && route && session.can(route.permission);
  });
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">{title}</Title>
      {children}
      {!session.user && (
        <Stack gap="xs" component="section" aria-labelledby="come-accedere">
          <Title order={2} size="h4" id="come-accedere">Come accedere</Title>
          <Text>I dati di quest'area sono riservati: si consultano dopo l'accesso, ciascuno per quanto gli compete.</Text>
          <Group gap="sm">
            {shells.filter((s) => ways.includes(s.name)).map((s) => (
              <Button key={s.name} component={Link} to={loginPath(s.loginRealm)} variant="light">{s.loginTitle}</Button>
            ))}
          </Group>
        </Stack>
      )}
      {open.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="pagine-area">
          <Title order={2} size="h4" id="pagine-area">Pagine dell'area</Title>
          <List>
            {open.map((r) => <List.Item key={r.route}><Anchor component={Link} to={r.route}>{r.label}</Anchor></List.Item>)}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

/** /menu: the menu service the pages' banners promote (seed 000 §1), a store service of seed 001 §3. */
export function MenuServizioPage() {
  return (
    <PublicInfo title="Servizio menu digitale" ways={['business', 'bank']} related={[{ route: '/esercente/negozi', label: 'Negozi' }]}>
      <Text>
        Il menu digitale è uno dei servizi del negozio che il portale promuove nei suoi banner: l'esercente pubblica
        il menu del proprio locale, che i clienti consultano dal telefono. Fa parte dei servizi del punto vendita
        insieme al negozio online e all'ordinazione al tavolo.
      </Text>
      <List>
        <List.Item>Si attiva per singolo negozio, con una licenza che ha una data di fine, di rinnovo e di disdetta.</List.Item>
        <List.Item>Ha un canone mensile, indicato fra le condizioni economiche dei servizi del negozio.</List.Item>
        <List.Item>Lo richiede la banca dell'esercente, dalla scheda del negozio.</List.Item>
      </List>
    </PublicInfo>
  );
}

/** /security/users: how users get in and keep their access (seed 000 §4, §6). */
export function SicurezzaUtentiPage() {
  return (
    <PublicInfo
      title="Accesso e sicurezza degli utenti"
      ways={['bank', 'business']}
      related={[{ route: '/security/cambioPassword', label: 'Cambio password' }, { route: '/anagrafiche/utenti', label: 'Utenti' }]}
    >
      <Text>
        Il portale ha due accessi: quello delle banche, per il personale delle banche e dell'assistenza, e quello
        degli esercenti. Chi entra dall'accesso sbagliato viene portato nell'area del proprio tipo di utente.
      </Text>
      <List>
        <List.Item>Le utenze sono create dagli amministratori della banca, che assegnano a ciascuna un ruolo: il ruolo stabilisce quali funzioni si possono consultare o modificare.</List.Item>
        <List.Item>Chi ha dimenticato la password ne riceve una nuova all'indirizzo e-mail dell'utenza, con <Anchor component={Link} to="/resetPassword">Password dimenticata</Anchor>.</List.Item>
        <List.Item>Una password scaduta va cambiata al momento dell'accesso; dopo il cambio si accede di nuovo.</List.Item>
        <List.Item>Un utente senza indirizzo e-mail lo inserisce al primo accesso, perché serve a ricevere le password.</List.Item>
        <List.Item>L'uscita chiude la sessione; una sessione scaduta richiede un nuovo accesso.</List.Item>
      </List>
    </PublicInfo>
  );
}

/** /statistiche/transatoEsercente: a merchant's turnover (seed 002 §2 public route, §7 transato/esercente). */
export function TransatoEsercentePage() {
  return (
    <PublicInfo title="Transato esercente" ways={['business', 'bank']} related={[{ route: '/esercente/ricercaEsercente', label: 'Ricerca esercente' }]}>
      <Text>
        Il transato esercente riporta gli importi delle transazioni con carta incassate dai terminali POS di un
        esercente in un periodo: l'esercente vede il proprio, la banca quello dei suoi esercenti.
      </Text>
      <Text>
        Per alcune banche l'estrazione avviene in modo asincrono: la richiesta viene presa in carico e il file si
        scarica quando è pronto.
      </Text>
    </PublicInfo>
  );
}

/** /download/fattureCooper: the Coopersystem invoices (seed 002 §2 public route; banks' Coopersystem flag, seed 000 §3). */
export function FattureCooperPage() {
  return (
    <PublicInfo title="Fatture Coopersystem" ways={['bank']} related={[{ route: '/anagrafiche/anaBanca', label: 'Banche' }]}>
      <Text>
        Da quest'area le banche aderenti al servizio Coopersystem scaricano le fatture dei terminali POS. L'adesione
        è un'impostazione della scheda della banca (Ticket Coopersystem, fra i servizi).
      </Text>
    </PublicInfo>
  );
}

/** /anagrafiche/visualizzainstallazionepos: a POS installation (seed 000 §2; terminals and maintenance of seeds 000-001). */
export function InstallazionePosPage() {
  return (
    <PublicInfo
      title="Installazione POS"
      ways={['bank', 'business']}
      related={[{ route: '/esercente/terminali', label: 'Terminali' }, { route: '/anagrafiche/searchManutenzione', label: 'Ticket di manutenzione' }]}
    >
      <Text>
        L'installazione di un terminale POS presso il negozio di un esercente: il modello del terminale, il tipo di
        connessione e lo stato dell'intervento. Gli interventi di installazione, sostituzione e manutenzione sono
        seguiti con i ticket di manutenzione, a cui l'assistenza risponde.
      </Text>
    </PublicInfo>
  );
}
