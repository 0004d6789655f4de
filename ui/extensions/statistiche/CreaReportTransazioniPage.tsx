/**
 * "Create report" of the monthly transaction reports (seed 002 §2 /report/trasrepo GES_TRANS_REPORT and
 * /report/trasrepoeserc GES_TRANS_REP_ESERC; §7 createreport): a bank of the caller's (preselected when there is one)
 * or a merchant's code, and a month; the confirmation says what will be written, the answer's message is the spec's,
 * and the page goes back to the list, where the new report downloads as a PDF.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { monthLabel } from '../../../common/report-compare';
import { userMessage } from '../../src/core/apiError';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useModals } from '../../src/shell/modals/modalsContext';
import { usePageTitle } from '../../src/shell/pageTitle';
import { monthChoices } from './monthChoices';

const MONTHS_BACK = 24;
const SUCCESS = 'Report creato con successo';

function CreaReport({ kind }: { kind: 'banca' | 'esercente' }) {
  const title = kind === 'banca' ? 'Crea report transazioni della banca' : 'Crea report transazioni di un esercente';
  usePageTitle(title);
  const api = useDataProvider();
  const modals = useModals();
  const navigate = useNavigate();
  const months = useMemo(() => monthChoices(new Date(), MONTHS_BACK), []);
  const [banks, setBanks] = useState<{ value: string; label: string }[]>([]);
  const [codAbi, setCodAbi] = useState<string | null>(null);
  const [codEserc, setCodEserc] = useState('');
  const [mese, setMese] = useState(months[1].value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const list = kind === 'banca' ? '/report/trasrepo' : '/report/trasrepoeserc';

  useEffect(() => {
    if (kind !== 'banca') return;
    api.api.GET('/users/me/banche')
      .then((rows) => {
        const options = rows.map((b) => ({ value: b.codAbi, label: `${b.codAbi} - ${b.nomeBcc}` }));
        setBanks(options);
        if (options.length === 1) setCodAbi(options[0].value);
      })
      .catch((e: unknown) => { setError(userMessage(e)); });
  }, [api, kind]);

  const subject = kind === 'banca' ? `della banca ${banks.find((b) => b.value === codAbi)?.label ?? codAbi ?? ''}` : `dell'esercente ${codEserc}`;
  const ready = kind === 'banca' ? Boolean(codAbi) : /^[0-9]{7}$/.test(codEserc);
  const create = async () => {
    const ok = await modals.confirm({
      title: 'Crea report',
      message: `Verrà creato il report delle transazioni di ${monthLabel(mese)} ${subject}: transato, storni e netto per circuito e per negozio, in un PDF da scaricare dall'elenco. Procedere?`,
    });
    if (!ok) return;
    setBusy(true);
    setError(undefined);
    try {
      if (kind === 'banca') await api.api.POST('/trasrepo/createreport', { body: { codAbi: codAbi ?? '', mese } });
      else await api.api.POST('/trasrepoeserc/createreport', { body: { codEserc, mese } });
      await modals.success(SUCCESS);
      void navigate(list);
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2">{title}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">Il report riassume le transazioni del mese scelto: numero, transato, storni e netto per circuito e per negozio.</Text>
          <Group align="end">
            {kind === 'banca'
              ? <Select label="Banca" placeholder="Selezionare una banca" data={banks} value={codAbi} onChange={setCodAbi} disabled={banks.length === 1} style={{ minWidth: 260 }} />
              : <TextInput label="Codice esercente" placeholder="7 cifre" value={codEserc} onChange={(e) => { setCodEserc(e.currentTarget.value.trim()); }} maxLength={7} inputMode="numeric" />}
            <Select label="Mese di riferimento" data={months} value={mese} allowDeselect={false} onChange={(v) => { if (v) setMese(v); }} style={{ width: 200 }} />
            <Button onClick={() => void create()} disabled={!ready} loading={busy}>Crea report</Button>
          </Group>
          <Anchor component={Link} to={list} size="sm">Torna all&apos;elenco dei report</Anchor>
        </Stack>
      </Paper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Stack>
  );
}

export function CreaReportBancaPage() {
  return <CreaReport kind="banca" />;
}

export function CreaReportEsercentePage() {
  return <CreaReport kind="esercente" />;
}
