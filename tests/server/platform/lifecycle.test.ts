/**
 * State machines (docs/spec-language.md#state-machines) on the fixture's stock movements
 * (tests/fixtures/README.md): a movement starts pending (A) or, for whoever could confirm it, confirmed (C);
 * the head office confirms it (the article's stock changes: an `adjust` effect) or rejects it with a reason
 * (a transition input); guards, `from` states, `editable` with `hide`, `creatable`, server-set fields, the audit trail,
 * and the header indicator that counts an enum group (countIndicator) with its configuration key.
 * warehouse.test.ts tests the domain's own warehouse the same way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { FIXTURE_GENERATED_DIR } from '../../support/fixture-paths.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // head office of 10001: may confirm and reject
let filiale: Agent; // branch of 10001: given CAT_MOVIMENTI:AGGIORNAMENTO below, still stopped by the guard (it has a cab)

const error = (code: string, errorMessage: string, details: { field: string; message: string }[] = []) => ({ code, errorMessage, details });
const FORBIDDEN = error('FORBIDDEN', 'Operazione non consentita');
const INVALID_TRANSITION = error('INVALID_TRANSITION', 'Operazione non consentita nello stato attuale');
const NOT_ENOUGH = error('QUANTITY_UNAVAILABLE', 'Quantità non disponibile', [{ field: 'giacenza', message: 'Giacenza insufficiente: la quantità in magazzino non può diventare negativa' }]);
const READ_ONLY = error('FORBIDDEN', 'Operazione non consentita', [{ field: 'codAbi', message: 'La banca non è attiva: movimenti in sola lettura' }]);
const REASON = { motivo: 'Merce danneggiata' };

const stock = async (codice: string) => Number((await app.db('articolo').where({ codice }).first()).giacenza);
const state = async (id: string): Promise<string> => (await app.db('movimento').where({ id }).first()).stato;
const movement = (body: Record<string, unknown> = {}) => ({ codAbi: '10001', articolo: 'ALFA01', tipo: 'C', quantita: 5, data: '2026-03-10', ...body });
/** A pending movement created by the head office; answers its id. */
async function pending(body: Record<string, unknown> = {}): Promise<string> {
  const res = await sede.post(`${API}/movimenti`).send(movement(body));
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  app = await createFixtureApp();
  await app.db('ruolo_permesso').insert({ group_name: '11000', role_name: 'BANCA_FILIALE', funzione: 'CAT_MOVIMENTI', azione: 'AGGIORNAMENTO' });
  sede = await app.loginAs('sede.10001');
  filiale = await app.loginAs('filiale.10001');
});
afterAll(() => app.close());

describe('creating a movement', () => {
  it('without a state it is pending (the default): an id of the server, the stock waits', async () => {
    const before = await stock('ALFA01');
    const res = await sede.post(`${API}/movimenti`).send(movement());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stato: 'A', esitoDa: null, esitoIl: null });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stock('ALFA01')).toBe(before);
  });

  it('confirmed (C) by whoever could confirm it: the stock changes at once; the guard refuses anyone else with 403', async () => {
    const before = await stock('ALFA01');
    const res = await sede.post(`${API}/movimenti`).send(movement({ stato: 'C', quantita: 3 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stato: 'C', esitoDa: 'sede.10001' });
    expect(await stock('ALFA01')).toBe(before + 3);
    const refused = await filiale.post(`${API}/movimenti`).send(movement({ stato: 'C' }));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    expect((await filiale.post(`${API}/movimenti`).send(movement())).status).toBe(201);
    expect(await stock('ALFA01')).toBe(before + 3);
  });

  it('rejected (R) is not a state a movement can start in', async () => {
    const res = await sede.post(`${API}/movimenti`).send(movement({ stato: 'R' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'stato', message: 'Valore non ammesso' }]);
  });

  it('server-set fields are refused in a body: the id, who decided', async () => {
    for (const field of ['id', 'esitoDa']) {
      const res = await sede.post(`${API}/movimenti`).send(movement({ [field]: 'scelto dal client' }));
      expect(res.status, field).toBe(400);
      expect(res.body, field).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [{ field, message: 'Campo non previsto' }]));
    }
  });

  it('an unloading larger than the stock is refused (never below 0) and nothing is saved', async () => {
    const before = await stock('ALFA02');
    const count = Number((await app.db('movimento').count({ n: '*' }))[0].n);
    const res = await sede.post(`${API}/movimenti`).send(movement({ articolo: 'ALFA02', tipo: 'S', stato: 'C', quantita: before + 1 }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(NOT_ENOUGH);
    expect(await stock('ALFA02')).toBe(before);
    expect(Number((await app.db('movimento').count({ n: '*' }))[0].n)).toBe(count);
  });
});

describe('transitions: conferma and rifiuta', () => {
  it('GET says which transitions the caller may run on the row now', async () => {
    const id = await pending();
    expect((await sede.get(`${API}/movimenti/${id}`)).body._actions).toEqual(['conferma', 'rifiuta']);
    expect((await filiale.get(`${API}/movimenti/${id}`)).body._actions).toEqual([]);
  });

  it('conferma: 200 with the spec\'s message, who and when are set, the stock changes, the trail has the transition', async () => {
    const id = await pending({ quantita: 4 });
    const before = await stock('ALFA01');
    const res = await sede.post(`${API}/movimenti/${id}/conferma`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Movimento confermato');
    expect(res.body.row).toMatchObject({ id, stato: 'C', esitoDa: 'sede.10001', _actions: [] });
    expect(Date.now() - Date.parse(res.body.row.esitoIl)).toBeLessThan(60_000);
    expect(await stock('ALFA01')).toBe(before + 4);
    const trail = await app.db('storico_modifica').where({ entity: 'Movimento', operation: 'transition', transition: 'conferma', entity_key: id });
    expect(trail).toHaveLength(1);
    expect(JSON.parse(trail[0].before).stato).toBe('A');
    expect(JSON.parse(trail[0].after).stato).toBe('C');
  });

  it('rifiuta needs its reason (the transition input), keeps it, and leaves the stock alone', async () => {
    const id = await pending();
    const before = await stock('ALFA01');
    const missing = await sede.post(`${API}/movimenti/${id}/rifiuta`).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [{ field: 'motivo', message: 'Indicare il motivo del rifiuto' }]));
    const extra = await sede.post(`${API}/movimenti/${id}/rifiuta`).send({ ...REASON, stato: 'C' });
    expect(extra.body.details).toEqual([{ field: 'stato', message: 'Campo non previsto' }]);
    expect(await state(id)).toBe('A');
    const res = await sede.post(`${API}/movimenti/${id}/rifiuta`).send(REASON);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Movimento rifiutato', row: { stato: 'R', esitoDa: 'sede.10001', motivoRifiuto: REASON.motivo } });
    expect(await stock('ALFA01')).toBe(before);
  });

  it('from another state: 409 in Italian, nothing changes', async () => {
    const id = await pending();
    expect((await sede.post(`${API}/movimenti/${id}/conferma`)).status).toBe(200);
    const stockAfter = await stock('ALFA01');
    for (const [transition, body] of [['conferma', {}], ['rifiuta', REASON]] as const) {
      const res = await sede.post(`${API}/movimenti/${id}/${transition}`).send(body);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(INVALID_TRANSITION);
    }
    expect(await state(id)).toBe('C');
    expect(await stock('ALFA01')).toBe(stockAfter);
  });

  it('the guard: a branch user with the permission gets 403; two confirmations at once, exactly one applies', async () => {
    const id = await pending({ quantita: 1 });
    const refused = await filiale.post(`${API}/movimenti/${id}/conferma`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    const before = await stock('ALFA01');
    const [a, b] = await Promise.all([0, 1].map(() => sede.post(`${API}/movimenti/${id}/conferma`)));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await stock('ALFA01')).toBe(before + 1);
  });
});

describe('editable: the movements of a bank that is not active', () => {
  it('are read-only, even for assistance, with the spec\'s message', async () => {
    const created = await app.request.post(`${API}/movimenti`).send(movement({ codAbi: '30003', articolo: 'GAMMA01' }));
    expect(created.status).toBe(403);
    expect(created.body).toEqual(READ_ONLY);
    const [{ id }] = await app.db('movimento').where({ cod_abi: '30003' }).select('id');
    expect((await app.request.get(`${API}/movimenti/${String(id)}`)).body._actions).toEqual([]);
    const confirm = await app.request.post(`${API}/movimenti/${String(id)}/conferma`);
    expect(confirm.status).toBe(403);
    expect(confirm.body).toEqual(READ_ONLY);
  });

  it('with nothing to move (quantita 0) they are left out of the list, not gone', async () => {
    await app.db('movimento').insert({ id: 'vuoto-30003', cod_abi: '30003', articolo: 'GAMMA01', tipo: 'C', quantita: 0, data: '2026-03-01', stato: 'A' });
    const list = await app.request.get(`${API}/movimenti?codAbi=30003`);
    expect(list.body.results.map((m: { id: string }) => m.id)).not.toContain('vuoto-30003');
    expect(list.body.totalCount).toBe(1);
    expect((await app.request.get(`${API}/movimenti/vuoto-30003`)).status).toBe(200);
  });
});

describe('the indicator of pending movements (an enum group, countIndicator)', () => {
  it('counts the pending movements of the caller\'s banks and follows the data', async () => {
    const count = async (agent: Agent): Promise<number> => {
      const res = await agent.get(`${API}/indicatori/movimentiInAttesa`);
      expect(res.status).toBe(200);
      return res.body.count;
    };
    const pendingOf10001 = Number((await app.db('movimento').where({ cod_abi: '10001', stato: 'A' }).count({ n: '*' }))[0].n);
    expect(await count(sede)).toBe(pendingOf10001);
    expect(await count(app.request)).toBeGreaterThan(pendingOf10001);
    const id = await pending();
    expect(await count(sede)).toBe(pendingOf10001 + 1);
    await sede.post(`${API}/movimenti/${id}/rifiuta`).send(REASON);
    expect(await count(sede)).toBe(pendingOf10001);
    expect(await count(await app.loginAs('sede.20002'))).toBe(0);
  });

  it('403 without the permission; the manifest names it with its refresh key, a configuration key of 1 by default', async () => {
    const guest = await app.loginAs('ospite.10001');
    const res = await guest.get(`${API}/indicatori/movimentiInAttesa`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    const manifest: { indicators: unknown[] } = JSON.parse(readFileSync(join(FIXTURE_GENERATED_DIR, 'manifest.json'), 'utf8'));
    expect(manifest.indicators).toContainEqual({
      name: 'indicatoreMovimentiInAttesa', path: 'indicatori/movimentiInAttesa', permission: 'CAT_MOVIMENTI:VISUALIZZAZIONE',
      label: 'Movimenti in attesa', refreshKey: 'CATALOGO_INDICATORI_MINUTI', route: '/catalogo/movimenti',
    });
    const key = await guest.get(`${API}/config/CATALOGO_INDICATORI_MINUTI`);
    expect(key.body).toMatchObject({ key: 'CATALOGO_INDICATORI_MINUTI', type: 'integer', value: '1', defaultValue: '1', overridden: false });
  });
});

// Issue 14 item 9: a list answers each row's actions, as GET does, so a list can offer row and bulk actions.
describe('a list page carries each row\'s _actions', () => {
  it('a pending row offers conferma and rifiuta to the head office, a decided one nothing; the branch none', async () => {
    const open = await pending();
    const decided = await pending();
    expect((await sede.post(`${API}/movimenti/${decided}/rifiuta`).send(REASON)).status).toBe(200);
    const byId = async (agent: Agent) => {
      const res = await agent.get(`${API}/movimenti?size=100`);
      expect(res.status).toBe(200);
      return new Map<string, unknown>(res.body.results.map((r: { id: string; _actions: unknown }) => [r.id, r._actions]));
    };
    const head = await byId(sede);
    expect(head.get(open)).toEqual(['conferma', 'rifiuta']);
    expect(head.get(decided)).toEqual([]);
    expect((await byId(filiale)).get(open)).toEqual([]);
  });

  it('reads the bank the rules look at as often for a page of 2 rows as for a page of 20', async () => {
    for (let i = 0; i < 5; i++) await pending();
    const bankReads = async (size: number) => {
      let reads = 0;
      // Statements reading banks themselves; the list's own statements name the table in a subquery (hidden rows).
      const count = (q: { sql?: string }) => { if (/^select [^(]*from ["`]banca["`]/i.test(q.sql ?? '')) reads++; };
      app.db.on('query', count);
      try {
        const res = await sede.get(`${API}/movimenti?size=${size}&codAbi=10001`);
        expect(res.status).toBe(200);
        expect(res.body.results.length).toBe(Math.min(size, res.body.totalCount));
      } finally {
        app.db.removeListener('query', count);
      }
      return reads;
    };
    expect(await bankReads(20)).toBe(await bankReads(2));
  });
});

// Issue 14 item 9: a transition run on many selected rows (docs/spec-language.md#bulk-transitions).
describe('bulk transitions: POST movimenti/azioni/<name>', () => {
  it('rifiuta (each): every row in turn, each with its outcome; a decided row is refused, the others are rejected', async () => {
    const first = await pending();
    const decided = await pending();
    expect((await sede.post(`${API}/movimenti/${decided}/rifiuta`).send(REASON)).status).toBe(200);
    const second = await pending();
    const res = await sede.post(`${API}/movimenti/azioni/rifiuta`).send({ keys: [{ id: first }, { id: decided }, { id: second }], input: REASON });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      done: 2, failed: 1,
      results: [
        { key: { id: first }, outcome: 'ok', message: 'Movimento rifiutato' },
        { key: { id: decided }, outcome: 'error', message: 'Operazione non consentita nello stato attuale', code: 'INVALID_TRANSITION' },
        { key: { id: second }, outcome: 'ok', message: 'Movimento rifiutato' },
      ],
    });
    expect([await state(first), await state(second)]).toEqual(['R', 'R']);
  });

  it('conferma (all): one row that would empty the stock undoes every row, the others reported as not run', async () => {
    const before = await stock('ALFA02');
    const fits = await pending({ articolo: 'ALFA02', tipo: 'C', quantita: 1 });
    const tooMuch = await pending({ articolo: 'ALFA02', tipo: 'S', quantita: before + 10 });
    const res = await sede.post(`${API}/movimenti/azioni/conferma`).send({ keys: [{ id: fits }, { id: tooMuch }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      done: 0, failed: 2,
      results: [
        { key: { id: fits }, outcome: 'skipped', message: "Non eseguita: un'altra riga è stata rifiutata e nessuna modifica è stata salvata", code: 'BULK_UNDONE' },
        { key: { id: tooMuch }, outcome: 'error', message: 'Giacenza insufficiente: la quantità in magazzino non può diventare negativa', code: 'QUANTITY_UNAVAILABLE' },
      ],
    });
    expect([await state(fits), await state(tooMuch), await stock('ALFA02')]).toEqual(['A', 'A', before]);
    const alone = await sede.post(`${API}/movimenti/azioni/conferma`).send({ keys: [{ id: fits }] });
    expect(alone.body).toMatchObject({ done: 1, failed: 0 });
    expect(await stock('ALFA02')).toBe(before + 1);
  });

  it('each row is checked as its own POST would be: the guard refuses a branch user, another bank\'s row is missing', async () => {
    const own = await pending();
    const branch = await filiale.post(`${API}/movimenti/azioni/rifiuta`).send({ keys: [{ id: own }], input: REASON });
    expect(branch.body).toMatchObject({ done: 0, failed: 1, results: [{ outcome: 'error', code: 'FORBIDDEN' }] });
    const other = await app.loginAs('sede.20002');
    const foreign = await other.post(`${API}/movimenti/azioni/rifiuta`).send({ keys: [{ id: own }], input: REASON });
    expect(foreign.body).toEqual({ done: 0, failed: 1, results: [{ key: { id: own }, outcome: 'error', message: 'Elemento non trovato', code: 'NOT_FOUND' }] });
    expect(await state(own)).toBe('A');
  });

  it('refuses a call without rows, or with more than 100, before touching any', async () => {
    expect((await sede.post(`${API}/movimenti/azioni/rifiuta`).send({ keys: [], input: REASON })).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    expect((await sede.post(`${API}/movimenti/azioni/rifiuta`).send({ keys: many, input: REASON })).status).toBe(400);
  });
});

// Last: the movements it creates would change the counts the indicator's tests expect.
describe('creatable: no new unloads at a bank of a central initiative (Banca Beta)', () => {
  const NO_UNLOADS = error('FORBIDDEN', 'Operazione non consentita', [{ field: 'codAbi', message: "La banca aderisce a un'iniziativa dell'ente centrale: non si registrano scarichi" }]);

  it('refuses the create with 403 and the spec\'s message on the field that finds the bank, for assistance too; nothing is saved', async () => {
    const beta = await app.loginAs('sede.20002');
    const before = await app.db('movimento').where({ cod_abi: '20002' }).count<{ n: number }[]>({ n: '*' });
    for (const agent of [beta, app.request]) {
      const res = await agent.post(`${API}/movimenti`).send(movement({ codAbi: '20002', tipo: 'S', quantita: 1 }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(NO_UNLOADS);
    }
    expect(await app.db('movimento').where({ cod_abi: '20002' }).count<{ n: number }[]>({ n: '*' })).toEqual(before);
  });

  it('takes what the condition allows: a load at the same bank, an unload at a bank without the flag', async () => {
    const beta = await app.loginAs('sede.20002');
    expect((await beta.post(`${API}/movimenti`).send(movement({ codAbi: '20002' }))).status).toBe(201);
    expect((await sede.post(`${API}/movimenti`).send(movement({ tipo: 'S', quantita: 1 }))).status).toBe(201);
  });
});
