/**
 * /statistiche/tracciato (seed 002 §2 STAT_TRACCIATO, Screens "Monthly turnover-file: bank plus reference month, text
 * download"): one of the caller's banks (preselected when there is one) and a concluded or current month, then the
 * text file of GET statistiche/tracciato/file (layout in spec/statistiche/operazioni-statistiche.yaml). Bank and month
 * live in the address; the month's figures on screen are the report page /statistiche/tracciato/anteprima.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { monthLabel } from '../../../common/report-compare';
import { userMessage } from '../../src/core/apiError';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { saveFile } from '../../src/core/saveFile';
import { usePageTitle } from '../../src/shell/pageTitle';
import { monthChoices } from './monthChoices';

const MONTHS_BACK = 24;

const lastDay = (month: string) => `${month}-${String(new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getDate()).padStart(2, '0')}`;

export default function TracciatoMensilePage() {
  usePageTitle('Tracciato mensile transato');
  const api = useDataProvider();
  const [params, setParams] = useSearchParams();
  const [banks, setBanks] = useState<{ value: string; label: string }[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const months = useMemo(() => monthChoices(new Date(), MONTHS_BACK), []);
  const codAbi = params.get('codAbi') ?? '';
  const mese = params.get('mese') ?? months[1].value;

  const set = (name: string, value: string | null) => {
    setParams((p) => { const next = new URLSearchParams(p); if (value) next.set(name, value); else next.delete(name); return next; }, { replace: true });
    setError(undefined);
  };

  useEffect(() => {
    api.api.GET('/users/me/banche')
      .then((rows) => {
        const options = rows.map((b) => ({ value: b.codAbi, label: `${b.codAbi} - ${b.nomeBcc}` }));
        setBanks(options);
        // A user with a single bank gets it preselected (seed 002 §6).
        if (options.length === 1 && !codAbi) set('codAbi', options[0].value);
      })
      .catch((e: unknown) => { setError(userMessage(e)); });
    // Once, on opening: the banks do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);

  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { blob, fileName } = await api.api.download('/statistiche/tracciato/file', { params: { query: { codAbi, mese } } });
      saveFile(blob, fileName);
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const preview = `/statistiche/tracciato/anteprima?codAbi=${codAbi}&dataOperazioneDa=${mese}-01&dataOperazioneA=${lastDay(mese)}&per=negozio`;
  return (
    <Stack>
      <Title order={1} size="h2">Tracciato mensile transato</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">Il file riporta, per la banca e il mese scelti, una riga per esercente, negozio e compagnia con il transato e il numero delle operazioni.</Text>
          <Group align="end">
            <Select label="Banca" placeholder="Selezionare una banca" data={banks} value={codAbi || null} onChange={(v) => { set('codAbi', v); }}
              searchable disabled={banks.length === 1} style={{ minWidth: 260 }} data-testid="tracciato-banca" />
            <Select label="Mese di riferimento" data={months} value={mese} allowDeselect={false} onChange={(v) => { set('mese', v); }} style={{ width: 200 }} data-testid="tracciato-mese" />
            <Button onClick={() => void download()} disabled={!codAbi} loading={busy}>Scarica tracciato</Button>
          </Group>
          {codAbi && <Anchor component={Link} to={preview} size="sm">{`Vedi i dati di ${monthLabel(mese)} a video`}</Anchor>}
        </Stack>
      </Paper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Stack>
  );
}
