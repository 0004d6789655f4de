/**
 * The discount statistics (seed 002 §2 /statistiche/scontiimmediati GES_SCONTI_IMMEDIATI, /statistiche/ventiscity
 * GES_VENTIS_CITY, and the business portal's /wpbusiness/statistiche/ventisCity; §9 periods up to 12 months, company 90
 * excluded), declared as reports (spec/statistiche/sconti-immediati.yaml, ventis-city.yaml, ventis-city-esercente.yaml):
 * exact figures computed from the demo's own generator (scripts/demo-movimenti.ts), each user's scope, the period's
 * message, the Excel sheet.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { binaryBody } from '../support/binary-body.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { cents } from '../support/money.js';

const DEMO = demoMovements();
const FROM = '2026-06-01';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Row = { key: string | null; label: string; operazioni: number; transato: number; sconto: number };
interface Report { dimension: string; rows: Row[]; totals: Omit<Row, 'key' | 'label'>; truncated: boolean }

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

/** The movements a report of `tipo` adds up: in the period, approved, not company 90, with that discount. */
const discounted = (tipo: string) => (m: DemoMovement) =>
  m.tipoSconto === tipo && m.dataOperazione >= FROM && m.dataOperazione <= TO && m.esito === '01' && m.codCompagnia !== '90';

function grouped(rows: DemoMovement[], keyOf: (m: DemoMovement) => string): [string, number, number, number][] {
  const out = new Map<string, { operazioni: number; transato: number; sconto: number }>();
  for (const m of rows) {
    const cur = out.get(keyOf(m)) ?? { operazioni: 0, transato: 0, sconto: 0 };
    out.set(keyOf(m), { operazioni: cur.operazioni + 1, transato: cur.transato + m.importo, sconto: cur.sconto + (m.importoSconto ?? 0) });
  }
  return [...out.entries()].map(([k, v]) => [k, v.operazioni, cents(v.transato), cents(v.sconto)]);
}
const reportOf = (res: { body: Report }): Report => res.body;
/** The sheet's cells, row by row. */
async function sheetOf(body: Parameters<ExcelJS.Xlsx['load']>[0]): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const cells: unknown[][] = [];
  book.worksheets[0].eachRow((row) => { cells.push(Array.isArray(row.values) ? row.values.slice(1) : []); });
  return cells;
}
const figures = (body: Report) => body.rows.map((r) => [r.key, r.operazioni, r.transato, r.sconto]);
const byKey = (a: [string, ...number[]], b: [string, ...number[]]) => a[0].localeCompare(b[0]);

describe('the demo has discounted movements to add up', () => {
  it('immediate discounts at stores 5001 and 5011, Ventis City at 1002, from September 2026, with the discount granted', () => {
    const si = DEMO.filter(discounted('SI'));
    const vc = DEMO.filter(discounted('VC'));
    expect(new Set(si.map((m) => m.codStab))).toEqual(new Set(['5001', '5011']));
    expect(new Set(vc.map((m) => m.codStab))).toEqual(new Set(['1002']));
    expect(vc.length).toBeGreaterThan(3);
    for (const m of vc) expect(m.importoSconto).toBe(Math.round(Math.round(m.importo * 100) / 10) / 100);
    expect(DEMO.some((m) => m.tipoSconto && m.dataOperazione < '2026-09-01')).toBe(false);
  });
});

describe('/statistiche/scontiimmediati (GES_SCONTI_IMMEDIATI)', () => {
  const URL = `${API}/report/statistiche/scontiimmediati`;

  it('adds up the bank\'s discounted movements by store: count, turnover and discount granted, with totals', async () => {
    const rows = DEMO.filter((m) => discounted('SI')(m) && MOVEMENT_SCOPE['sede.30480'](m));
    const res = await as['sede.30480'].get(`${URL}?${PERIOD}&per=negozio`);
    expect(res.status).toBe(200);
    const body = reportOf(res);
    expect(figures(body).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(grouped(rows, (m) => m.codStab).sort(byKey));
    expect(body.rows.map((r) => r.label).sort()).toEqual(['5001 - Supermercato Lombardi Milano Torino', '5011 - Supermercato Lombardi Cremona']);
    expect(body.totals).toEqual({ operazioni: rows.length, transato: cents(rows.reduce((s, m) => s + m.importo, 0)), sconto: cents(rows.reduce((s, m) => s + (m.importoSconto ?? 0), 0)) });
  });

  it('by month, in order, named by the month', async () => {
    const rows = DEMO.filter((m) => discounted('SI')(m) && MOVEMENT_SCOPE['filiale.30480'](m));
    const body = reportOf(await as['filiale.30480'].get(`${URL}?${PERIOD}&per=mese`));
    expect(figures(body)).toEqual(grouped(rows, (m) => m.dataOperazione.slice(0, 7)).sort(byKey));
    expect(body.rows.map((r) => r.label)).toEqual(['settembre 2026', 'ottobre 2026', 'novembre 2026']);
  });

  it('gives another bank nothing, and refuses merchants (no GES_SCONTI_IMMEDIATI) and visitors', async () => {
    expect((await as['sede.60855'].get(`${URL}?${PERIOD}`)).body).toMatchObject({ rows: [], totals: { operazioni: 0 } });
    expect((await as['sede.30480'].get(`${URL}?${PERIOD}&codAbi=34256`)).body).toMatchObject({ rows: [] });
    for (const user of ['merchant.0001234', 'operatore.0001234']) expect((await as[user].get(`${URL}?${PERIOD}`)).status, user).toBe(403);
    expect((await demo.app.anonymous.get(`${URL}?${PERIOD}`)).status).toBe(401);
  });

  it('searches at most 12 months (seed 002 §9)', async () => {
    const res = await as['sede.30480'].get(`${URL}?dataOperazioneDa=2025-10-01&dataOperazioneA=${TO}`);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'dataOperazioneDa', message: 'Il periodo di ricerca non può superare i 12 mesi' }] });
  });

  it('downloads the grouping on screen as an Excel sheet with its totals', async () => {
    const res = await as['sede.30480'].get(`${URL}/esporta?${PERIOD}&per=mese&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Statistiche_sconti_immediati_\d{2}-\d{2}-\d{4}\.xlsx"/);
    const cells = await sheetOf(res.body);
    const rows = DEMO.filter((m) => discounted('SI')(m) && MOVEMENT_SCOPE['sede.30480'](m));
    expect(cells[0]).toEqual(['Mese', 'Movimenti scontati', 'Transato', 'Sconto concesso']);
    expect(cells.slice(1, -1).map((c) => c.slice(1))).toEqual(grouped(rows, (m) => m.dataOperazione.slice(0, 7)).sort(byKey).map((g) => g.slice(1)));
    expect(cells.at(-1)).toEqual(['Totale', rows.length, cents(rows.reduce((s, m) => s + m.importo, 0)), cents(rows.reduce((s, m) => s + (m.importoSconto ?? 0), 0))]);
  });
});

describe('/statistiche/ventiscity (GES_VENTIS_CITY), bank side', () => {
  const URL = `${API}/report/statistiche/ventiscity`;

  it('adds up only the Ventis City discounts, in the caller\'s scope', async () => {
    for (const user of ['assistenza', 'sede.30480', 'filiale.30480']) {
      const rows = DEMO.filter((m) => discounted('VC')(m) && MOVEMENT_SCOPE[user](m));
      const body = reportOf(await as[user].get(`${URL}?${PERIOD}&per=negozio`));
      expect(figures(body), user).toEqual(grouped(rows, (m) => m.codStab));
    }
    expect((await as['sede.60855'].get(`${URL}?${PERIOD}`)).body).toMatchObject({ rows: [] });
    expect((await as['merchant.0001234'].get(`${URL}?${PERIOD}`)).status).toBe(403);
  });
});

describe('/wpbusiness/statistiche/ventisCity (WB_VENTIS_CITY), the merchant\'s own', () => {
  const URL = `${API}/report/wpbusiness/statistiche/ventisCity`;

  it('the merchant sees its own stores\' Ventis City movements by month', async () => {
    const rows = DEMO.filter((m) => discounted('VC')(m) && MOVEMENT_SCOPE['merchant.0001234'](m));
    expect(rows.length).toBeGreaterThan(0);
    const res = await as['merchant.0001234'].get(`${URL}?${PERIOD}&per=mese`);
    expect(res.status).toBe(200);
    expect(figures(reportOf(res))).toEqual(grouped(rows, (m) => m.dataOperazione.slice(0, 7)).sort(byKey));
  });

  it('an operator only its assigned stores\' (store 1001 has none), even asking for another store', async () => {
    expect((await as['operatore.0001234'].get(`${URL}?${PERIOD}`)).body).toMatchObject({ rows: [], totals: { operazioni: 0 } });
    expect((await as['operatore.0001234'].get(`${URL}?${PERIOD}&codStab=1002`)).body).toMatchObject({ rows: [] });
  });

  it('is a business screen: bank users lack WB_VENTIS_CITY', async () => {
    expect((await as['sede.30480'].get(`${URL}?${PERIOD}`)).status).toBe(403);
  });
});
