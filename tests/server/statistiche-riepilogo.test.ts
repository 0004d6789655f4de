/**
 * The merchant's transaction summary and analysis (seed 002 §2 business routes riepilogoTransazioni and
 * analisiTransazioni, §7 findRiepilogoTransazioni, findAnalisiTransazioni, findTotaleImporto; §9 periods, company 90):
 * GET /report/wpbusiness/riepilogoTransazioni and /report/wpbusiness/analisiTransazioni (spec/statistiche/). Every
 * figure is recomputed here from the demo movements (scripts/demo-movimenti.ts), each user in its own scope (seed
 * 002 §6): a merchant its merchant, its operator store 1001, a bank its bank. A refund (stato ST: flagStorno and no
 * pre-authorisation) is no sale and comes off the net.
 */
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { binaryBody } from '../support/binary-body.js';
import { cents } from '../support/money.js';

const RIEPILOGO = `${API}/report/wpbusiness/riepilogoTransazioni`;
const ANALISI = `${API}/report/wpbusiness/analisiTransazioni`;
const FROM = '2026-06-01';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;

type Figures = { operazioni: number; transato: number; numeroStorni: number; storni: number; netto: number };
type Row = Figures & { key: string | null; label: string };
interface Report { dimension: string; rows: Row[]; totals: Figures; truncated: boolean }

const demo = useDemoSessions({ bank: ['sede.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

const isRefund = (m: DemoMovement) => m.flagStorno && !m.flagPreautorizzazione;
const counted = (m: DemoMovement) => m.dataOperazione >= FROM && m.dataOperazione <= TO && m.esito === '01' && m.codCompagnia !== '90';

/** The summary's figures of some movements, as the seed reads them: sales, their turnover, refunds, net. */
function figuresOf(rows: readonly DemoMovement[]): Figures {
  const sales = rows.filter((m) => !isRefund(m));
  const refunds = rows.filter(isRefund);
  const sum = (list: readonly DemoMovement[]) => list.reduce((s, m) => s + m.importo, 0);
  return { operazioni: sales.length, transato: cents(sum(sales)), numeroStorni: refunds.length, storni: cents(sum(refunds)), netto: cents(sum(sales) - sum(refunds)) };
}

function groupedBy(rows: readonly DemoMovement[], key: (m: DemoMovement) => string): Record<string, Figures> {
  const groups = new Map<string, DemoMovement[]>();
  for (const m of rows) groups.set(key(m), [...(groups.get(key(m)) ?? []), m]);
  return Object.fromEntries([...groups].map(([k, list]) => [k, figuresOf(list)]));
}
const reportOf = (res: { body: Report }): Report => res.body;
const bytesOf = (res: { body: Buffer }): Buffer => res.body;
const answered = (report: Report) => Object.fromEntries(report.rows.map(({ key, label: _label, ...figures }) => [key ?? '', figures]));

describe('transaction summary: totals per store, circuit and company (seed 002 §2, §7 findRiepilogoTransazioni)', () => {
  it('gives each demo user its own sales, refunds and net per store, and the period\'s total amount', async () => {
    for (const [user, sees] of Object.entries(MOVEMENT_SCOPE)) {
      if (!(user in as)) continue;
      const rows = demoMovements().filter((m) => counted(m) && sees(m));
      const res = await as[user].get(`${RIEPILOGO}?${PERIOD}&per=negozio`);
      expect(res.status, user).toBe(200);
      const report = reportOf(res);
      expect(answered(report), user).toEqual(groupedBy(rows, (m) => m.codStab));
      expect(report.totals, user).toEqual(figuresOf(rows));
    }
  });

  it('takes the bank\'s refunds off its net, per circuit and per company, named by their labels', async () => {
    const rows = demoMovements().filter((m) => counted(m) && m.codAbi === '30480');
    expect(rows.filter(isRefund).length).toBeGreaterThan(0);
    const byCircuit = reportOf(await as['sede.30480'].get(`${RIEPILOGO}?${PERIOD}&per=circuito`));
    expect(answered(byCircuit)).toEqual(groupedBy(rows, (m) => m.codCircuito));
    expect(byCircuit.totals.storni).toBeGreaterThan(0);
    expect(byCircuit.totals.netto).toBe(cents(byCircuit.totals.transato - byCircuit.totals.storni));
    expect(byCircuit.rows.find((r) => r.key === '00')?.label).toBe('PagoBancomat');
    const byCompany = reportOf(await as['sede.30480'].get(`${RIEPILOGO}?${PERIOD}&per=compagnia`));
    expect(answered(byCompany)).toEqual(groupedBy(rows, (m) => m.codCompagnia));
    expect(byCompany.rows.some((r) => r.key === '90')).toBe(false);
    // The net decides the order (spec sort -netto).
    expect(byCompany.rows.map((r) => r.netto)).toEqual([...byCompany.rows.map((r) => r.netto)].sort((a, b) => b - a));
  });

  it('keeps the operator to store 1001 and the merchant to its own stores, whatever the filter asks', async () => {
    const other = await as['operatore.0001234'].get(`${RIEPILOGO}?${PERIOD}&per=negozio&codStab=1002`);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ rows: [], totals: { operazioni: 0, transato: 0, storni: 0, netto: 0 } });
    const foreign = await as['merchant.0001234'].get(`${RIEPILOGO}?${PERIOD}&per=negozio&codStab=5001`);
    expect(foreign.body).toMatchObject({ rows: [], totals: { operazioni: 0, transato: 0, netto: 0 } });
    const otherBank = await as['sede.60855'].get(`${RIEPILOGO}?${PERIOD}&per=negozio&codStab=1001`);
    expect(otherBank.body).toMatchObject({ rows: [], totals: { operazioni: 0, transato: 0 } });
  });

  it('refuses a period over 12 months and one without dates, with the messages on the parameters', async () => {
    const long = await as['merchant.0001234'].get(`${RIEPILOGO}?dataOperazioneDa=2025-06-01&dataOperazioneA=2026-11-25&per=negozio`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Il periodo di ricerca non può superare i 12 mesi');
    const none = await as['merchant.0001234'].get(`${RIEPILOGO}?per=negozio`);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Indicare il periodo della ricerca: data iniziale e data finale');
  });

  it('exports the summary on screen as an Excel sheet in the caller\'s scope', async () => {
    const res = await as['operatore.0001234'].get(`${RIEPILOGO}/esporta?formato=xlsx&${PERIOD}&per=negozio`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Riepilogo_transazioni_\d{2}-\d{2}-\d{4}\.xlsx"/);
    expect(bytesOf(res).subarray(0, 2).toString()).toBe('PK');
  });
});

describe('transaction analysis: by day, card type and channel (seed 002 §2, §7 findAnalisiTransazioni)', () => {
  it('gives the merchant its figures per day and per card type, as the demo movements add up', async () => {
    const rows = demoMovements().filter((m) => counted(m) && MOVEMENT_SCOPE['merchant.0001234'](m));
    const byDay = reportOf(await as['merchant.0001234'].get(`${ANALISI}?${PERIOD}&per=giorno`));
    const want = groupedBy(rows, (m) => m.dataOperazione);
    expect(byDay.rows.map((r) => r.key)).toEqual(Object.keys(want).sort());
    for (const r of byDay.rows) expect([r.operazioni, r.transato, r.netto], r.key ?? '').toEqual([want[r.key ?? ''].operazioni, want[r.key ?? ''].transato, want[r.key ?? ''].netto]);
    expect(byDay.rows[0].label).toMatch(/^\d{2}\/\d{2}\/2026$/);
    const byCard = reportOf(await as['merchant.0001234'].get(`${ANALISI}?${PERIOD}&per=circuito`));
    expect(Object.fromEntries(byCard.rows.map((r) => [r.key, r.transato]))).toEqual(Object.fromEntries(Object.entries(groupedBy(rows, (m) => m.codCircuito)).map(([k, f]) => [k, f.transato])));
  });

  it('splits the bank\'s movements by POS, online payment and pay-by-mail', async () => {
    const rows = demoMovements().filter((m) => counted(m) && m.codAbi === '30480');
    const channel = (m: DemoMovement) => (m.paybymail ? 'PBM' : m.provenienza === 'FI' || m.provenienza === 'SP' ? 'POS' : 'ONL');
    const res = await as['sede.30480'].get(`${ANALISI}?${PERIOD}&per=canale`);
    expect(res.status).toBe(200);
    const report = reportOf(res);
    expect(report.rows.map((r) => [r.key, r.label])).toEqual([['ONL', 'Pagamento online'], ['PBM', 'Pay by mail'], ['POS', 'POS']]);
    const want = groupedBy(rows, channel);
    for (const r of report.rows) expect([r.operazioni, r.transato, r.storni], r.key ?? '').toEqual([want[r.key ?? ''].operazioni, want[r.key ?? ''].transato, want[r.key ?? ''].storni]);
  });
});

describe('monthly turnover file of a bank (seed 002 §2 /statistiche/tracciato, §8; the layout is ours)', () => {
  const FILE = `${API}/statistiche/tracciato/file`;
  const month = '2026-10';
  const euro = (n: number) => n.toFixed(2).replace('.', ',');

  it('gives sede.30480 one line per merchant, store and company with the month\'s sales, and the totals', async () => {
    const res = await as['sede.30480'].get(`${FILE}?codAbi=30480&mese=${month}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="Tracciato_30480_2026-10.txt"');
    const sales = demoMovements().filter((m) => m.codAbi === '30480' && m.dataOperazione.startsWith(month) && m.esito === '01' && m.codCompagnia !== '90' && !isRefund(m));
    const groups = new Map<string, DemoMovement[]>();
    for (const m of sales) groups.set(`${m.codEserc};${m.codStab};${m.codCompagnia}`, [...(groups.get(`${m.codEserc};${m.codStab};${m.codCompagnia}`) ?? []), m]);
    const detail = [...groups.keys()].sort().map((k) => {
      const list = groups.get(k) ?? [];
      return `${k};${euro(cents(list.reduce((s, m) => s + m.importo, 0)))};${list.length}`;
    });
    const total = cents(sales.reduce((s, m) => s + m.importo, 0));
    expect(res.text).toBe([
      `TRACCIATO;30480;2026-10;${detail.length}`,
      'CODICE_ESERCENTE;CODICE_NEGOZIO;CODICE_COMPAGNIA;TRANSATO;NUMERO_OPERAZIONI',
      ...detail,
      `TOTALE;;;${euro(total)};${sales.length}`,
    ].join('\r\n') + '\r\n');
    expect(res.text).not.toContain(';90;');
  });

  it('answers a month without movements with the seed\'s message', async () => {
    const res = await as['sede.30480'].get(`${FILE}?codAbi=30480&mese=2025-01`);
    expect(res.status).toBe(404);
    expect(res.body.details).toEqual([{ field: 'mese', message: 'Dati non disponibili per il periodo selezionato.' }]);
  });

  it('refuses another bank\'s file as an unknown bank, and a merchant the function', async () => {
    const other = await as['sede.60855'].get(`${FILE}?codAbi=30480&mese=${month}`);
    expect(other.status).toBe(404);
    expect(other.body.details).toEqual([{ field: 'codAbi', message: 'Banca inesistente' }]);
    expect(other.text).not.toContain('0001234');
    const merchant = await as['merchant.0001234'].get(`${FILE}?codAbi=30480&mese=${month}`);
    expect(merchant.status).toBe(403);
    const preview = await as['merchant.0001234'].get(`${API}/report/statistiche/tracciato?codAbi=30480&dataOperazioneDa=2026-10-01&dataOperazioneA=2026-10-31`);
    expect(preview.status).toBe(403);
  });

  it('refuses a malformed month with the operation\'s message', async () => {
    const res = await as['sede.30480'].get(`${FILE}?codAbi=30480&mese=2026-13`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Il mese di riferimento è nel formato aaaa-mm');
  });
});
