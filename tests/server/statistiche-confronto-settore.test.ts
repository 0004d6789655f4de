/**
 * The sector comparison of the business portal (seed 000 §2 and 002 §2 /wpbusiness/confrontoSettore, §3 annoMeseDa,
 * annoMeseA, catMerc, provincia, regione, §8 the server's errorMessage, §9 time slots, one year back, company 90
 * excluded), declared as a report with `peers` (spec/statistiche/confronto-settore.yaml): the merchant's own figures
 * and the average merchant of its category, computed here from the demo's own generator (scripts/demo-movimenti.ts)
 * and the demo stores (spec/demo/46-negozi*.yaml), by month, weekday and slot; the too-small sector's message; and
 * what nobody else may read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { romeToday } from '../../common/search-period.js';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { ROOT_DIR } from '../../server/config.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { cents } from '../support/money.js';

const URL_ = `${API}/report/wpbusiness/confrontoSettore`;
const RANGE = 'annoMeseDa=2026-06&annoMeseA=2026-10';
const TOO_FEW = "Il settore selezionato comprende meno di 3 altri esercenti: per riservatezza i dati di confronto non sono disponibili. Provare ad ampliare l'area geografica.";
const NOT_OWN = "La categoria o l'area indicata non è fra quelle dei propri negozi";
const LOMBARDIA = ['BG', 'BS', 'CO', 'CR', 'LC', 'LO', 'MB', 'MI', 'MN', 'PV', 'SO', 'VA'];

/** The demo stores: category and province, read from the demo files. */
const STORES = new Map<string, { abcid?: string; provincia?: string }>(
  ['46-negozi.yaml', '46-negozi-settore.yaml'].flatMap((f) => {
    const doc: { rows: { pdvid: string; abcid?: string; provincia?: string }[] } = parse(readFileSync(join(ROOT_DIR, 'spec', 'demo', f), 'utf8'));
    return doc.rows.map((r) => [r.pdvid, { abcid: r.abcid, provincia: r.provincia }] as const);
  }),
);
const DEMO = demoMovements().filter((m) => m.esito === '01' && m.codCompagnia !== '90');
const inRange = (m: DemoMovement) => m.dataOperazione >= '2026-06-01' && m.dataOperazione <= '2026-10-31';
const SLOTS = ['00:00', '08:00', '13:00', '19:00', '24:00'];
const slotOf = (m: DemoMovement) => String(SLOTS.findIndex((s, i) => m.oraOperazione >= s && m.oraOperazione < SLOTS[i + 1]));
const weekdayOf = (m: DemoMovement) => String(new Date(`${m.dataOperazione}T12:00:00Z`).getUTCDay());

type Figures = { transato: number | null; operazioni: number | null; media: number | null };
interface Row { key: string; label: string; proprio: Figures; settore: Figures | null }
interface Answer {
  periodo: { da: string; a: string; label: string }; opzioni: Record<string, { value: string; label: string }[]>; scelte: Record<string, string | null>;
  errorMessage?: string; gruppi: { dimension: string; label: string; rows: Row[] }[]; totali: { proprio: Figures; settore: Figures | null };
}

/** Sums in whole cents: adding euro as floating point would round a half cent either way. */
const centsOf = (rows: DemoMovement[]) => rows.reduce((s, m) => s + Math.round(m.importo * 100), 0);
function own(rows: DemoMovement[]): Figures {
  const sum = centsOf(rows);
  return { transato: sum / 100, operazioni: rows.length, media: rows.length ? Math.round(sum / rows.length) / 100 : null };
}
function sector(rows: DemoMovement[], units: number): Figures {
  const sum = centsOf(rows);
  return { transato: cents(sum / 100 / units), operazioni: cents(rows.length / units), media: rows.length ? Math.round(sum / rows.length) / 100 : null };
}
/** The expected answer's figures for the merchant's rows and the sector's rows: per group, null with fewer than 3 merchants. */
function expected(mine: DemoMovement[], theirs: DemoMovement[]) {
  const units = new Set(theirs.map((m) => m.codEserc)).size;
  const group = (keys: string[], keyOf: (m: DemoMovement) => string) => keys.map((key) => {
    const t = theirs.filter((m) => keyOf(m) === key);
    return { key, proprio: own(mine.filter((m) => keyOf(m) === key)), settore: new Set(t.map((m) => m.codEserc)).size >= 3 ? sector(t, units) : null };
  });
  return {
    units,
    mese: group(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10'], (m) => m.dataOperazione.slice(0, 7)),
    giornoSettimana: group(['1', '2', '3', '4', '5', '6', '0'], weekdayOf),
    fascia: group(['0', '1', '2', '3'], slotOf),
    totali: { proprio: own(mine), settore: sector(theirs, units) },
  };
}
const answerOf = (res: { body: Answer }): Answer => res.body;
const bars = (m: DemoMovement) => STORES.get(m.codStab)?.abcid === '5812';
const figuresOf = (body: Answer) => Object.fromEntries(body.gruppi.map((g) => [g.dimension, g.rows.map(({ key, proprio, settore }) => ({ key, proprio, settore }))]));

const demo = useDemoSessions({ bank: ['sede.30480'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

describe('the merchant next to the average bar of its category (seed 002 §2, §3)', () => {
  it('has a sector to compare with in the demo: four other bars, three of them in Lombardy, two in Milan', () => {
    const others = new Set(DEMO.filter((m) => bars(m) && m.codEserc !== '0001234' && inRange(m)).map((m) => m.codEserc));
    expect([...others].sort()).toEqual(['0007001', '0008001', '0008002', '0008003']);
  });

  it('answers Bar Centrale its turnover, count and average by month, weekday and slot, next to the other bars\' average', async () => {
    const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    const mine = DEMO.filter((m) => m.codEserc === '0001234' && bars(m) && inRange(m));
    const theirs = DEMO.filter((m) => bars(m) && m.codEserc !== '0001234' && inRange(m));
    const want = expected(mine, theirs);
    expect(want.units).toBe(4);
    expect(body.errorMessage).toBeUndefined();
    expect(body.periodo).toEqual({ da: '2026-06', a: '2026-10', label: 'giugno 2026 - ottobre 2026' });
    expect(body.opzioni).toEqual({ catMerc: [{ value: '5812', label: '5812 - Bar e ristoranti' }], provincia: [{ value: 'MB', label: 'MB' }, { value: 'MI', label: 'MI' }], regione: [{ value: 'Lombardia', label: 'Lombardia' }] });
    expect(body.scelte).toEqual({ catMerc: '5812', provincia: null, regione: null });
    expect(figuresOf(body)).toEqual({ mese: want.mese, giornoSettimana: want.giornoSettimana, fascia: want.fascia });
    expect(body.totali).toEqual(want.totali);
    expect(body.gruppi.map((g) => g.rows.map((r) => r.label))).toEqual([
      ['giugno 2026', 'luglio 2026', 'agosto 2026', 'settembre 2026', 'ottobre 2026'],
      ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'],
      ['00-8', '8-13', '13-19', '19-24'],
    ]);
    // Figures worth a chart: both sides have turnover in every month and in the bars' busy slots.
    for (const r of want.mese) expect(r.proprio.operazioni, r.key).toBeGreaterThan(0);
    for (const r of want.mese) expect(r.settore?.operazioni, r.key).toBeGreaterThan(0);
  });

  it('narrows the sector to its region: the three bars in Lombardy', async () => {
    const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&regione=Lombardia`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    const lombard = (m: DemoMovement) => LOMBARDIA.includes(STORES.get(m.codStab)?.provincia ?? '');
    const mine = DEMO.filter((m) => m.codEserc === '0001234' && bars(m) && lombard(m) && inRange(m));
    const theirs = DEMO.filter((m) => bars(m) && lombard(m) && m.codEserc !== '0001234' && inRange(m));
    const want = expected(mine, theirs);
    expect(want.units).toBe(3);
    expect(body.scelte.regione).toBe('Lombardia');
    expect(figuresOf(body)).toEqual({ mese: want.mese, giornoSettimana: want.giornoSettimana, fascia: want.fascia });
    expect(body.totali).toEqual(want.totali);
  });

  it('gives no figure of a sector of fewer than 3 other merchants: the bars of Milan are two (seed 002 §8 errorMessage)', async () => {
    const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&provincia=MI`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    expect(body.errorMessage).toBe(TOO_FEW);
    expect(body.gruppi).toEqual([]);
    expect(body.totali.settore).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/0007001|0008001|Trattoria|Aurora/);
  });

  it('opens on the last 12 concluded months (seed 002 §9 "one year back")', async () => {
    const res = await as['merchant.0001234'].get(URL_);
    expect(res.status).toBe(200);
    const today = romeToday();
    const last = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
    const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 13, 1)).toISOString().slice(0, 7);
    expect(answerOf(res).periodo).toMatchObject({ da: first, a: last });
    expect(answerOf(res).gruppi[0].rows).toHaveLength(12);
  });

  it('gives an operator the stores assigned to it, next to the same sector (its merchant is never a peer)', async () => {
    const res = await as['operatore.0001234'].get(`${URL_}?${RANGE}`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    const mine = DEMO.filter((m) => m.codStab === '1001' && inRange(m));
    const theirs = DEMO.filter((m) => bars(m) && m.codEserc !== '0001234' && inRange(m));
    const want = expected(mine, theirs);
    expect(body.opzioni.provincia).toEqual([{ value: 'MI', label: 'MI' }]);
    expect(body.totali).toEqual(want.totali);
    expect(figuresOf(body).fascia).toEqual(want.fascia);
  });

  it('narrows its own figures to one of its stores (codNegozio), the sector staying the same', async () => {
    const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&codStab=1002`);
    const body = answerOf(res);
    const mine = DEMO.filter((m) => m.codStab === '1002' && inRange(m));
    const theirs = DEMO.filter((m) => bars(m) && m.codEserc !== '0001234' && inRange(m));
    expect(body.totali).toEqual(expected(mine, theirs).totali);
  });
});

describe('the weekday, time slot and device filters (seed 002 §3 giornoSett, idFascia, dispositivo)', () => {
  const mineOf = (keep: (m: DemoMovement) => boolean) => DEMO.filter((m) => m.codEserc === '0001234' && bars(m) && inRange(m) && keep(m));
  const theirsOf = (keep: (m: DemoMovement) => boolean) => DEMO.filter((m) => bars(m) && m.codEserc !== '0001234' && inRange(m) && keep(m));

  it('offers them by name: the weekdays from Monday, the slots of seed 002 §9, the devices', () => {
    type Filter = { param: string; label: string; options?: { label: string }[] };
    const manifest: { reports: Record<string, { filters: Filter[] }> } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'manifest.json'), 'utf8'));
    const byParam = Object.fromEntries(manifest.reports.ConfrontoSettore.filters.map((f) => [f.param, { label: f.label, options: f.options?.map((o) => o.label) }]));
    expect(byParam).toEqual({
      codStab: { label: 'Negozio', options: undefined },
      dispositivo: { label: 'Dispositivo', options: ['POS fisico', 'PayWay online', 'MO.TO', 'SoftPOS'] },
      giornoSett: { label: 'Giorno della settimana', options: ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'] },
      idFascia: { label: 'Fascia oraria', options: ['00-8', '8-13', '13-19', '19-24'] },
    });
  });

  it('narrows both sides to Mondays (giornoSett=1): the other days are 0, Monday as without the filter', async () => {
    const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&giornoSett=1`);
    expect(res.status).toBe(200);
    const body = answerOf(res);
    const monday = (m: DemoMovement) => weekdayOf(m) === '1';
    const want = expected(mineOf(monday), theirsOf(monday));
    expect(want.totali.proprio.operazioni).toBeGreaterThan(0);
    expect(body.errorMessage).toBeUndefined();
    expect(figuresOf(body)).toEqual({ mese: want.mese, giornoSettimana: want.giornoSettimana, fascia: want.fascia });
    expect(body.totali).toEqual(want.totali);
    expect(body.gruppi[1].rows.filter((r) => r.proprio.operazioni).map((r) => r.label)).toEqual(['lunedì']);
  });

  it('narrows both sides to the morning slot 8-13 (idFascia=1)', async () => {
    const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&idFascia=1`);
    const body = answerOf(res);
    const morning = (m: DemoMovement) => slotOf(m) === '1';
    const want = expected(mineOf(morning), theirsOf(morning));
    expect(figuresOf(body)).toEqual({ mese: want.mese, giornoSettimana: want.giornoSettimana, fascia: want.fascia });
    expect(body.totali).toEqual(want.totali);
    expect(body.gruppi[2].rows.map((r) => [r.label, r.proprio.operazioni === 0])).toEqual([['00-8', true], ['8-13', false], ['13-19', true], ['19-24', true]]);
  });

  it('narrows both sides to a device: POS fisico leaves three other bars; SoftPOS only one, too few to show', async () => {
    const fisico = await as['merchant.0001234'].get(`${URL_}?${RANGE}&dispositivo=FI`);
    const pos = (m: DemoMovement) => m.provenienza === 'FI';
    const want = expected(mineOf(pos), theirsOf(pos));
    expect(want.units).toBe(3);
    expect(answerOf(fisico).totali).toEqual(want.totali);
    expect(figuresOf(answerOf(fisico)).mese).toEqual(want.mese);
    const softpos = await as['merchant.0001234'].get(`${URL_}?${RANGE}&dispositivo=SP&giornoSett=6`);
    expect(softpos.status).toBe(200);
    expect(answerOf(softpos).errorMessage).toBe(TOO_FEW);
    expect(answerOf(softpos).gruppi).toEqual([]);
    expect(JSON.stringify(softpos.body)).not.toMatch(/0008002|Bella Napoli/);
  });

  it('refuses a weekday, slot or device that is not one of the options', async () => {
    for (const query of ['giornoSett=7', 'giornoSett=lunedi', 'idFascia=4', 'dispositivo=XX']) {
      const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field), query).toEqual([query.split('=')[0]]);
    }
  });
});

describe('what the comparison refuses', () => {
  it('refuses a category or a place that is not one of its own stores\'', async () => {
    for (const [param, value] of [['catMerc', '5411'], ['provincia', 'TO'], ['regione', 'Piemonte'], ['provincia', 'BG']]) {
      const res = await as['merchant.0001234'].get(`${URL_}?${RANGE}&${param}=${value}`);
      expect(res.status, `${param}=${value}`).toBe(400);
      expect(res.body.details, `${param}=${value}`).toEqual([{ field: param, message: NOT_OWN }]);
    }
  });

  it('reads no other merchant: another merchant\'s code or store is refused or finds nothing of its own', async () => {
    const other = await as['merchant.0001234'].get(`${URL_}?${RANGE}&codEserc=0008001`);
    expect(other.status).toBe(400);
    const store = await as['merchant.0001234'].get(`${URL_}?${RANGE}&codStab=8001`);
    expect(store.status).toBe(200);
    expect(answerOf(store).totali.proprio).toEqual({ transato: 0, operazioni: 0, media: null });
  });

  it('refuses a bank user (no business function) and gives assistance, which has no merchant of its own, no figure', async () => {
    expect((await as['sede.30480'].get(`${URL_}?${RANGE}`)).status).toBe(403);
    const res = await as.assistenza.get(`${URL_}?${RANGE}`);
    expect(res.status).toBe(200);
    expect(answerOf(res)).toEqual({
      periodo: { da: '2026-06', a: '2026-10', label: 'giugno 2026 - ottobre 2026' }, opzioni: { catMerc: [], provincia: [], regione: [] },
      scelte: { catMerc: null, provincia: null, regione: null }, errorMessage: 'Il confronto con il settore è disponibile solo per gli utenti di un esercente',
      gruppi: [], totali: { proprio: { transato: 0, operazioni: 0, media: null }, settore: null },
    });
  });

  it('checks the month range: ordered, begun, at most 12 months', async () => {
    const cases: [string, string, string][] = [
      ['annoMeseDa=2026-10&annoMeseA=2026-06', 'annoMeseDa', "Il mese iniziale non può essere successivo al mese finale, né quest'ultimo successivo al mese corrente"],
      ['annoMeseDa=2025-01&annoMeseA=2026-06', 'annoMeseDa', 'Il periodo del confronto non può superare i 12 mesi'],
      ['annoMeseDa=2026-06', 'annoMeseA', 'Indicare il periodo del confronto: mese iniziale e mese finale'],
    ];
    for (const [query, field, message] of cases) {
      const res = await as['merchant.0001234'].get(`${URL_}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details, query).toEqual([{ field, message }]);
    }
  });
});
