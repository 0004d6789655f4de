/**
 * A report (docs/spec-language.md#reports) on the fixture's takings (tests/fixtures/spec/catalogo/incassi-report.yaml):
 * bank 10001's takings of tests/fixtures/spec/demo/15-incassi.yaml summed by outcome, month and weekday, refunds (ST)
 * excluded, another bank's (I007) never counted, the enum named by its label, the period checked.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody } from '../../support/binary-body.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];
let altra: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  altra = await app.loginAs('sede.20002');
});
afterAll(() => app.close());

const URL = `${API}/report/catalogo/incassi`;
const PERIOD = 'dataDa=2026-05-01&dataA=2026-11-30';

describe('a report of the fixture\'s takings', () => {
  it('sums bank 10001\'s takings by outcome: I001, I003, I005, I006, I008, I010, I011 cashed, I002 and I009 refused, I004 (ST) left out', async () => {
    const res = await sede.get(`${URL}?${PERIOD}&per=esito`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dimension: 'esito',
      rows: [
        { key: 'OK', label: 'Incassato', totale: 188.5, numero: 7, medio: 26.93 },
        { key: 'KO', label: 'Rifiutato', totale: 32, numero: 2, medio: 16 },
      ],
      totals: { totale: 220.5, numero: 9, medio: 24.5 },
      truncated: false,
    });
  });

  it('groups by month in calendar order (the dimension\'s sort: key), named in Italian', async () => {
    const res = await sede.get(`${URL}?${PERIOD}&per=mese`);
    expect(res.body.rows).toEqual([
      { key: '2026-05', label: 'maggio 2026', totale: 46.5, numero: 4, medio: 11.63 },
      { key: '2026-06', label: 'giugno 2026', totale: 14, numero: 1, medio: 14 },
      { key: '2026-09', label: 'settembre 2026', totale: 20, numero: 1, medio: 20 },
      { key: '2026-10', label: 'ottobre 2026', totale: 30, numero: 1, medio: 30 },
      { key: '2026-11', label: 'novembre 2026', totale: 110, numero: 2, medio: 55 },
    ]);
  });

  it('groups by weekday: 10/05/2026 was a Sunday, 01/11/2026 too', async () => {
    const res = await sede.get(`${URL}?${PERIOD}&per=giornoSettimana`);
    expect(res.body.rows.find((r: { key: string }) => r.key === '0')).toEqual({ key: '0', label: 'domenica', totale: 96.5, numero: 5, medio: 19.3 });
  });

  it('filters by a weekday (a derived value, no rollup keeps it): the Sundays by outcome; another bank has none', async () => {
    const res = await sede.get(`${URL}?${PERIOD}&per=esito&giornoSett=0`);
    expect(res.status).toBe(200);
    expect(res.headers['x-report-source']).toBe('raw');
    expect(res.body.rows).toEqual([
      { key: 'OK', label: 'Incassato', totale: 84.5, numero: 4, medio: 21.13 },
      { key: 'KO', label: 'Rifiutato', totale: 12, numero: 1, medio: 12 },
    ]);
    expect(res.body.totals).toEqual({ totale: 96.5, numero: 5, medio: 19.3 });
    expect((await altra.get(`${URL}?${PERIOD}&per=esito&giornoSett=0`)).body.rows).toEqual([]);
    expect((await altra.get(`${URL}?${PERIOD}&per=esito&giornoSett=2`)).body.totals).toEqual({ totale: 70, numero: 1, medio: 70 });
    const wrong = await sede.get(`${URL}?${PERIOD}&giornoSett=domenica`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.map((d: { field: string }) => d.field)).toEqual(['giornoSett']);
  });

  it('filters by the list\'s own parameters, and another bank sees only its own takings', async () => {
    expect((await sede.get(`${URL}?${PERIOD}&per=esito&esito=KO`)).body.totals).toEqual({ totale: 32, numero: 2, medio: 16 });
    expect((await altra.get(`${URL}?${PERIOD}&per=banca`)).body.rows).toEqual([{ key: '20002', label: expect.stringContaining('20002'), totale: 70, numero: 1, medio: 70 }]);
    expect((await altra.get(`${URL}?${PERIOD}&per=banca&codAbi=10001`)).body.rows).toEqual([]);
  });

  it('refuses a period over 12 months with the spec\'s message', async () => {
    const res = await sede.get(`${URL}?dataDa=2025-01-01&dataA=2026-11-30`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'dataDa', message: 'Il periodo degli incassi non può superare i 12 mesi' }]);
  });
});

describe('the report\'s sheet (spec `export: { formats: [xlsx] }`)', () => {
  async function cellsOf(body: Parameters<ExcelJS.Xlsx['load']>[0]): Promise<unknown[][]> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body);
    const out: unknown[][] = [];
    book.worksheets[0].eachRow((row) => { out.push(Array.isArray(row.values) ? row.values.slice(1) : []); });
    return out;
  }

  it('holds what the page shows for the grouping asked, labels and totals, in the caller\'s scope', async () => {
    const res = await sede.get(`${URL}/esporta?${PERIOD}&per=esito&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Totali_incassi_\d{2}-\d{2}-\d{4}\.xlsx"/);
    expect(await cellsOf(res.body)).toEqual([
      ['Esito', 'Totale', 'Numero', 'Importo medio'],
      ['Incassato', 188.5, 7, 26.93],
      ['Rifiutato', 32, 2, 16],
      ['Totale', 220.5, 9, 24.5],
    ]);
    const other = await altra.get(`${URL}/esporta?${PERIOD}&per=esito&formato=xlsx`).buffer(true).parse(binaryBody);
    const json = await altra.get(`${URL}?${PERIOD}&per=esito`);
    expect((await cellsOf(other.body)).at(-1)).toEqual(['Totale', json.body.totals.totale, json.body.totals.numero, json.body.totals.medio]);
  });

  it('finding no row answers the spec\'s export.emptyMessage instead of an empty sheet (seed 002 §8)', async () => {
    const none = await sede.get(`${URL}/esporta?dataDa=2025-01-01&dataA=2025-06-30&per=esito&formato=xlsx`);
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ code: 'EXPORT_FAILED', errorMessage: 'Nessun incasso nel periodo', details: [] });
    // Refunds (ST) never count: filtering by them leaves no row either.
    const other = await altra.get(`${URL}/esporta?${PERIOD}&per=esito&esito=ST&formato=xlsx`);
    expect(other.status).toBe(409);
    expect(other.body.errorMessage).toBe('Nessun incasso nel periodo');
  });

  it('takes the export\'s own longest period (export.maxMonths: 7) with its own words, where the screen takes 12', async () => {
    const eight = 'dataDa=2026-03-01&dataA=2026-11-30';
    expect((await sede.get(`${URL}?${eight}&per=esito`)).status).toBe(200);
    const res = await sede.get(`${URL}/esporta?${eight}&per=esito&formato=xlsx`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'dataDa', message: "L'esportazione degli incassi è possibile per al massimo 7 mesi" }]);
    // Seven months to the day pass.
    expect((await sede.get(`${URL}/esporta?dataDa=2026-04-30&dataA=2026-11-30&per=esito&formato=xlsx`).buffer(true).parse(binaryBody)).status).toBe(200);
  });

  it('is refused as the report is: a period over 12 months, a format the spec does not offer', async () => {
    expect((await sede.get(`${URL}/esporta?dataDa=2025-01-01&dataA=2026-11-30&formato=xlsx`)).status).toBe(400);
    expect((await sede.get(`${URL}/esporta?${PERIOD}&formato=csv`)).status).toBe(400);
  });
});

describe('a comparison of two periods (spec `compare`, tests/fixtures/spec/catalogo/incassi-confronto.yaml)', () => {
  const COMPARE = `${API}/report/catalogo/incassiConfronto`;

  it('sets October next to September for bank 10001: I003 30,00 against I002 20,00, +50 %', async () => {
    const res = await sede.get(`${COMPARE}?confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09`);
    expect(res.status).toBe(200);
    const one = { totale: 30, numero: 1 };
    const two = { totale: 20, numero: 1 };
    expect(res.body).toEqual({
      confronto: 'mese', ultimoMese: expect.stringMatching(/^20\d\d-\d\d$/),
      periodi: [{ label: 'ottobre 2026', da: '2026-10-01', a: '2026-10-31' }, { label: 'settembre 2026', da: '2026-09-01', a: '2026-09-30' }],
      rows: [{ key: '1', label: 'ottobre / settembre', mesi: ['2026-10', '2026-09'], periodo1: one, periodo2: two, variazione: { totale: 50, numero: 0 } }],
      totals: { periodo1: one, periodo2: two, variazione: { totale: 50, numero: 0 } },
    });
  });

  it('sets April-June next to July-September month by month, a month without takings at 0 and without change', async () => {
    const res = await sede.get(`${COMPARE}?confronto=trimestre&anno1=2026&trimestre1=2&anno2=2026&trimestre2=3`);
    expect(res.body.periodi.map((p: { label: string }) => p.label)).toEqual(['Apr-Giu 2026', 'Lug-Set 2026']);
    expect(res.body.rows.map((r: { label: string; periodo1: unknown; periodo2: unknown; variazione: unknown }) => [r.label, r.periodo1, r.periodo2, r.variazione])).toEqual([
      ['aprile / luglio', { totale: 0, numero: 0 }, { totale: 0, numero: 0 }, { totale: null, numero: null }],
      ['maggio / agosto', { totale: 46.5, numero: 4 }, { totale: 0, numero: 0 }, { totale: null, numero: null }],
      ['giugno / settembre', { totale: 14, numero: 1 }, { totale: 20, numero: 1 }, { totale: -30, numero: 0 }],
    ]);
    expect(res.body.totals.variazione).toEqual({ totale: 202.5, numero: 400 });
  });

  it('counts another bank\'s takings for that bank only, and filters by the spec\'s filters (I009 refused in May)', async () => {
    expect((await altra.get(`${COMPARE}?confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09`)).body.totals.periodo1).toEqual({ totale: 0, numero: 0 });
    expect((await sede.get(`${COMPARE}?confronto=trimestre&anno1=2026&trimestre1=2&anno2=2026&trimestre2=3&esito=KO`)).body.totals.periodo1).toEqual({ totale: 12, numero: 1 });
  });

  it('refuses a missing period and a month not concluded with the spec\'s messages', async () => {
    const missing = await sede.get(`${COMPARE}?meseAnno1=2026-10`);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'meseAnno2', message: 'Indicare i due periodi da confrontare' }]);
    const future = await sede.get(`${COMPARE}?meseAnno1=2099-01&meseAnno2=2099-02`);
    expect(future.body.details).toEqual([{ field: 'meseAnno1', message: expect.stringMatching(/^L'ultimo mese confrontabile è [a-z]+ 20\d\d$/) }]);
  });
});
