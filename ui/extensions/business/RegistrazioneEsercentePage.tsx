/**
 * /wpbusiness/registrazione (public; seed 000 §7 merchant/registrazione, seed 002 §5): a merchant registers its
 * business profile with its merchant code (MID), bank, VAT number or tax code, the last 4 digits of its IBAN and an
 * e-mail of its record. Right data: 'Registrazione effettuata con successo' and the confirmation link goes to that
 * e-mail; anything else: the seed's one message, whichever field was wrong (the server's answer, shown as it is).
 */
import { useState, type SubmitEvent } from 'react';
import { Alert, Anchor, Button, Center, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { userMessage } from '../../src/core/apiError';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useValidationMessages } from '../../src/core/hooks/useManifest';
import { usePageTitle } from '../../src/shell/pageTitle';

const FIELDS = [
  { name: 'codEsercente', label: 'Codice esercente (MID)', autoComplete: 'off' },
  { name: 'codAbi', label: 'Codice ABI della banca', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'pivaCodFiscale', label: 'Partita IVA o codice fiscale', autoComplete: 'off' },
  { name: 'ultimeCifreIban', label: "Ultime 4 cifre dell'IBAN", autoComplete: 'off', inputMode: 'numeric' },
  { name: 'email', label: "E-mail dell'esercente", autoComplete: 'email', type: 'email' },
] as const;
type Name = (typeof FIELDS)[number]['name'];
type Values = Record<Name, string>;

/** What is checked before sending (the server checks it all again). */
function localErrors(values: Values, required: string): Partial<Values> {
  const errors: Partial<Values> = {};
  for (const { name } of FIELDS) if (!values[name].trim()) errors[name] = required;
  if (!errors.codAbi && !/^[0-9]{5}$/.test(values.codAbi.trim())) errors.codAbi = 'Il campo  deve essere di 5 cifre';
  if (!errors.ultimeCifreIban && !/^[0-9]{4}$/.test(values.ultimeCifreIban.trim())) errors.ultimeCifreIban = "Indicare le ultime 4 cifre dell'IBAN";
  if (!errors.pivaCodFiscale && !/^[A-Za-z0-9]{11,16}$/.test(values.pivaCodFiscale.trim())) errors.pivaCodFiscale = 'Indicare la partita IVA (11 cifre) o il codice fiscale (16 caratteri)';
  if (!errors.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email.trim())) errors.email = 'Email non valida';
  return errors;
}

export default function RegistrazioneEsercentePage() {
  usePageTitle('Registrazione esercente');
  const { required } = useValidationMessages();
  const provider = useDataProvider();
  const [values, setValues] = useState<Values>({ codEsercente: '', codAbi: '', pivaCodFiscale: '', ultimeCifreIban: '', email: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = localErrors(values, required);
    setErrors(found);
    setRefusal(undefined);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { codEsercente: values.codEsercente.trim(), codAbi: values.codAbi.trim(), pivaCodFiscale: values.pivaCodFiscale.trim(), ultimeCifreIban: values.ultimeCifreIban.trim(), email: values.email.trim() };
      const answer = await provider.api.POST('/merchant/registrazione', { body, credentialCall: true });
      setDone(answer.message);
    } catch (error) {
      setRefusal(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center component="main" mih="70vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={640} maw="100%">
        {done ? (
          <Stack>
            <Title order={1} size="h2">Registrazione esercente</Title>
            <Alert color="green" role="status" title={done}>
              Riceverà all'e-mail indicata un collegamento per confermare l'utenza; dopo la conferma le verrà inviata la password provvisoria.
            </Alert>
            <Anchor component={Link} to="/login/merchant" size="sm">Torna all'accesso esercenti</Anchor>
          </Stack>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack>
              <Title order={1} size="h2">Registrazione esercente</Title>
              <Text size="sm" c="dimmed">Indicare i dati dell'esercente come risultano alla banca: se corrispondono, all'e-mail arriverà il collegamento per confermare l'utenza.</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {FIELDS.map((f) => (
                  <TextInput
                    key={f.name}
                    label={f.label}
                    required
                    autoComplete={f.autoComplete}
                    {...('inputMode' in f ? { inputMode: f.inputMode } : {})}
                    {...('type' in f ? { type: f.type } : {})}
                    value={values[f.name]}
                    onChange={(e) => { const v = e.currentTarget.value; setValues((x) => ({ ...x, [f.name]: v })); setErrors((x) => ({ ...x, [f.name]: undefined })); }}
                    error={errors[f.name]}
                  />
                ))}
              </SimpleGrid>
              {refusal && <Alert color="red" role="alert">{refusal}</Alert>}
              <Button type="submit" loading={busy}>Registrati</Button>
              <Anchor component={Link} to="/login/merchant" size="sm">Torna all'accesso esercenti</Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
