/**
 * The daily turnover (seed 002 §2 /statistiche/transatoGiornaliero GES_TRANSATO_GIORN, its variant grouped by bank
 * and its Excel export; §5 range ordered and at most one month; §9 company 90 excluded), declared as a report
 * (spec/statistiche/transato-giornaliero.yaml): exact figures computed here from the demo's own generator
 * (scripts/demo-movimenti.ts), each user's data scope, the range's messages, the sheet's cells.
 */
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { binaryBody } from '../support/binary-body.js';
import { sheetCells } from '../support/sheet-cells.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { cents } from '../support/money.js';

const DEMO = demoMovements();
const FROM = '2026-10-26';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const URL = `${API}/report/statistiche/transatoGiornaliero`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What the turnover counts: the period, approved, not company 90. */
const counted = (m: DemoMovement) => m.dataOperazione >= FROM && m.dataOperazione <= TO && m.esito === '01' && m.codCompagnia !== '90';

type Row = { key: string | null; label: string; transato: number; operazioni: number; media: number | null };
interface Report { dimension: string; rows: Row[]; totals: Row; truncated: boolean }
const reportOf = (res: { body: Report }): Report => res.body;
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

function sums(rows: DemoMovement[], keyOf: (m: DemoMovement) => string): Map<string, { transato: number; operazioni: number }> {
  const out = new Map<string, { transato: number; operazioni: number }>();
  for (const m of rows) {
    const cur = out.get(keyOf(m)) ?? { transato: 0, operazioni: 0 };
    out.set(keyOf(m), { transato: cur.transato + m.importo, operazioni: cur.operazioni + 1 });
  }
  return out;
}

const BANK_USERS = ['assistenza', 'sede.30480', 'filiale.30480', 'sede.60855'];

describe('daily turnover, in the caller\'s scope (seed 002 §2, §6, §9)', () => {
  it('answers each bank-side user one row per day of its own movements, in date order, named dd/MM/yyyy', async () => {
    for (const user of BANK_USERS) {
      const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE[user](m));
      const byDay = sums(rows, (m) => m.dataOperazione);
      const res = await as[user].get(`${URL}?${PERIOD}`);
      expect(res.status, user).toBe(200);
      const body = reportOf(res);
      expect(body.dimension).toBe('giorno');
      const days = [...byDay.keys()].sort();
      expect(body.rows.map((r) => r.key), user).toEqual(days);
      expect(body.rows.map((r) => r.label), user).toEqual(days.map((d) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`));
      expect(body.rows.map((r) => [r.transato, r.operazioni]), user).toEqual(days.map((d) => [cents(byDay.get(d)?.transato ?? 0), byDay.get(d)?.operazioni]));
      expect(body.totals.operazioni, user).toBe(rows.length);
      expect(body.totals.transato, user).toBe(cents(rows.reduce((s, m) => s + m.importo, 0)));
      expect(body.truncated).toBe(false);
    }
  });

  it('has days for the bank and the branch, and company 90 in the period that never counts', () => {
    expect(DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['filiale.30480'](m)).length).toBeGreaterThan(3);
    expect(DEMO.filter((m) => m.dataOperazione >= FROM && m.esito === '01' && m.codCompagnia === '90' && m.codAbi === '30480').length).toBeGreaterThan(0);
  });

  it('groups by bank: assistance sees each bank by its code and name, a bank and a branch only their own', async () => {
    const all = sums(DEMO.filter(counted), (m) => m.codAbi);
    const res = await as.assistenza.get(`${URL}?${PERIOD}&per=banca`);
    expect(res.status).toBe(200);
    const body = reportOf(res);
    expect(body.rows.map((r) => [r.key, r.label, r.transato, r.operazioni])).toEqual(
      [...all.entries()].sort((a, b) => b[1].transato - a[1].transato)
        .map(([k, v]) => [k, { '30480': '30480 - Banca di Credito Cooperativo di Esempio', '34256': '34256 - Cassa Rurale Alpina', '99999': '99999 - Aggregato push' }[k], cents(v.transato), v.operazioni]),
    );
    expect(body.rows.length).toBe(3);
    for (const user of ['sede.30480', 'filiale.30480']) {
      const own = reportOf(await as[user].get(`${URL}?${PERIOD}&per=banca`));
      const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE[user](m));
      expect(own.rows.map((r) => [r.key, r.operazioni]), user).toEqual([['30480', rows.length]]);
    }
    expect(reportOf(await as['sede.60855'].get(`${URL}?${PERIOD}&per=banca`)).rows).toEqual([]);
  });

  it('cannot widen the scope with a filter: a branch asking another bank gets nothing', async () => {
    const res = await as['filiale.30480'].get(`${URL}?${PERIOD}&codAbi=34256&per=banca`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dimension: 'banca', rows: [], totals: { transato: 0, operazioni: 0, media: null }, truncated: false });
  });

  it('is a bank-side screen: merchants, who lack GES_TRANSATO_GIORN, are refused, and so is a visitor', async () => {
    for (const user of ['merchant.0001234', 'operatore.0001234']) expect((await as[user].get(`${URL}?${PERIOD}`)).status, user).toBe(403);
    expect((await demo.app.anonymous.get(`${URL}?${PERIOD}`)).status).toBe(401);
    expect((await as['merchant.0001234'].get(`${URL}/esporta?${PERIOD}&formato=xlsx`)).status).toBe(403);
  });
});

describe('the range: ordered and at most one month (seed 002 §5)', () => {
  const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });
  it('refuses a missing, reversed or longer-than-a-month range with the spec\'s messages', async () => {
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=${FROM}`)).body).toEqual(refused('dataOperazioneA', 'Indicare il periodo della ricerca: data iniziale e data finale'));
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=${TO}&dataOperazioneA=${FROM}`)).body).toEqual(refused('dataOperazioneDa', 'La data iniziale non può essere successiva alla data finale'));
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=2026-10-24&dataOperazioneA=${TO}`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo del transato giornaliero non può superare un mese'));
    // The export is the same search: the same refusal.
    expect((await as['sede.30480'].get(`${URL}/esporta?dataOperazioneDa=2026-10-24&dataOperazioneA=${TO}&formato=xlsx`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo del transato giornaliero non può superare un mese'));
  });

  it('takes exactly one month', async () => {
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=2026-10-25&dataOperazioneA=${TO}`)).status).toBe(200);
  });
});

describe('the Excel export (seed 002 §2 daily turnover with Excel export)', () => {
  it('downloads the bank\'s days as the page shows them, with the totals, named after the report', async () => {
    const res = await as['sede.30480'].get(`${URL}/esporta?${PERIOD}&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Transato_giornaliero_\d{2}-\d{2}-\d{4}\.xlsx"/);
    const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['sede.30480'](m));
    const byDay = sums(rows, (m) => m.dataOperazione);
    const days = [...byDay.keys()].sort();
    const cells = await sheetCells(res.body);
    expect(cells[0]).toEqual(['Giorno', 'Transato', 'Numero operazioni', 'Importo medio']);
    expect(cells.slice(1, -1)).toEqual(days.map((d) => {
      const v = byDay.get(d) ?? { transato: 0, operazioni: 1 };
      return [`${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`, cents(v.transato), v.operazioni, cents(v.transato / v.operazioni)];
    }));
    const total = rows.reduce((s, m) => s + m.importo, 0);
    expect(cells.at(-1)).toEqual(['Totale', cents(total), rows.length, cents(total / rows.length)]);
  });

  it('without movements answers \'Dati non disponibili per il periodo selezionato.\' instead of an empty sheet (seed 002 §8)', async () => {
    const empty = { code: 'EXPORT_FAILED', errorMessage: 'Dati non disponibili per il periodo selezionato.', details: [] };
    // Before the demo movements begin (26/05/2026).
    const before = await as['sede.30480'].get(`${URL}/esporta?dataOperazioneDa=2026-04-01&dataOperazioneA=2026-04-30&formato=xlsx`);
    expect(before.status).toBe(409);
    expect(before.body).toEqual(empty);
    // Bank 60855 has none of its own, and asking for bank 30480's does not show them.
    for (const query of [PERIOD, `${PERIOD}&codAbi=30480`]) {
      const other = await as['sede.60855'].get(`${URL}/esporta?${query}&formato=xlsx`);
      expect(other.status, query).toBe(409);
      expect(other.body, query).toEqual(empty);
    }
  });

  it('exports the by-bank variant with the banks\' names, and refuses a format the spec does not offer', async () => {
    const res = await as.assistenza.get(`${URL}/esporta?${PERIOD}&per=banca&formato=xlsx`).buffer(true).parse(binaryBody);
    const cells = await sheetCells(res.body);
    expect(cells[0][0]).toBe('Banca');
    expect(cells.slice(1, -1).map((r) => r[0]).sort()).toEqual(['30480 - Banca di Credito Cooperativo di Esempio', '34256 - Cassa Rurale Alpina', '99999 - Aggregato push']);
    expect((await as.assistenza.get(`${URL}/esporta?${PERIOD}&formato=csv`)).status).toBe(400);
  });
});
