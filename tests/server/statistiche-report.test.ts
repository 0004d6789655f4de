/**
 * The statistical report (seed 002 §2 /statistiche/report GES_TRANSATO, §7 statReport/mensile and /annuale, §9 company
 * 90 excluded) and the in-tour report (seed 002 §2 /report/intour T_REPORT_IN_TOUR, §7 reportInTour and /banks), both
 * declared as reports (spec/statistiche/report-statistico.yaml, report-in-tour.yaml): exact figures computed here from
 * the demo's own generator (scripts/demo-movimenti.ts), each user's data scope, the periods' messages, the sheets.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { binaryBody } from '../support/binary-body.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { cents, averageCents } from '../support/money.js';

const DEMO = demoMovements();
const FROM = '2026-01-01';
const TO = '2026-12-31';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const STAT = `${API}/report/statistiche/report`;
const TOUR = `${API}/report/statistiche/reportInTour`;
/** What the turnover counts: approved, not company 90 (seed 002 §9); every demo movement is of 2026. */
const counted = (m: DemoMovement) => m.esito === '01' && m.codCompagnia !== '90';
/** A tourist's card: issued abroad. */
const inTour = (m: DemoMovement) => counted(m) && m.paeseCarta !== 'IT';
const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });

type Row = { key: string | null; label: string; transato: number; operazioni: number; media: number | null };
/** The answer's rows, as the document types them (the tests read supertest's untyped body). */
const rowsOf = (res: { body: { rows: Row[] } }): Row[] => res.body.rows;
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855', 'agente.push'], merchant: ['merchant.0001234'] });
const { as } = demo;

function grouped(rows: DemoMovement[], keyOf: (m: DemoMovement) => string): Map<string, { transato: number; operazioni: number }> {
  const out = new Map<string, { transato: number; operazioni: number }>();
  for (const m of rows) {
    const cur = out.get(keyOf(m)) ?? { transato: 0, operazioni: 0 };
    out.set(keyOf(m), { transato: cur.transato + m.importo, operazioni: cur.operazioni + 1 });
  }
  return out;
}
const figuresOf = (g: { transato: number; operazioni: number } | undefined) => ({ transato: cents(g?.transato ?? 0), operazioni: g?.operazioni ?? 0, media: averageCents(g?.transato ?? 0, g?.operazioni ?? 1) });
async function sheetOf(body: Parameters<ExcelJS.Xlsx['load']>[0]): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const out: unknown[][] = [];
  book.worksheets[0].eachRow((row) => { out.push(row.values instanceof Array ? row.values.slice(1) : []); });
  return out;
}

describe('the statistical report: month by month and year by year, by bank (seed 002 §2, §7 statReport)', () => {
  it('answers each user its months of turnover, in order, named in Italian, company 90 and refused ones left out', async () => {
    for (const user of ['assistenza', 'sede.30480', 'filiale.30480', 'sede.60855']) {
      const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE[user](m));
      const byMonth = grouped(rows, (m) => m.dataOperazione.slice(0, 7));
      const res = await as[user].get(`${STAT}?${PERIOD}&per=mese`);
      expect(res.status, user).toBe(200);
      const months = [...byMonth.keys()].sort();
      expect(res.body.rows.map((r: Row) => r.key), user).toEqual(months);
      expect(res.body.rows, user).toEqual(months.map((k) => expect.objectContaining({ key: k, ...figuresOf(byMonth.get(k)) })));
      expect(res.body.totals, user).toEqual(rows.length ? figuresOf(grouped(rows, () => 'all').get('all')) : { transato: 0, operazioni: 0, media: null });
    }
    const bank = await as['sede.30480'].get(`${STAT}?${PERIOD}&per=mese`);
    expect(bank.body.rows.map((r: Row) => r.label)).toEqual(['maggio 2026', 'giugno 2026', 'luglio 2026', 'agosto 2026', 'settembre 2026', 'ottobre 2026', 'novembre 2026']);
  });

  it('groups by year: the key and the label are the year', async () => {
    const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['sede.30480'](m));
    const res = await as['sede.30480'].get(`${STAT}?dataOperazioneDa=2022-01-01&dataOperazioneA=2026-12-31&per=anno`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([{ key: '2026', label: '2026', ...figuresOf(grouped(rows, () => 'all').get('all')) }]);
  });

  it('groups by bank, each named; a bank user sees only its own, a branch user its cab\'s figures', async () => {
    const all = await as.assistenza.get(`${STAT}?${PERIOD}&per=banca`);
    const banks = [...new Set(DEMO.filter(counted).map((m) => m.codAbi))].sort();
    expect(all.body.rows.map((r: Row) => r.key).sort()).toEqual(banks);
    expect(all.body.rows.find((r: Row) => r.key === '30480')?.label).toBe('30480 - Banca di Credito Cooperativo di Esempio');
    const own = await as['sede.30480'].get(`${STAT}?${PERIOD}&per=banca`);
    expect(own.body.rows.map((r: Row) => r.key)).toEqual(['30480']);
    const branch = await as['filiale.30480'].get(`${STAT}?${PERIOD}&per=banca`);
    expect(branch.body.rows).toEqual([{ key: '30480', label: '30480 - Banca di Credito Cooperativo di Esempio', ...figuresOf(grouped(DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['filiale.30480'](m)), () => 'x').get('x')) }]);
    const widened = await as['filiale.30480'].get(`${STAT}?${PERIOD}&per=banca&codAbi=34256`);
    expect(widened.body.rows).toEqual([]);
  });

  it('reads the same figures from its rollup as from the movements', async () => {
    const fromRollup = await as['sede.30480'].get(`${STAT}?${PERIOD}&per=mese`);
    expect(fromRollup.headers['x-report-source']).toBe('rollup:banca');
    const fromRows = await as['sede.30480'].get(`${STAT}?${PERIOD}&per=mese`).set('X-Report-Source', 'raw');
    expect(fromRows.headers['x-report-source']).toBe('raw');
    expect(fromRollup.body).toEqual(fromRows.body);
    const years = await as['filiale.30480'].get(`${STAT}?${PERIOD}&per=anno`);
    expect(years.headers['x-report-source']).toBe('rollup:banca');
    expect(years.body).toEqual((await as['filiale.30480'].get(`${STAT}?${PERIOD}&per=anno`).set('X-Report-Source', 'raw')).body);
  });

  it('takes at most five years, with the spec\'s messages', async () => {
    expect((await as['sede.30480'].get(`${STAT}?dataOperazioneDa=${FROM}`)).body).toEqual(refused('dataOperazioneA', 'Indicare il periodo della ricerca: data iniziale e data finale'));
    expect((await as['sede.30480'].get(`${STAT}?dataOperazioneDa=2021-12-30&dataOperazioneA=${TO}`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo del report statistico non può superare i 5 anni'));
    expect((await as['sede.30480'].get(`${STAT}?dataOperazioneDa=2021-12-31&dataOperazioneA=${TO}`)).status).toBe(200);
  });

  it('downloads the months as an Excel sheet with the totals', async () => {
    const res = await as['sede.30480'].get(`${STAT}/esporta?${PERIOD}&per=mese&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Report_statistico_\d{2}-\d{2}-\d{4}\.xlsx"/);
    const cells = await sheetOf(res.body);
    expect(cells[0]).toEqual(['Mese', 'Transato', 'Numero operazioni', 'Importo medio']);
    expect(cells[1][0]).toBe('maggio 2026');
    const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['sede.30480'](m));
    const total = figuresOf(grouped(rows, () => 'all').get('all'));
    expect(cells.at(-1)).toEqual(['Totale', total.transato, total.operazioni, total.media]);
  });

  it('is refused without a session and to a user without GES_TRANSATO', async () => {
    expect((await demo.app.anonymous.get(`${STAT}?${PERIOD}`)).status).toBe(401);
    expect((await as['agente.push'].get(`${STAT}?${PERIOD}`)).status).toBe(403);
  });
});

describe('the in-tour report: foreign tourists\' cards at the banks\' merchants (seed 002 §2 /report/intour)', () => {
  it('has foreign cards in the demo, of several countries, and Italian ones it leaves out', () => {
    const foreign = DEMO.filter((m) => inTour(m) && MOVEMENT_SCOPE['sede.30480'](m));
    expect(foreign.length).toBeGreaterThan(10);
    expect(new Set(foreign.map((m) => m.paeseCarta)).size).toBeGreaterThan(3);
    expect(DEMO.filter((m) => counted(m) && m.paeseCarta === 'IT').length).toBeGreaterThan(foreign.length);
  });

  it('answers each user the turnover of foreign cards by country, named in Italian, no Italian card', async () => {
    for (const user of ['assistenza', 'sede.30480', 'filiale.30480', 'sede.60855']) {
      const rows = DEMO.filter((m) => inTour(m) && MOVEMENT_SCOPE[user](m));
      const byCountry = grouped(rows, (m) => m.paeseCarta);
      const res = await as[user].get(`${TOUR}?${PERIOD}&per=paese`);
      expect(res.status, user).toBe(200);
      expect(res.body.rows.map((r: Row) => r.key).sort(), user).toEqual([...byCountry.keys()].sort());
      for (const r of rowsOf(res)) expect(r, `${user} ${String(r.key)}`).toMatchObject(figuresOf(byCountry.get(r.key ?? '')));
      expect(res.body.totals.operazioni, user).toBe(rows.length);
      // Turnover descending (spec `sort: -transato`).
      expect(res.body.rows.map((r: Row) => r.transato), user).toEqual(res.body.rows.map((r: Row) => r.transato).sort((a: number, b: number) => b - a));
    }
    const bank = await as['sede.30480'].get(`${TOUR}?${PERIOD}&per=paese`);
    expect(bank.body.rows.some((r: Row) => r.key === 'IT')).toBe(false);
    expect(bank.body.rows.find((r: Row) => r.key === 'DE')?.label).toBe('Germania');
  });

  it('groups by bank (the banks one may choose), month and circuit, and filters by country', async () => {
    const banks = await as.assistenza.get(`${TOUR}?${PERIOD}&per=banca`);
    expect(banks.body.rows.map((r: Row) => r.key).sort()).toEqual([...new Set(DEMO.filter(inTour).map((m) => m.codAbi))].sort());
    expect((await as['sede.30480'].get(`${TOUR}?${PERIOD}&per=banca`)).body.rows.map((r: Row) => r.key)).toEqual(['30480']);
    const rows = DEMO.filter((m) => inTour(m) && MOVEMENT_SCOPE['sede.30480'](m));
    const months = await as['sede.30480'].get(`${TOUR}?dataOperazioneDa=2026-06-01&dataOperazioneA=2026-11-30&per=mese`);
    const byMonth = grouped(rows.filter((m) => m.dataOperazione >= '2026-06-01'), (m) => m.dataOperazione.slice(0, 7));
    expect(months.body.rows.map((r: Row) => [r.key, r.operazioni])).toEqual([...byMonth.keys()].sort().map((k) => [k, byMonth.get(k)?.operazioni]));
    const circuits = await as['sede.30480'].get(`${TOUR}?${PERIOD}&per=circuito`);
    expect(circuits.body.rows.some((r: Row) => r.key === '00')).toBe(false);
    const germany = await as['sede.30480'].get(`${TOUR}?${PERIOD}&per=paese&paeseCarta=DE`);
    expect(germany.body.rows.map((r: Row) => r.key)).toEqual(rows.some((m) => m.paeseCarta === 'DE') ? ['DE'] : []);
    const italy = await as['sede.30480'].get(`${TOUR}?${PERIOD}&per=paese&paeseCarta=IT`);
    expect(italy.body.rows).toEqual([]);
  });

  it('takes at most 12 months, downloads the grouping as Excel, and is refused without T_REPORT_IN_TOUR', async () => {
    expect((await as['sede.30480'].get(`${TOUR}?dataOperazioneDa=2025-11-24&dataOperazioneA=2026-11-25`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo di ricerca non può superare i 12 mesi'));
    const res = await as['sede.30480'].get(`${TOUR}/esporta?${PERIOD}&per=paese&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    const cells = await sheetOf(res.body);
    expect(cells[0]).toEqual(['Paese della carta', 'Transato', 'Numero operazioni', 'Importo medio']);
    expect(cells.at(-1)?.[0]).toBe('Totale');
    expect((await as['merchant.0001234'].get(`${TOUR}?${PERIOD}`)).status).toBe(403);
    expect((await as['agente.push'].get(`${TOUR}?${PERIOD}`)).status).toBe(403);
  });

  it('records the card\'s country on the movement and derives its origin', async () => {
    const foreign = DEMO.find((m) => m.codAbi === '30480' && m.paeseCarta !== 'IT');
    const italian = DEMO.find((m) => m.codAbi === '30480' && m.paeseCarta === 'IT');
    expect((await as['sede.30480'].get(`${API}/movimenti/${foreign?.id ?? ''}`)).body).toMatchObject({ paeseCarta: foreign?.paeseCarta, origineCarta: 'E' });
    expect((await as['sede.30480'].get(`${API}/movimenti/${italian?.id ?? ''}`)).body).toMatchObject({ paeseCarta: 'IT', origineCarta: 'N' });
  });
});
