/**
 * /anagrafiche/agentipush/reportAttivazioni: POS activations per push agent over a date range (seed 000 §2,
 * §7 GET agentePush/reportAttivazioni). Without dates the server reports the current month up to today and
 * says which range it used, so the page fills the two inputs from the answer; a start after the end is
 * refused by the server with its Italian message, shown under the start date.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ItalianDateInput } from '../src/shell/dates/ItalianDateInputs';
import { ApiError, userMessage } from '../src/core/apiError';
import { formatDate } from '../src/core/format';
import { useDataProvider } from '../src/core/hooks/useDataProvider';

interface ReportRow { codAgente: string; nome: string; attivazioni: number; dataDa: string; dataA: string }

export default function ReportAttivazioniPage() {
  const provider = useDataProvider();
  const [dataDa, setDataDa] = useState<string | undefined>();
  const [dataA, setDataA] = useState<string | undefined>();
  const [rows, setRows] = useState<ReportRow[] | undefined>();
  const [error, setError] = useState<{ field?: string; message: string } | undefined>();
  // The first report is asked on opening.
  const [loading, setLoading] = useState(true);

  const report = useCallback((from?: string, to?: string): Promise<ReportRow[]> =>
    provider.api.GET('/agentePush/reportAttivazioni', { params: { query: { dataDa: from, dataA: to } } }), [provider]);
  const show = useCallback((result: ReportRow[]) => {
    setRows(result);
    if (result[0]) { setDataDa(result[0].dataDa); setDataA(result[0].dataA); }
  }, []);
  const fail = useCallback((e: unknown) => {
    const detail = e instanceof ApiError ? e.details[0] : undefined;
    setError(detail ? { field: detail.field, message: detail.message } : { message: userMessage(e) });
  }, []);

  const run = async (from?: string, to?: string) => {
    setLoading(true);
    setError(undefined);
    try {
      show(await report(from, to));
    } catch (e) {
      fail(e);
    } finally {
      setLoading(false);
    }
  };

  // Without dates: the server's default range, which the answer then fills into the inputs.
  useEffect(() => {
    void report().then(show, fail).finally(() => setLoading(false));
  }, [report, show, fail]);

  const total = (rows ?? []).reduce((sum, r) => sum + r.attivazioni, 0);
  return (
    <Stack>
      <Title order={1} size="h2">Report attivazioni agenti push</Title>
      <Paper withBorder p="md">
        <Group align="flex-end">
          <ItalianDateInput label="Dal" value={dataDa} style={{ width: 180 }}
            error={error?.field === 'dataDa' ? error.message : undefined}
            onChange={setDataDa} data-testid="report-dal" />
          <ItalianDateInput label="Al" value={dataA} style={{ width: 180 }}
            error={error?.field === 'dataA' ? error.message : undefined}
            onChange={setDataA} data-testid="report-al" />
          <Button loading={loading} onClick={() => void run(dataDa, dataA)}>Cerca</Button>
        </Group>
      </Paper>
      {error && !error.field && <Alert color="red" role="alert">{error.message}</Alert>}
      {rows && (
        <Table striped withTableBorder data-testid="report-attivazioni">
          <Table.Thead>
            <Table.Tr><Table.Th>Codice agente</Table.Th><Table.Th>Nome</Table.Th><Table.Th ta="right">Attivazioni</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.codAgente}><Table.Td>{r.codAgente}</Table.Td><Table.Td>{r.nome}</Table.Td><Table.Td ta="right">{r.attivazioni}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr><Table.Th colSpan={2}>Totale</Table.Th><Table.Th ta="right">{total}</Table.Th></Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
      {rows && rows.length === 0 && <Text c="dimmed">Nessun agente push</Text>}
      {rows?.[0] && <Text size="sm" c="dimmed">Periodo dal {formatDate(rows[0].dataDa)} al {formatDate(rows[0].dataA)}, estremi inclusi.</Text>}
    </Stack>
  );
}
