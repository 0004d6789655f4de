/**
 * The year/month comparison (seed 002 §2 /statistiche/confrontoDatiPeriodo CONFRONTO_PERIODO and the business
 * portal's statistiche/confrontoDatiPeriodo; §3 anno1/2, trimestre1/2, meseAnno1/2; §5 the latest month is last
 * month, two months back in the first 3 days; §9 company 90 excluded), declared as reports with `compare`
 * (spec/statistiche/confronto-periodo*.yaml): exact figures computed here from the demo's own generator
 * (scripts/demo-movimenti.ts), in each user's data scope, and the comparison's messages.
 */
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../common/flussi-dates.js';
import { latestComparableMonth, monthLabel } from '../../common/report-compare.js';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { binaryBody } from '../support/binary-body.js';
import { sheetCells } from '../support/sheet-cells.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { cents } from '../support/money.js';

const DEMO = demoMovements();
const BANK = `${API}/report/statistiche/confrontoDatiPeriodo`;
const MERCHANT = `${API}/report/wpbusiness/statistiche/confrontoDatiPeriodo`;
const LATEST = latestComparableMonth(todayIso(), 3);
const change = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : Math.round(((a - b) / b) * 10000) / 100);

type Figures = { transato: number; operazioni: number; media: number | null };
type Row = { key: string; label: string; mesi: string[]; periodo1: Figures; periodo2: Figures; variazione: Record<keyof Figures, number | null> };
interface Answer { confronto: string; ultimoMese: string; periodi: { label: string; da: string; a: string }[]; rows: Row[]; totals: Omit<Row, 'key' | 'label' | 'mesi'> }
const answerOf = (res: { body: Answer }): Answer => res.body;

/** What the turnover of a month counts for a user: approved, not company 90, in its scope. */
function figures(user: string, months: readonly string[]): Figures {
  const rows = DEMO.filter((m: DemoMovement) => months.includes(m.dataOperazione.slice(0, 7)) && m.esito === '01' && m.codCompagnia !== '90' && MOVEMENT_SCOPE[user](m));
  const transato = rows.reduce((s, m) => s + m.importo, 0);
  return { transato: cents(transato), operazioni: rows.length, media: rows.length ? cents(transato / rows.length) : null };
}
const changes = (a: Figures, b: Figures) => ({ transato: change(a.transato, b.transato), operazioni: change(a.operazioni, b.operazioni), media: change(a.media, b.media) });

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

describe('the latest comparable month (seed 002 §5)', () => {
  it('is last month, or the one before in the first 3 days of a month', () => {
    expect(latestComparableMonth('2026-12-03', 3)).toBe('2026-10');
    expect(latestComparableMonth('2026-12-04', 3)).toBe('2026-11');
    expect(latestComparableMonth('2026-01-02', 3)).toBe('2025-11');
    expect(latestComparableMonth('2026-01-31', 3)).toBe('2025-12');
  });

  it('leaves the demo months to compare: the demo runs from 26 May to 25 November 2026', () => {
    expect(LATEST >= '2026-09').toBe(true);
  });
});

describe('two months side by side, in each user\'s scope (seed 002 §2, §6)', () => {
  it('answers each bank-side user the turnover, count and average of its own movements and the change in %', async () => {
    for (const user of ['assistenza', 'sede.30480', 'filiale.30480', 'sede.60855']) {
      const res = await as[user].get(`${BANK}?confronto=mese&meseAnno1=2026-09&meseAnno2=2026-08`);
      expect(res.status, user).toBe(200);
      const [one, two] = [figures(user, ['2026-09']), figures(user, ['2026-08'])];
      const body = answerOf(res);
      expect(body.periodi, user).toEqual([{ label: 'settembre 2026', da: '2026-09-01', a: '2026-09-30' }, { label: 'agosto 2026', da: '2026-08-01', a: '2026-08-31' }]);
      expect(body.rows, user).toEqual([{ key: '1', label: 'settembre / agosto', mesi: ['2026-09', '2026-08'], periodo1: one, periodo2: two, variazione: changes(one, two) }]);
      expect(body.totals, user).toEqual({ periodo1: one, periodo2: two, variazione: changes(one, two) });
    }
  });

  it('has turnover in both months for the bank and the branch, and nothing for a bank without movements', () => {
    for (const user of ['sede.30480', 'filiale.30480']) for (const month of ['2026-08', '2026-09']) expect(figures(user, [month]).operazioni, `${user} ${month}`).toBeGreaterThan(3);
    expect(figures('sede.60855', ['2026-09'])).toEqual({ transato: 0, operazioni: 0, media: null });
  });

  it('filters the bank\'s comparison by branch and merchant', async () => {
    const res = await as['sede.30480'].get(`${BANK}?confronto=mese&meseAnno1=2026-09&meseAnno2=2026-08&cab=01600`);
    expect(answerOf(res).totals.periodo1).toEqual(figures('filiale.30480', ['2026-09']));
    const merchant = await as['sede.30480'].get(`${BANK}?confronto=mese&meseAnno1=2026-09&meseAnno2=2026-08&codEserc=0001234`);
    expect(answerOf(merchant).totals.periodo2).toEqual(figures('merchant.0001234', ['2026-08']));
  });
});

describe('quarters and years, month by month', () => {
  it('sets July-September next to April-June, month by month, with the trimester labels of seed 002 §9', async () => {
    const res = await as['sede.30480'].get(`${BANK}?confronto=trimestre&anno1=2026&trimestre1=3&anno2=2026&trimestre2=2`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    expect(body.periodi.map((p) => p.label)).toEqual(['Lug-Set 2026', 'Apr-Giu 2026']);
    expect(body.rows.map((r) => [r.key, r.label, r.mesi])).toEqual([
      ['1', 'luglio / aprile', ['2026-07', '2026-04']], ['2', 'agosto / maggio', ['2026-08', '2026-05']], ['3', 'settembre / giugno', ['2026-09', '2026-06']],
    ]);
    for (const r of body.rows) {
      const [one, two] = [figures('sede.30480', [r.mesi[0]]), figures('sede.30480', [r.mesi[1]])];
      expect(r.periodo1, r.label).toEqual(one);
      expect(r.periodo2, r.label).toEqual(two);
      expect(r.variazione, r.label).toEqual(changes(one, two));
    }
    // April holds no demo movement: no base, no change.
    expect(body.rows[0].periodo2).toEqual({ transato: 0, operazioni: 0, media: null });
    expect(body.rows[0].variazione).toEqual({ transato: null, operazioni: null, media: null });
    const [q3, q2] = [figures('sede.30480', ['2026-07', '2026-08', '2026-09']), figures('sede.30480', ['2026-04', '2026-05', '2026-06'])];
    expect(body.totals).toEqual({ periodo1: q3, periodo2: q2, variazione: changes(q3, q2) });
  });

  it('compares a running year with the same concluded months of the other year only', async () => {
    const res = await as['sede.30480'].get(`${BANK}?confronto=anno&anno1=2026&anno2=2025`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    const months = Number(LATEST.slice(5, 7));
    expect(body.ultimoMese).toBe(LATEST);
    expect(body.periodi).toEqual([
      { label: '2026', da: '2026-01-01', a: `${LATEST}-${LATEST === '2026-09' ? '30' : '31'}` },
      { label: '2025', da: '2025-01-01', a: body.periodi[1].a },
    ]);
    expect(body.periodi[1].a.startsWith(`2025-${LATEST.slice(5, 7)}`)).toBe(true);
    expect(body.rows.map((r) => r.label)).toEqual(['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'].slice(0, months));
    const year = body.rows.map((r) => r.mesi[0]);
    expect(body.totals.periodo1).toEqual(figures('sede.30480', year));
    expect(body.totals.periodo2).toEqual({ transato: 0, operazioni: 0, media: null });
    expect(body.rows.find((r) => r.mesi[0] === '2026-10')?.periodo1).toEqual(figures('sede.30480', ['2026-10']));
  });
});

describe('the merchant\'s comparison (business portal), in its scope (seed 002 §6)', () => {
  it('gives the merchant its own merchant and the operator only its assigned store', async () => {
    for (const user of ['merchant.0001234', 'operatore.0001234']) {
      const res = await as[user].get(`${MERCHANT}?confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09`);
      expect(res.status, user).toBe(200);
      const [one, two] = [figures(user, ['2026-10']), figures(user, ['2026-09'])];
      expect(one.operazioni, user).toBeGreaterThan(0);
      expect(answerOf(res).totals, user).toEqual({ periodo1: one, periodo2: two, variazione: changes(one, two) });
    }
    expect(figures('operatore.0001234', ['2026-10']).operazioni).toBeLessThan(figures('merchant.0001234', ['2026-10']).operazioni);
  });

  it('gives the operator nothing of a store not assigned to it, even when it asks for it', async () => {
    const other = await as['operatore.0001234'].get(`${MERCHANT}?confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09&codStab=1002`);
    expect(other.status).toBe(200);
    expect(answerOf(other).totals.periodo1).toEqual({ transato: 0, operazioni: 0, media: null });
    const mine = await as['merchant.0001234'].get(`${MERCHANT}?confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09&codStab=1002`);
    const store = (m: DemoMovement) => MOVEMENT_SCOPE['merchant.0001234'](m) && m.codStab === '1002' && m.dataOperazione.startsWith('2026-10') && m.esito === '01' && m.codCompagnia !== '90';
    expect(answerOf(mine).totals.periodo1.operazioni).toBe(DEMO.filter(store).length);
  });

  it('keeps the bank-side comparison from merchants and their operators', async () => {
    for (const user of ['merchant.0001234', 'operatore.0001234']) {
      expect((await as[user].get(`${BANK}?confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09`)).status, user).toBe(403);
    }
  });
});

describe('the Excel export (seed 002 §7 confrontoAnnoMese exportExcel, wbExportExcel)', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const QUARTERS = 'confronto=trimestre&anno1=2026&trimestre1=3&anno2=2026&trimestre2=2';
  /** A row of the file: the month, then each measure in period 1, period 2 and its change. */
  const cellsOf = (label: string, f: Omit<Row, 'key' | 'label' | 'mesi'>) => [label,
    ...(['transato', 'operazioni', 'media'] as const).flatMap((m) => [f.periodo1[m], f.periodo2[m], f.variazione[m]])];

  it('downloads the comparison on screen: each month with both periods and the change, and the totals', async () => {
    const page = answerOf(await as['sede.30480'].get(`${BANK}?${QUARTERS}`));
    const res = await as['sede.30480'].get(`${BANK}/esporta?${QUARTERS}&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Confronto_dati_periodo_\d{2}-\d{2}-\d{4}\.xlsx"/);
    const cells = await sheetCells(res.body);
    expect(cells[0]).toEqual(['Mese', 'Transato Lug-Set 2026', 'Transato Apr-Giu 2026', 'Variazione transato', 'Numero operazioni Lug-Set 2026',
      'Numero operazioni Apr-Giu 2026', 'Variazione numero operazioni', 'Importo medio Lug-Set 2026', 'Importo medio Apr-Giu 2026', 'Variazione importo medio']);
    expect(cells.slice(1, -1)).toEqual(page.rows.map((r) => cellsOf(r.label, r)));
    expect(cells.at(-1)).toEqual(cellsOf('Totale', page.totals));
    // A month without a base has no change: an empty cell, not 0.
    expect(cells[1][3]).toBeNull();
  });

  it('gives the operator the file of its assigned store only, keeps the bank\'s file from merchants, refuses an unfinished month', async () => {
    const months = 'confronto=mese&meseAnno1=2026-09&meseAnno2=2026-08';
    const page = answerOf(await as['operatore.0001234'].get(`${MERCHANT}?${months}`));
    const res = await as['operatore.0001234'].get(`${MERCHANT}/esporta?${months}&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect((await sheetCells(res.body)).at(-1)).toEqual(cellsOf('Totale', page.totals));
    expect(page.totals.periodo1).toEqual(figures('operatore.0001234', ['2026-09']));
    expect((await as['merchant.0001234'].get(`${BANK}/esporta?${months}&formato=xlsx`)).status).toBe(403);
    const future = await as['sede.30480'].get(`${BANK}/esporta?confronto=mese&meseAnno1=2099-01&meseAnno2=2026-08&formato=xlsx`);
    expect(future.status).toBe(400);
  });
});

describe('the comparison\'s messages', () => {
  const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });

  it('asks for both periods, each well formed', async () => {
    expect((await as['sede.30480'].get(`${BANK}?confronto=mese&meseAnno1=2026-09`)).body).toEqual(refused('meseAnno2', 'Indicare i due periodi da confrontare'));
    expect((await as['sede.30480'].get(`${BANK}?confronto=trimestre&anno1=2026&trimestre1=3&anno2=2025`)).body).toEqual(refused('trimestre2', 'Indicare i due periodi da confrontare'));
    // A malformed one is refused by the document's pattern (yyyy-mm, 1-4) with the platform's format message.
    expect((await as['sede.30480'].get(`${BANK}?confronto=mese&meseAnno1=2026-13&meseAnno2=2026-09`)).body).toEqual(refused('meseAnno1', 'Formato non valido'));
    expect((await as['sede.30480'].get(`${BANK}?confronto=trimestre&anno1=2026&trimestre1=5&anno2=2025&trimestre2=1`)).body).toEqual(refused('trimestre1', 'Formato non valido'));
    expect((await as['sede.30480'].get(`${BANK}?anno1=2026`)).body).toEqual(refused('anno2', 'Indicare i due periodi da confrontare'));
  });

  it('refuses a month not yet concluded, naming the latest one', async () => {
    const next = new Date(Date.UTC(Number(LATEST.slice(0, 4)), Number(LATEST.slice(5, 7)), 1)).toISOString().slice(0, 7);
    const res = await as['merchant.0001234'].get(`${MERCHANT}?confronto=mese&meseAnno1=${next}&meseAnno2=2026-09`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('meseAnno1', `Si possono confrontare solo i mesi conclusi: l'ultimo disponibile è ${monthLabel(LATEST)}`));
  });
});
