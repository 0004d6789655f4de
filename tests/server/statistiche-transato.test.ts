/**
 * The turnover statistics (seed 002 §2 /statistiche/transato/search GES_TRANSATO, §3 Turnover row, §9 company 90
 * excluded, periods up to 12 months), declared as a report (spec/statistiche/transato.yaml): exact figures computed
 * here from the demo's own generator (scripts/demo-movimenti.ts), each user's data scope, the period's messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '../../common/model.js';
import { rebuildRollups } from '../../server/reports/rollup-sql.js';
import { binaryBody } from '../support/binary-body.js';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { sheetCells } from '../support/sheet-cells.js';
import { cents, averageCents } from '../support/money.js';

const DEMO = demoMovements();
const FROM = '2026-06-01';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const URL = `${API}/report/statistiche/transato`;
/** What the turnover counts: the period, approved, not company 90. */
const counted = (m: DemoMovement) => m.dataOperazione >= FROM && m.dataOperazione <= TO && m.esito === '01' && m.codCompagnia !== '90';

type Row = { key: string | null; label: string; transato: number; operazioni: number; media: number | null };
interface Report { dimension: string; rows: Row[]; totals: Row; truncated: boolean }
/** The answer's rows and body, as the document types them (the tests read supertest's untyped body). */
const reportOf = (res: { body: Report }): Report => res.body;
const rowsOf = (res: { body: Report }): Row[] => res.body.rows;
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;


/** The expected rows of a grouping, as the report orders them by default (turnover descending, then key). */
function expected(rows: DemoMovement[], keyOf: (m: DemoMovement) => string): Map<string, { transato: number; operazioni: number }> {
  const out = new Map<string, { transato: number; operazioni: number }>();
  for (const m of rows) {
    const k = keyOf(m);
    const cur = out.get(k) ?? { transato: 0, operazioni: 0 };
    out.set(k, { transato: cur.transato + m.importo, operazioni: cur.operazioni + 1 });
  }
  return out;
}

describe('turnover by card company, in the caller\'s scope (seed 002 §2, §6, §9)', () => {
  it('answers each user the sums, counts and averages of its own movements, company 90 and refused ones left out', async () => {
    for (const [user, sees] of Object.entries(MOVEMENT_SCOPE)) {
      const rows = DEMO.filter((m) => counted(m) && sees(m));
      const byCompany = expected(rows, (m) => m.codCompagnia);
      const res = await as[user].get(`${URL}?${PERIOD}&per=compagnia`);
      expect(res.status, user).toBe(200);
      const body = reportOf(res);
      expect(body.dimension).toBe('compagnia');
      expect(body.rows.map((r) => r.key).sort(), user).toEqual([...byCompany.keys()].sort());
      for (const r of body.rows) {
        const want = byCompany.get(r.key ?? '');
        expect(r.transato, `${user} ${r.key}`).toBe(cents(want?.transato ?? 0));
        expect(r.operazioni, `${user} ${r.key}`).toBe(want?.operazioni);
        expect(r.media, `${user} ${r.key}`).toBe(cents((want?.transato ?? 0) / (want?.operazioni ?? 1)));
      }
      expect(body.totals.operazioni, user).toBe(rows.length);
      expect(body.totals.transato, user).toBe(cents(rows.reduce((s, m) => s + m.importo, 0)));
      // Turnover descending (spec `sort: -transato`).
      expect(body.rows.map((r) => r.transato), user).toEqual([...body.rows.map((r) => r.transato)].sort((a, b) => b - a));
    }
  });

  it('has turnover for the bank, the branch and the merchant and leaves out company 90 the demo holds', () => {
    for (const user of ['sede.30480', 'filiale.30480', 'merchant.0001234']) expect(DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE[user](m)).length, user).toBeGreaterThan(5);
    expect(DEMO.filter((m) => m.codCompagnia === '90' && m.esito === '01').length).toBeGreaterThan(5);
  });

  it('names each company by its label, never by its code alone', async () => {
    const res = await as['sede.30480'].get(`${URL}?${PERIOD}&per=compagnia`);
    const visa = rowsOf(res).find((r) => r.key === '20');
    expect(visa?.label).toBe('Visa Europe');
    expect(rowsOf(res).some((r) => r.key === '90')).toBe(false);
  });
});

describe('turnover by month, branch, merchant, weekday and time slot', () => {
  it('groups by month in order, named in Italian', async () => {
    const rows = DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['sede.30480'](m));
    const byMonth = expected(rows, (m) => m.dataOperazione.slice(0, 7));
    const res = await as['sede.30480'].get(`${URL}?${PERIOD}&per=mese`);
    expect(res.status).toBe(200);
    expect(rowsOf(res).map((r) => r.key)).toEqual([...byMonth.keys()].sort());
    expect(rowsOf(res).map((r) => r.label)).toEqual(['giugno 2026', 'luglio 2026', 'agosto 2026', 'settembre 2026', 'ottobre 2026', 'novembre 2026']);
    expect(rowsOf(res).map((r) => r.transato)).toEqual([...byMonth.keys()].sort().map((k) => cents(byMonth.get(k)?.transato ?? 0)));
  });

  it('groups a branch user\'s turnover by branch: its own cab only', async () => {
    const res = await as['filiale.30480'].get(`${URL}?${PERIOD}&per=filiale`);
    expect(rowsOf(res).map((r) => r.key)).toEqual(['01600']);
  });

  it('groups by merchant, named by the merchant\'s name, and a merchant sees only itself', async () => {
    const bank = await as['sede.30480'].get(`${URL}?${PERIOD}&per=esercente`);
    const keys = new Set(DEMO.filter((m) => counted(m) && MOVEMENT_SCOPE['sede.30480'](m)).map((m) => m.codEserc));
    expect(rowsOf(bank).map((r) => r.key).sort()).toEqual([...keys].sort());
    expect(rowsOf(bank).every((r) => r.label !== r.key)).toBe(true);
    const own = await as['merchant.0001234'].get(`${URL}?${PERIOD}&per=esercente`);
    expect(rowsOf(own).map((r) => r.key)).toEqual(['0001234']);
  });

  it('groups by weekday and by the seed\'s time slots', async () => {
    const rows = DEMO.filter((m) => counted(m));
    const slot = (t: string) => (t < '08:00' ? '0' : t < '13:00' ? '1' : t < '19:00' ? '2' : '3');
    const bySlot = expected(rows, (m) => slot(m.oraOperazione));
    const res = await as.assistenza.get(`${URL}?${PERIOD}&per=fascia`);
    expect(rowsOf(res).map((r) => [r.label, r.operazioni])).toEqual([...bySlot.keys()].sort().map((k) => [['00-8', '8-13', '13-19', '19-24'][Number(k)], bySlot.get(k)?.operazioni]));
    const byDay = expected(rows, (m) => String(new Date(`${m.dataOperazione}T00:00:00Z`).getUTCDay()));
    const week = await as.assistenza.get(`${URL}?${PERIOD}&per=giornoSettimana`);
    expect(rowsOf(week).map((r) => [r.key, r.operazioni])).toEqual([...byDay.keys()].sort().map((k) => [k, byDay.get(k)?.operazioni]));
    expect(rowsOf(week).find((r) => r.key === '1')?.label).toBe('lunedì');
  });

  it('stops at the limit asked, with totals over every group', async () => {
    const all = await as.assistenza.get(`${URL}?${PERIOD}&per=giorno`);
    const few = await as.assistenza.get(`${URL}?${PERIOD}&per=giorno&limite=12`);
    expect(few.body.rows).toHaveLength(12);
    expect(few.body.truncated).toBe(true);
    expect(few.body.totals).toEqual(all.body.totals);
  });
});

describe('the merchant list\'s export (seed 002 §2 "merchant list with export", §5, §8, §9 export limit 12 months)', () => {
  it('writes the caller\'s merchants, named, turnover descending, with the totals; another bank gets none', async () => {
    const res = await as['sede.30480'].get(`${URL}/esporta?${PERIOD}&per=esercente&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const json = reportOf(await as['sede.30480'].get(`${URL}?${PERIOD}&per=esercente`));
    const cells = await sheetCells(res.body);
    expect(cells[0]).toEqual(['Esercente', 'Transato', 'Numero operazioni', 'Importo medio']);
    expect(cells.slice(1, -1).map((c) => c[0])).toEqual(json.rows.map((r) => r.label));
    expect(cells.at(-1)).toEqual(['Totale', json.totals.transato, json.totals.operazioni, json.totals.media]);
    // A merchant's sheet holds itself only; another bank, without movements of its own in the period, gets none of 30480's.
    const own = await as['merchant.0001234'].get(`${URL}/esporta?${PERIOD}&per=esercente&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(own.status).toBe(200);
    const ownRows = (await sheetCells(own.body)).slice(1, -1);
    expect(ownRows).toEqual([[json.rows.find((r) => r.key === '0001234')?.label, expect.any(Number), expect.any(Number), expect.any(Number)]]);
    const other = await as['sede.60855'].get(`${URL}/esporta?${PERIOD}&per=esercente&formato=xlsx`);
    expect(other.status).toBe(409);
    expect(other.body.errorMessage).toBe('Dati non disponibili per il periodo selezionato.');
  });

  it("refuses more than 12 months with the seed's words, and a period without data with §8's", async () => {
    const long = await as['sede.30480'].get(`${URL}/esporta?dataOperazioneDa=2025-11-24&dataOperazioneA=${TO}&per=esercente&formato=xlsx`);
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([{ field: 'dataOperazioneDa', message: 'La funzionalità "Esporta tutti gli esercenti" è utilizzabile solo per un periodo di un anno' }]);
    const empty = await as['sede.30480'].get(`${URL}/esporta?dataOperazioneDa=2020-01-01&dataOperazioneA=2020-06-30&per=esercente&formato=xlsx`);
    expect(empty.status).toBe(409);
    expect(empty.body.errorMessage).toBe('Dati non disponibili per il periodo selezionato.');
  });
});

describe('the merchant list 30 per page, and the export of every merchant (seed 002 §2 "merchant list (30 per page) with export", §5)', () => {
  // January 2026, before the demo's movements: 120 merchants of bank 30480, each with one approved movement of
  // 10 + (i mod 40) euro, so three merchants share each figure and their codes settle the order.
  const JANUARY = 'dataOperazioneDa=2026-01-01&dataOperazioneA=2026-01-31';
  const MERCHANTS = 120;
  const code = (i: number) => `PAG${String(i).padStart(4, '0')}`;
  const amount = (i: number) => 10 + (i % 40);
  /** The merchant as the page names it: its display fields, code and name. */
  const label = (i: number) => `${code(i)} - Negozio di prova ${i}`;
  /** Turnover descending, then the merchant's code: the screen's order and the sheet's. */
  const order = Array.from({ length: MERCHANTS }, (_, i) => i).sort((a, b) => amount(b) - amount(a) || code(a).localeCompare(code(b)));

  beforeAll(async () => {
    const { db, artifacts } = demo.app;
    const merchant = await db('esercente').where({ cod_abi: '30480' }).first();
    const movement = await db('transazione').where({ cod_abi: '30480', esito: '01' }).whereNot({ cod_compagnia: '90' }).first();
    const merchantKey = entityByName(artifacts.model, 'Esercente').fields.find((f) => f.name === 'codEser')?.column ?? 'cod_eser';
    const merchantName = entityByName(artifacts.model, 'Esercente').fields.find((f) => f.name === 'ds')?.column ?? 'ds';
    await db('esercente').insert(Array.from({ length: MERCHANTS }, (_, i) => ({ ...merchant, [merchantKey]: code(i), [merchantName]: `Negozio di prova ${i}` })));
    await db('transazione').insert(Array.from({ length: MERCHANTS }, (_, i) => ({ ...movement, id: `PAGTEST${i}`, cod_eserc: code(i), data_operazione: '2026-01-15', importo: amount(i) })));
    // Written as a bulk load would be: the rollups rebuilt from the movements (docs/spec-language.md#rollups).
    await rebuildRollups(db, artifacts.model, 'Transato');
  });

  it('answers 30 merchants a page from the monthly merchant rollup (a whole month), turnover descending then by code, with the count and the totals of all 120', async () => {
    const pages: Report[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await as['sede.30480'].get(`${URL}?${JANUARY}&per=esercente&pagina=${n}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-report-source']).toBe('rollup:esercentiMese');
      const raw = await as['sede.30480'].get(`${URL}?${JANUARY}&per=esercente&pagina=${n}`).set('X-Report-Source', 'raw');
      expect(raw.body).toEqual(res.body);
      pages.push(reportOf(res));
      expect(res.body).toMatchObject({ page: n, groups: MERCHANTS, truncated: false });
    }
    expect(pages.map((p) => p.rows.length)).toEqual([30, 30, 30, 30, 0]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.key))).toEqual(order.map(code));
    expect(pages[0].rows[0]).toEqual({ key: code(39), label: label(39), transato: 49, operazioni: 1, media: 49 });
    const total = Array.from({ length: MERCHANTS }, (_, i) => amount(i)).reduce((a, b) => a + b, 0);
    for (const p of pages) expect(p.totals).toEqual({ transato: total, operazioni: MERCHANTS, media: averageCents(total, MERCHANTS) });
  });

  it('exports all 120 merchants, past the report\'s limit of 100, in the same order, with the totals', async () => {
    const res = await as['sede.30480'].get(`${URL}/esporta?${JANUARY}&per=esercente&formato=xlsx`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    const cells = await sheetCells(res.body);
    expect(cells.slice(1, -1).map((c) => c[0])).toEqual(order.map(label));
    expect(cells.at(-1)?.slice(0, 3)).toEqual(['Totale', Array.from({ length: MERCHANTS }, (_, i) => amount(i)).reduce((a, b) => a + b, 0), MERCHANTS]);
    // Another bank's export of the same month holds none of them.
    expect((await as['sede.60855'].get(`${URL}/esporta?${JANUARY}&per=esercente&formato=xlsx`)).status).toBe(409);
  });
});

describe('the report\'s checks', () => {
  it('refuses a missing, reversed or longer-than-12-months period with the spec\'s messages', async () => {
    const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=${FROM}`)).body).toEqual(refused('dataOperazioneA', 'Indicare il periodo della ricerca: data iniziale e data finale'));
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=${TO}&dataOperazioneA=${FROM}`)).body).toEqual(refused('dataOperazioneDa', 'La data iniziale non può essere successiva alla data finale'));
    expect((await as['sede.30480'].get(`${URL}?dataOperazioneDa=2025-11-24&dataOperazioneA=${TO}`)).body).toEqual(refused('dataOperazioneDa', 'Il periodo di ricerca non può superare i 12 mesi'));
  });

  it('refuses a grouping the spec does not declare', async () => {
    expect((await as['sede.30480'].get(`${URL}?${PERIOD}&per=pan`)).status).toBe(400);
  });

  it('cannot widen the scope with a filter: another bank\'s code answers nothing', async () => {
    const res = await as['filiale.30480'].get(`${URL}?${PERIOD}&codAbi=34256&per=compagnia`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.totals).toEqual({ transato: 0, operazioni: 0, media: null });
  });

  it('is refused to a caller without GES_TRANSATO and without a session', async () => {
    expect((await demo.app.anonymous.get(`${URL}?${PERIOD}`)).status).toBe(401);
  });
});
