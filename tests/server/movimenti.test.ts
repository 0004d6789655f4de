/**
 * The movements search (seed 002 §2 /movimenti/search GES_MOVIMENTI, §3 Transaction, §4 outcome labels, §6, §9):
 * GET movimenti over a period of 1 to 3 months with the spec's messages, 20 a page, in the caller's scope (a bank
 * its bank, a branch its cab, a merchant its own movements, an operator those of its stores), the seed's filters,
 * the outcome label derived from the movement, read-only. Expected rows come from the demo's own generator
 * (scripts/demo-movimenti.ts), so the test follows the demo data rather than restating it.
 */
import { describe, expect, it } from 'vitest';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti.js';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope.js';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const DEMO = demoMovements();
const FROM = '2026-09-01';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const inPeriod = (m: DemoMovement) => m.dataOperazione >= FROM && m.dataOperazione <= TO;

const REQUIRED = 'Indicare il periodo della ricerca: data iniziale e data finale';
const ORDER = 'La data iniziale non può essere successiva alla data finale';
const TOO_LONG = 'Il periodo di ricerca non può superare i 3 mesi';
const refused = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });

type Row = Record<string, unknown>;
const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480', 'sede.60855'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;


describe('the movements of a period, in the caller\'s scope (seed 002 §6)', () => {
  it('answers each user the movements of its scope, 20 a page, newest first', async () => {
    for (const [user, sees] of Object.entries(MOVEMENT_SCOPE)) {
      const expected = DEMO.filter((m) => inPeriod(m) && sees(m));
      const res = await as[user].get(`${API}/movimenti?${PERIOD}`);
      expect(res.status, user).toBe(200);
      expect(res.body.totalCount, user).toBe(expected.length);
      expect(res.body.results.length, user).toBe(Math.min(20, expected.length));
      // Newest day first; within a day the highest id (date, time, terminal) first: a list paged by cursor takes its
      // key the first sort's way (docs/spec-language.md#paging-by-cursor).
      const newest = [...expected].sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || b.id.localeCompare(a.id)).slice(0, 20);
      expect(res.body.results.map((r: Row) => r.id), user).toEqual(newest.map((m) => m.id));
    }
  });

  it('pages every user through all of its movements by cursor, and a cursor of a wider scope shows nothing more', async () => {
    const ordered = (sees: (m: DemoMovement) => boolean) => DEMO.filter((m) => inPeriod(m) && sees(m))
      .sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || b.id.localeCompare(a.id)).map((m) => m.id);
    for (const user of ['sede.30480', 'merchant.0001234']) {
      const seen: string[] = [];
      let next: string | undefined;
      do {
        const res = await as[user].get(`${API}/movimenti?${PERIOD}${next ? `&cursor=${next}` : ''}`);
        expect(res.status, user).toBe(200);
        seen.push(...res.body.results.map((r: Row) => String(r.id)));
        next = res.body.nextCursor;
      } while (next);
      expect(seen, user).toEqual(ordered(MOVEMENT_SCOPE[user]));
    }
    // The bank's cursor after its first page, sent by the merchant: the merchant's own movements from that point on.
    const bank = await as['sede.30480'].get(`${API}/movimenti?${PERIOD}`);
    const res = await as['merchant.0001234'].get(`${API}/movimenti?${PERIOD}&cursor=${bank.body.nextCursor}`);
    expect(res.status).toBe(200);
    const last = bank.body.results.at(-1);
    const after = ordered(MOVEMENT_SCOPE['merchant.0001234']).filter((id) => {
      const m = DEMO.find((d) => d.id === id);
      return m !== undefined && (m.dataOperazione < last.dataOperazione || (m.dataOperazione === last.dataOperazione && m.id < last.id));
    });
    expect(after.length).toBeGreaterThan(0);
    expect(res.body.results.map((r: Row) => r.id)).toEqual(after.slice(0, 20));
  });

  it('has demo movements for every scope, so the scope test above is not vacuous', () => {
    for (const user of ['sede.30480', 'filiale.30480', 'merchant.0001234', 'operatore.0001234']) {
      expect(DEMO.filter((m) => inPeriod(m) && MOVEMENT_SCOPE[user](m)).length, user).toBeGreaterThan(10);
    }
    // Another bank's movements, another branch's and another merchant's exist, for the scope to hide.
    expect(DEMO.some((m) => m.codAbi === '34256' && inPeriod(m))).toBe(true);
    expect(DEMO.some((m) => m.cab === '01601' && inPeriod(m))).toBe(true);
  });

  it('reads one movement in scope, and answers 404 for another bank\'s, branch\'s, merchant\'s or store\'s', async () => {
    const of = (p: (m: DemoMovement) => boolean) => DEMO.find((m) => inPeriod(m) && p(m))?.id ?? '';
    const altraBanca = of((m) => m.codAbi === '34256');
    const altraFiliale = of((m) => m.codAbi === '30480' && m.cab === '01601');
    const altroEsercente = of((m) => m.codAbi === '30480' && m.codEserc === '0005678');
    const altroNegozio = of((m) => m.codStab === '1002');
    const own = of((m) => m.codStab === '1001');
    for (const user of ['sede.30480', 'filiale.30480', 'merchant.0001234', 'operatore.0001234']) {
      const res = await as[user].get(`${API}/movimenti/${own}`);
      expect(res.status, user).toBe(200);
      expect(res.body.id).toBe(own);
    }
    expect((await as['sede.30480'].get(`${API}/movimenti/${altraBanca}`)).status).toBe(404);
    expect((await as['filiale.30480'].get(`${API}/movimenti/${altraFiliale}`)).status).toBe(404);
    expect((await as['merchant.0001234'].get(`${API}/movimenti/${altroEsercente}`)).status).toBe(404);
    expect((await as['operatore.0001234'].get(`${API}/movimenti/${altroNegozio}`)).status).toBe(404);
    expect((await as['merchant.0001234'].get(`${API}/movimenti/${altroNegozio}`)).status).toBe(200);
  });

  it('answers a movement with the names of its bank, merchant, store and terminal and its receipt', async () => {
    const m = DEMO.find((x) => x.codStab === '1001' && x.scontrino !== undefined);
    const res = await as['sede.30480'].get(`${API}/movimenti/${m?.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ codPos: m?.codPos, importo: m?.importo, pan: m?.pan, scontrino: m?.scontrino });
    expect(res.body._labels).toMatchObject({ codStab: '1001 - Bar Centrale' });
  });
});

describe('the period of the search (seed 002 §9: 1 to 3 months)', () => {
  it('refuses a search without both dates, with the message on the missing one', async () => {
    for (const [query, field] of [['', 'dataOperazioneDa'], [`?dataOperazioneDa=${FROM}`, 'dataOperazioneA'], [`?dataOperazioneA=${TO}`, 'dataOperazioneDa']]) {
      const res = await as['sede.30480'].get(`${API}/movimenti${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual(refused(field, REQUIRED));
    }
  });

  it('refuses a reversed period and one longer than 3 months; 3 months to the day pass', async () => {
    const reversed = await as['sede.30480'].get(`${API}/movimenti?dataOperazioneDa=2026-11-25&dataOperazioneA=2026-11-24`);
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual(refused('dataOperazioneDa', ORDER));
    const long = await as['merchant.0001234'].get(`${API}/movimenti?dataOperazioneDa=2026-08-24&dataOperazioneA=2026-11-25`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual(refused('dataOperazioneDa', TOO_LONG));
    const threeMonths = await as['sede.30480'].get(`${API}/movimenti?dataOperazioneDa=2026-08-25&dataOperazioneA=2026-11-25`);
    expect(threeMonths.status).toBe(200);
  });

  it('refuses the export of a period the search refuses, and starts one that fits', async () => {
    const none = await as['sede.30480'].post(`${API}/movimenti/esportazioni?formato=csv`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual(refused('dataOperazioneDa', REQUIRED));
    const started = await as['sede.30480'].post(`${API}/movimenti/esportazioni?formato=csv&${PERIOD}`);
    expect(started.status).toBe(202);
    // Excel of all rows is a later slice of issue 17: the movements offer CSV only.
    expect((await as['sede.30480'].post(`${API}/movimenti/esportazioni?formato=xlsx&${PERIOD}`)).status).toBe(400);
  });
});

describe('the filters of the search (seed 002 §2 Screens, §3 Reference data)', () => {
  const search = async (filter: string, user = 'sede.30480'): Promise<{ results: Row[]; totalCount: number }> => {
    const res = await as[user].get(`${API}/movimenti?${PERIOD}&size=200&${filter}`);
    expect(res.status, filter).toBe(200);
    return res.body;
  };
  const expectedCount = (p: (m: DemoMovement) => boolean) => DEMO.filter((m) => inPeriod(m) && m.codAbi === '30480' && p(m)).length;

  it('filters by merchant, store, terminal, circuit, provenance and pay-by-mail', async () => {
    const cases: [string, (m: DemoMovement) => boolean][] = [
      ['codEserc=0005678', (m) => m.codEserc === '0005678'],
      ['codStab=1002', (m) => m.codStab === '1002'],
      ['codPos=30480511', (m) => m.codPos === '30480511'],
      ['circuito=00', (m) => m.codCircuito === '00'],
      ['tipo=PW', (m) => m.provenienza === 'PW'],
      ['paywaymail=true', (m) => m.paybymail],
    ];
    for (const [filter, p] of cases) {
      const n = expectedCount(p);
      expect(n, filter).toBeGreaterThan(0);
      expect((await search(filter)).totalCount, filter).toBe(n);
    }
  });

  it('filters by amount range, both ends included', async () => {
    const body = await search('importoDa=10&importoA=20.5');
    expect(body.totalCount).toBe(expectedCount((m) => m.importo >= 10 && m.importo <= 20.5));
    for (const r of body.results) expect(Number(r.importo)).toBeGreaterThanOrEqual(10);
  });

  it('labels each movement with its outcome (seed 002 §4) and filters by it', async () => {
    const refusedRows = await search('stato=RI');
    expect(refusedRows.totalCount).toBe(expectedCount((m) => m.esito === '00' && !(m.flagStorno && !m.flagPreautorizzazione)));
    expect(refusedRows.totalCount).toBeGreaterThan(0);
    for (const r of refusedRows.results) expect(r.esito).toBe('00');
    const refunds = await search('stato=ST');
    expect(refunds.totalCount).toBe(expectedCount((m) => m.flagStorno && !m.flagPreautorizzazione));
    const approved = await search('stato=AP');
    for (const r of approved.results) expect(r).toMatchObject({ esito: '01', flagStorno: false, flagPreautorizzazione: false, stornoRichiesto: false, stornato: false });
    // The hotel's pre-authorisations (bank 34256) with their notifications and refunds, as assistance sees them.
    const labels = new Set(((await search('codEserc=0003456', 'assistenza')).results).map((r) => r.stato));
    expect([...labels].some((l) => ['PA', 'NR', 'NO', 'PR', 'PS'].includes(String(l)))).toBe(true);
  });
});

describe('movements are read-only (they come from the acquiring system)', () => {
  it('offers no create, update or delete', async () => {
    const id = DEMO[0].id;
    expect((await demo.app.request.post(`${API}/movimenti`).send({ ...DEMO[0], id: '1' })).status).toBe(404);
    expect((await demo.app.request.put(`${API}/movimenti/${id}`).send(DEMO[0])).status).toBe(404);
    expect((await demo.app.request.delete(`${API}/movimenti/${id}`)).status).toBe(404);
  });

  it('is refused to a user without GES_MOVIMENTI', async () => {
    const agente = await demo.app.loginAs('agente.push');
    expect((await agente.get(`${API}/movimenti?${PERIOD}`)).status).toBe(403);
  });
});
