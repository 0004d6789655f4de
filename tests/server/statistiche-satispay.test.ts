/**
 * The Satispay movements (seed 002 §2 /statistiche/movimentiSatispay GES_SATISPAY, §7 movimentisatispay, §9 20 a page,
 * movement screens 1 to 3 months): GET statistiche/movimentisatispay in the caller's scope (a bank its banks, a branch
 * its cab, assistance every bank; merchants hold no GES_SATISPAY), its filters, its exports, and the totals beside the
 * list (spec/statistiche/movimenti-satispay.yaml). Expected rows come from the demo file itself
 * (spec/demo/57-movimenti-satispay.yaml), so the test follows the demo data rather than restating it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT_DIR } from '../../server/config.js';
import { binaryBody } from '../support/binary-body.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { cents } from '../support/money.js';

interface Satispay { id: string; idSatispay: string; codAbi: string; cab: string; codEserc: string; codStab: string; dataOperazione: string; oraOperazione: string; tipo: 'PAG' | 'RIM'; importo: number; commissione?: number; esito: 'AC' | 'AN' | 'IA' }
const demoFile: { rows: Satispay[] } = parse(readFileSync(join(ROOT_DIR, 'spec', 'demo', '57-movimenti-satispay.yaml'), 'utf8'));
const DEMO = demoFile.rows;

const FROM = '2026-09-01';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const LIST = `${API}/statistiche/movimentisatispay`;
const TOTALS = `${API}/report/statistiche/movimentisatispay/totali`;
const inPeriod = (m: Satispay) => m.dataOperazione >= FROM && m.dataOperazione <= TO;
const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });

/** Which demo Satispay movements each user may see (seed 002 §6; filiale.30480 is cab 01600). */
const SCOPE: Record<string, (m: Satispay) => boolean> = {
  assistenza: () => true,
  'sede.30480': (m) => m.codAbi === '30480',
  'filiale.30480': (m) => m.codAbi === '30480' && m.cab === '01600',
  'sede.60855': () => false,
};

type Row = Record<string, unknown>;
/** The answer's rows (the tests read supertest's untyped body). */
const rowsOf = (res: { body: { rows: Row[] } }): Row[] => res.body.rows;
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234'] });
const { as } = demo;

describe('the Satispay movements of a period, in the caller\'s scope (seed 002 §2, §6, §9)', () => {
  it('answers each bank-side user the movements of its banks or branch, 20 a page, newest first', async () => {
    for (const [user, sees] of Object.entries(SCOPE)) {
      const want = DEMO.filter((m) => inPeriod(m) && sees(m));
      const res = await as[user].get(`${LIST}?${PERIOD}`);
      expect(res.status, user).toBe(200);
      expect(res.body.totalCount, user).toBe(want.length);
      const results: Row[] = res.body.results;
      expect(results.length, user).toBe(Math.min(20, want.length));
      // Newest day first, then the key (the list's order: `sort: -dataOperazione`, then the key ascending).
      const newest = [...want].sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || a.id.localeCompare(b.id)).slice(0, 20);
      expect(results.map((r) => r.id), user).toEqual(newest.map((m) => m.id));
    }
  });

  it('has movements for the bank, more than a page, and the branch sees fewer than its bank', () => {
    const bank = DEMO.filter((m) => inPeriod(m) && SCOPE['sede.30480'](m)).length;
    const branch = DEMO.filter((m) => inPeriod(m) && SCOPE['filiale.30480'](m)).length;
    expect(bank).toBeGreaterThan(20);
    expect(branch).toBeGreaterThan(0);
    expect(branch).toBeLessThan(bank);
  });

  it('reads one movement in scope; another bank\'s is not found', async () => {
    const own = DEMO.find((m) => m.codAbi === '30480' && m.esito === 'AC' && m.tipo === 'PAG');
    const other = DEMO.find((m) => m.codAbi === '34256');
    const res = await as['sede.30480'].get(`${LIST}/${own?.id ?? ''}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: own?.id, codAbi: '30480', codEserc: own?.codEserc, esito: 'AC', tipo: 'PAG', idSatispay: own?.idSatispay });
    expect((await as['sede.30480'].get(`${LIST}/${other?.id ?? ''}`)).status).toBe(404);
    expect((await as['filiale.30480'].get(`${LIST}/${DEMO.find((m) => m.cab === '01601')?.id ?? ''}`)).status).toBe(404);
  });

  it('is refused to a merchant (no GES_SATISPAY) and without a session; nobody writes a movement', async () => {
    expect((await as['merchant.0001234'].get(`${LIST}?${PERIOD}`)).status).toBe(403);
    expect((await demo.app.anonymous.get(`${LIST}?${PERIOD}`)).status).toBe(401);
    expect((await as.assistenza.post(LIST).send({ id: 'X1' })).status).not.toBe(201);
  });
});

describe('the filters and the period (seed 002 §2 Screens, §9)', () => {
  const search = async (filter: string): Promise<{ results: Row[]; totalCount: number }> => {
    const res = await as['sede.30480'].get(`${LIST}?${PERIOD}&size=200&${filter}`);
    expect(res.status, filter).toBe(200);
    return res.body;
  };
  const count = (p: (m: Satispay) => boolean) => DEMO.filter((m) => inPeriod(m) && m.codAbi === '30480' && p(m)).length;

  it('filters by merchant, store, outcome, kind, amount range and Satispay id', async () => {
    const sample = DEMO.find((m) => inPeriod(m) && m.codAbi === '30480' && m.tipo === 'PAG');
    const cases: [string, (m: Satispay) => boolean][] = [
      ['codEserc=0002345', (m) => m.codEserc === '0002345'],
      ['codStab=1002', (m) => m.codStab === '1002'],
      ['esito=AN', (m) => m.esito === 'AN'],
      ['tipo=RIM', (m) => m.tipo === 'RIM'],
      ['importoDa=10&importoA=20', (m) => m.importo >= 10 && m.importo <= 20],
      [`idSatispay=${sample?.idSatispay ?? ''}`, (m) => m.idSatispay === sample?.idSatispay],
    ];
    for (const [filter, p] of cases) {
      const n = count(p);
      expect(n, filter).toBeGreaterThan(0);
      expect((await search(filter)).totalCount, filter).toBe(n);
    }
  });

  it('cannot widen the scope with a filter: another bank\'s code answers nothing', async () => {
    const res = await as['filiale.30480'].get(`${LIST}?${PERIOD}&codAbi=34256`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(0);
  });

  it('refuses a missing, reversed or longer-than-3-months period with the movements\' messages', async () => {
    expect((await as['sede.30480'].get(`${LIST}?dataOperazioneDa=${FROM}`)).body).toEqual(refused('dataOperazioneA', 'Indicare il periodo della ricerca: data iniziale e data finale'));
    expect((await as['sede.30480'].get(`${LIST}?dataOperazioneDa=${TO}&dataOperazioneA=${FROM}`)).body).toEqual(refused('dataOperazioneDa', 'La data iniziale non può essere successiva alla data finale'));
    expect((await as['sede.30480'].get(`${LIST}?dataOperazioneDa=2026-08-24&dataOperazioneA=${TO}`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo di ricerca non può superare i 3 mesi'));
    expect((await as['sede.30480'].get(`${LIST}?dataOperazioneDa=2026-08-25&dataOperazioneA=${TO}`)).status).toBe(200);
  });
});

describe('the exports (seed 002 §2 "export to text and csv", "Excel export of all rows")', () => {
  async function finished(user: string, id: string): Promise<Row> {
    for (let i = 0; i < 300; i++) {
      const res = await as[user].get(`${API}/esportazioni/${id}`);
      if (res.body.stato === 'S' || res.body.stato === 'E') return res.body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`export ${id} did not end`);
  }

  it('writes every row of the branch\'s search to CSV, with labels, and to Excel', async () => {
    const want = DEMO.filter((m) => inPeriod(m) && SCOPE['filiale.30480'](m));
    const job = await as['filiale.30480'].post(`${LIST}/esportazioni?formato=csv&${PERIOD}`);
    expect(job.status).toBe(202);
    expect(await finished('filiale.30480', job.body.id)).toMatchObject({ stato: 'S', righeScritte: want.length });
    const file = await as['filiale.30480'].get(`${API}/esportazioni/${job.body.id}/file`).buffer(true).parse(binaryBody);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/Movimenti_Satispay_\d{2}-\d{2}-\d{4}\.csv/);
    const lines = Buffer.from(file.body).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Data operazione;Ora;Banca;Esercente;Negozio;Tipo operazione;Importo;Commissione Satispay;Esito;Codice pagamento Satispay;Descrizione');
    expect(lines).toHaveLength(want.length + 1);
    expect(lines.slice(1).some((l) => l.includes(';Accettato;'))).toBe(true);
    const xlsx = await as['filiale.30480'].post(`${LIST}/esportazioni?formato=xlsx&${PERIOD}`);
    expect(xlsx.status).toBe(202);
    expect(await finished('filiale.30480', xlsx.body.id)).toMatchObject({ stato: 'S', righeScritte: want.length });
  });

  it('refuses the export of a period the search refuses', async () => {
    const res = await as['sede.30480'].post(`${LIST}/esportazioni?formato=csv`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('dataOperazioneDa', 'Indicare il periodo della ricerca: data iniziale e data finale'));
  });
});

describe('the totals beside the list (spec/statistiche/movimenti-satispay.yaml)', () => {
  /** The measures of a set of movements: only accepted ones moved money; a refund comes off the net. */
  function figures(rows: Satispay[]) {
    const accepted = rows.filter((m) => m.esito === 'AC');
    const pays = accepted.filter((m) => m.tipo === 'PAG');
    const refunds = accepted.filter((m) => m.tipo === 'RIM');
    const sum = (xs: Satispay[], f: (m: Satispay) => number) => cents(xs.reduce((s, m) => s + f(m), 0));
    return {
      operazioni: rows.length, pagamenti: pays.length, incassato: sum(pays, (m) => m.importo), rimborsato: sum(refunds, (m) => m.importo),
      netto: cents(sum(pays, (m) => m.importo) - sum(refunds, (m) => m.importo)), commissioni: sum(accepted, (m) => m.commissione ?? 0),
    };
  }

  it('adds up the caller\'s movements per merchant: payments, refunds, net and fees of the accepted ones', async () => {
    for (const user of ['assistenza', 'sede.30480', 'filiale.30480']) {
      const rows = DEMO.filter((m) => inPeriod(m) && SCOPE[user](m));
      const res = await as[user].get(`${TOTALS}?${PERIOD}&per=esercente`);
      expect(res.status, user).toBe(200);
      expect(res.body.totals, user).toEqual(figures(rows));
      const merchants = [...new Set(rows.map((m) => m.codEserc))].sort();
      expect(res.body.rows.map((r: Row) => r.key).sort(), user).toEqual(merchants);
      for (const r of rowsOf(res)) expect(r, `${user} ${String(r.key)}`).toMatchObject(figures(rows.filter((m) => m.codEserc === r.key)));
    }
    expect(DEMO.some((m) => inPeriod(m) && m.tipo === 'RIM' && m.esito === 'AC')).toBe(true);
  });

  it('names the outcome by its label and follows the list\'s filters', async () => {
    const res = await as['sede.30480'].get(`${TOTALS}?${PERIOD}&per=esito&codEserc=0001234`);
    const rows = DEMO.filter((m) => inPeriod(m) && m.codEserc === '0001234');
    expect(res.body.totals).toEqual(figures(rows));
    expect(res.body.rows.map((r: Row) => r.label)).toEqual(['Accettato', 'Annullato', 'In attesa'].filter((_, i) => rows.some((m) => m.esito === ['AC', 'AN', 'IA'][i])));
  });

  it('downloads the grouping as an Excel sheet with its totals', async () => {
    const res = await as['sede.30480'].get(`${TOTALS}/esporta?${PERIOD}&per=esercente&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Movimenti_Satispay_aggregati_\d{2}-\d{2}-\d{4}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body);
    const cells: unknown[][] = [];
    book.worksheets[0].eachRow((row) => { cells.push(row.values instanceof Array ? row.values.slice(1) : []); });
    expect(cells[0]).toEqual(['Esercente', 'Numero operazioni', 'Numero pagamenti', 'Incassato', 'Rimborsato', 'Netto', 'Commissioni']);
    const total = figures(DEMO.filter((m) => inPeriod(m) && SCOPE['sede.30480'](m)));
    expect(cells.at(-1)).toEqual(['Totale', total.operazioni, total.pagamenti, total.incassato, total.rimborsato, total.netto, total.commissioni]);
  });

  it('is refused to a merchant, and over a period the list refuses', async () => {
    expect((await as['merchant.0001234'].get(`${TOTALS}?${PERIOD}`)).status).toBe(403);
    expect((await as['sede.30480'].get(`${TOTALS}?dataOperazioneDa=2026-01-01&dataOperazioneA=${TO}`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo di ricerca non può superare i 3 mesi'));
  });
});
