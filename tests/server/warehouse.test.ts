/**
 * The warehouse (seed 000 §2-§4, §7-§9) and the state machine of its movements (issue 5 item 1), through
 * the API as each persona sees it: stock and movements scoped to the caller's banks; a movement created
 * accepted changes the stock ('Giacenza variata con successo'); a pending one is accepted or rejected only by
 * a user of the group that owns the stock ('Movimento aggiornato con successo'), from the pending state only,
 * once even when two requests race; stock never below zero; a bank without stock management is read-only
 * with its empty rows hidden; GET says which actions the caller may run (`_actions`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityService } from '../../server/crud/entity-service.js';
import { Lifecycle } from '../../server/crud/lifecycle.js';
import { loadCaller } from '../../server/domain/auth/caller.js';
import { entityByName } from '../../common/model.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../../server/lookup.js';
import { documentOperation } from '../support/openapi.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // sede.30480: group 30480 owns the stock of bank 30480
let federazione: Agent; // group 15000 owns the stock of bank 60855
let sede60855: Agent; // sees bank 60855, holds GES_MAG, but is not of the owning group
let filiale: Agent; // no GES_MAG at all
let soloVisione: Agent; // group 30480, GES_MAG:VISUALIZZAZIONE only

const UPDATED = 'Movimento aggiornato con successo';
/** A rejection carries its reason (the transition's `input`); an acceptance has no body. */
const REASON = { nota: "Quantità diversa da quella della bolla" };
const bodyFor = (transition: string) => (transition === 'rifiuta' ? REASON : {});
const STOCK_CHANGED = 'Giacenza variata con successo';
const error = (code: string, errorMessage: string, details: { field: string; message: string }[] = []) => ({ code, errorMessage, details });
const FORBIDDEN = error('FORBIDDEN', 'Operazione non consentita');
const INVALID_TRANSITION = error('INVALID_TRANSITION', 'Operazione non consentita nello stato attuale');
const NOT_ENOUGH = error('QUANTITY_UNAVAILABLE', "Quantità non disponibile", [{ field: 'qtaGiacenza', message: "Giacenza insufficiente: la quantità in magazzino non può diventare negativa" }]);
const NO_STOCK = error('QUANTITY_UNAVAILABLE', "Quantità non disponibile", [{ field: 'qtaGiacenza', message: 'Nessuna giacenza registrata per questo modello presso la banca' }]);
const READ_ONLY_MOVEMENTS = error('FORBIDDEN', 'Operazione non consentita', [{ field: 'codAbi', message: 'La banca non ha la gestione del magazzino: movimenti in sola lettura' }]);
const READ_ONLY_STOCK = error('FORBIDDEN', 'Operazione non consentita', [{ field: 'codAbi', message: 'La banca non ha la gestione del magazzino: giacenze in sola lettura' }]);

const stock = async (codAbi: string, codModpos: string) => Number((await app.db('giacenza').where({ cod_abi: codAbi, cod_modpos: codModpos }).first()).qta_giacenza);
const state = async (id: string): Promise<string> => (await app.db('movimento_magazzino').where({ id }).first()).stato_mov;
let seq = 0;
/** A pending movement inserted directly (as another system would leave it), for one test. */
async function pending(codAbi: string, qtaMov: number, tipoMov = 'R+', codModpos = '101'): Promise<string> {
  const id = `test-mov-${++seq}`;
  await app.db('movimento_magazzino').insert({ id, cod_abi: codAbi, cod_modpos: codModpos, qta_mov: qtaMov, tipo_mov: tipoMov, data_mov: '2026-03-01', stato_mov: 'S' });
  return id;
}
/** Writes of an existing row send the version they read (If-Match), as the UI does. */
async function write(agent: Agent, method: 'put' | 'delete', path: string, body?: object) {
  const etag = (await agent.get(`${API}${path}`)).get('ETag');
  const req = agent[method](`${API}${path}`).set('If-Match', etag ?? '*');
  return body ? req.send(body) : req;
}
/** Created accepted (the stock variation, seed 000 §7) unless the test says otherwise: sede.30480 may, its group owns the stock. */
const movement = (body: Record<string, unknown>) => ({ codAbi: '30480', codModpos: '201', tipoMov: 'R+', qtaMov: 1, dataMov: '2026-03-10', statoMov: 'A', ...body });

beforeAll(async () => {
  app = await createTestApp();
  sede = await app.loginAs('sede.30480');
  federazione = await app.loginAs('federazione');
  sede60855 = await app.loginAs('sede.60855');
  filiale = await app.loginAs('filiale.30480');
  const { password_hash } = await app.db('credenziale').where({ username: 'sede.30480' }).first();
  await app.db('ruolo').insert({ group_name: '30480', role_name: 'MAG_VISIONE', description: 'Solo visione magazzino' });
  await app.db('ruolo_permesso').insert({ group_name: '30480', role_name: 'MAG_VISIONE', funzione: 'GES_MAG', azione: 'VISUALIZZAZIONE' });
  await app.db('utente').insert({ username: 'mag.visione', full_name: 'Solo visione', email: 'mag.visione@test.example', group: '30480', locked: false, enabled: true });
  await app.db('utente_ruolo').insert({ username: 'mag.visione', role_name: 'MAG_VISIONE' });
  await app.db('credenziale').insert({ username: 'mag.visione', password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
  soloVisione = await app.loginAs('mag.visione');
}, 120_000);
afterAll(() => app.close());

describe('stock (GET magazzino/giacenze)', () => {
  it('the demo stock of 30480, after its accepted movement (+12 on model 101)', async () => {
    const res = await sede.get(`${API}/magazzino/giacenze?size=100`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: Record<string, unknown>) => [r.codAbi, r.codModpos, r.qtaGiacenza])).toEqual([
      ['30480', '101', 12], ['30480', '102', 0], ['30480', '201', 3],
    ]);
    expect(res.body.totalCount).toBe(3);
  });

  it('a bank without stock management (34256) is read-only: its empty rows are not listed, the others are', async () => {
    const res = await app.request.get(`${API}/magazzino/giacenze?codAbi=34256`);
    expect(res.status).toBe(200);
    // Read-only: the row offers no action, in the list as in GET (`_actions`).
    expect(res.body).toEqual({ results: [{ codAbi: '34256', codModpos: '101', qtaGiacenza: 2, qtaGiacenzaOrg: 2, _actions: [], _labels: { codAbi: '34256 - Cassa Rurale Alpina', codModpos: '101 - Ingenico Move 5000 GPRS' } }], totalCount: 1 });
    // Hidden from the list, not gone: the row itself still answers.
    expect((await app.request.get(`${API}/magazzino/giacenze/34256/102`)).body).toMatchObject({ qtaGiacenza: 0, _actions: [] });
    // Where the bank manages its stock, empty rows stay (30480/102 above, 60855/201 here).
    const all = await app.request.get(`${API}/magazzino/giacenze?size=100`);
    expect(all.body.results.map((r: Record<string, unknown>) => `${String(r.codAbi)}/${String(r.codModpos)}`)).toEqual(['30480/101', '30480/102', '30480/201', '34256/101', '60855/101', '60855/201']);
    expect(all.body.totalCount).toBe(6);
  });

  it('the rows of another bank are not there (scope)', async () => {
    expect((await sede.get(`${API}/magazzino/giacenze?codAbi=60855`)).body).toEqual({ results: [], totalCount: 0 });
    expect((await sede.get(`${API}/magazzino/giacenze/60855/101`)).status).toBe(404);
  });

  it('GET of a row says what the caller may do with it: delete where the bank manages stock, nothing where it does not', async () => {
    // No update: stock quantities change only through accepted movements (issue 12 item 4).
    expect((await sede.get(`${API}/magazzino/giacenze/30480/101`)).body._actions).toEqual([]);
    expect((await app.request.get(`${API}/magazzino/giacenze/30480/101`)).body._actions).toEqual(['delete']);
    expect((await app.request.get(`${API}/magazzino/giacenze/34256/101`)).body._actions).toEqual([]);
    expect((await soloVisione.get(`${API}/magazzino/giacenze/30480/101`)).body._actions).toEqual([]);
  });

  it('create (a model registered at 0, then moved by movements) and delete where the bank manages its stock', async () => {
    const created = await app.request.post(`${API}/magazzino/giacenze`).send({ codAbi: '60855', codModpos: 'A37' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ codAbi: '60855', codModpos: 'A37', qtaGiacenza: 0, qtaGiacenzaOrg: 0 });
    // The federation owns the stock of 60855: its accepted movement is what fills the new row.
    expect((await federazione.post(`${API}/magazzino/movimenti`).send(movement({ codAbi: '60855', codModpos: 'A37', qtaMov: 4 }))).status).toBe(201);
    expect(await stock('60855', 'A37')).toBe(4);
    expect((await write(app.request, 'delete', '/magazzino/giacenze/60855/A37')).status).toBe(204);
  });

  it('where the bank has no stock management: create and delete are refused with the spec\'s message', async () => {
    const created = await app.request.post(`${API}/magazzino/giacenze`).send({ codAbi: '34256', codModpos: '201' });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(READ_ONLY_STOCK);
    const deleted = await write(app.request, 'delete', '/magazzino/giacenze/34256/101');
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual(READ_ONLY_STOCK);
    expect(await stock('34256', '101')).toBe(2);
  });
});

describe('movements (GET magazzino/movimenti)', () => {
  it('pages of 10, newest first, the caller\'s banks only', async () => {
    const res = await sede.get(`${API}/magazzino/movimenti`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((m: Record<string, unknown>) => [m.id, m.statoMov])).toEqual([['mov-30480-0002', 'S'], ['mov-30480-0001', 'A']]);
    const list = await app.request.get(`${API}/magazzino/movimenti?size=1000`);
    expect(list.status).toBe(400); // the page size is capped (seed 000 §9: movements page 10)
    expect((await app.request.get(`${API}/magazzino/movimenti`)).body.results.length).toBeLessThanOrEqual(10);
  });

  it('filters by state', async () => {
    const res = await app.request.get(`${API}/magazzino/movimenti?statoMov=S&codAbi=60855`);
    expect(res.body.results.map((m: Record<string, unknown>) => m.id)).toEqual(['mov-60855-0001']);
  });

  it('GET of a pending movement: accept and reject for a user of the owning group, nothing for anyone else', async () => {
    expect((await sede.get(`${API}/magazzino/movimenti/mov-30480-0002`)).body).toMatchObject({ statoMov: 'S', _actions: ['accetta', 'rifiuta'] });
    expect((await federazione.get(`${API}/magazzino/movimenti/mov-60855-0001`)).body._actions).toEqual(['accetta', 'rifiuta']);
    // Same permissions, same bank, another group.
    expect((await sede60855.get(`${API}/magazzino/movimenti/mov-60855-0001`)).body._actions).toEqual([]);
    // Every permission and every bank, but not the owning group.
    expect((await app.request.get(`${API}/magazzino/movimenti/mov-30480-0002`)).body._actions).toEqual([]);
    // The owning group without the permission.
    expect((await soloVisione.get(`${API}/magazzino/movimenti/mov-30480-0002`)).body._actions).toEqual([]);
    // Accepted: nothing left to do.
    expect((await sede.get(`${API}/magazzino/movimenti/mov-30480-0001`)).body._actions).toEqual([]);
  });
});

describe('creating a movement', () => {
  it(`accepted (A): the stock changes at once (${STOCK_CHANGED})`, async () => {
    const before = await stock('30480', '201');
    const res = await sede.post(`${API}/magazzino/movimenti`).send(movement({ qtaMov: 3 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ codAbi: '30480', codModpos: '201', qtaMov: 3, tipoMov: 'R+', statoMov: 'A' });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/); // generated by the server
    expect(await stock('30480', '201')).toBe(before + 3);
    const out = await sede.post(`${API}/magazzino/movimenti`).send(movement({ qtaMov: 2, tipoMov: 'R-' }));
    expect(out.status).toBe(201);
    expect(await stock('30480', '201')).toBe(before + 1);
    // The message the form shows after such a create is the spec's, from generated/forms.
    const form: { states: { created: Record<string, string> } } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'forms', 'MovimentoMagazzino.json'), 'utf8'));
    expect(form.states.created).toEqual({ A: STOCK_CHANGED });
  });

  it('without a state it is pending (the default): the stock waits', async () => {
    const before = await stock('30480', '201');
    const { statoMov: _state, ...withoutState } = movement({});
    const res = await sede.post(`${API}/magazzino/movimenti`).send(withoutState);
    expect(res.status).toBe(201);
    expect(res.body.statoMov).toBe('S');
    expect(await stock('30480', '201')).toBe(before);
  });

  it('pending (S): the stock waits for the acceptance', async () => {
    const before = await stock('30480', '201');
    const res = await sede.post(`${API}/magazzino/movimenti`).send(movement({ statoMov: 'S', qtaMov: 50 }));
    expect(res.status).toBe(201);
    expect(res.body.statoMov).toBe('S');
    expect(await stock('30480', '201')).toBe(before);
  });

  it('rejected (R) is not a state a movement can start in', async () => {
    const res = await sede.post(`${API}/magazzino/movimenti`).send(movement({ statoMov: 'R' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'statoMov', message: 'Valore non ammesso' }]);
  });

  it('a withdrawal larger than the stock is refused (never below 0) and nothing is saved', async () => {
    const before = await stock('30480', '201');
    const count = (await app.db('movimento_magazzino').count({ n: '*' }))[0].n;
    const res = await sede.post(`${API}/magazzino/movimenti`).send(movement({ tipoMov: 'R-', qtaMov: before + 1 }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(NOT_ENOUGH);
    expect(await stock('30480', '201')).toBe(before);
    expect((await app.db('movimento_magazzino').count({ n: '*' }))[0].n).toBe(count);
    // All of it is fine: the stock reaches exactly 0.
    expect((await sede.post(`${API}/magazzino/movimenti`).send(movement({ tipoMov: 'R-', qtaMov: before }))).status).toBe(201);
    expect(await stock('30480', '201')).toBe(0);
    expect((await sede.post(`${API}/magazzino/movimenti`).send(movement({ tipoMov: 'R+', qtaMov: 3 }))).status).toBe(201);
  });

  it('a model the bank holds no stock of is refused', async () => {
    const res = await sede.post(`${API}/magazzino/movimenti`).send(movement({ codModpos: 'A38' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(NO_STOCK);
  });

  it('a bank without stock management is read-only, even for assistance', async () => {
    const res = await app.request.post(`${API}/magazzino/movimenti`).send(movement({ codAbi: '34256', codModpos: '101' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(READ_ONLY_MOVEMENTS);
  });

  it('needs GES_MAG:CREAZIONE, and the caller\'s own bank', async () => {
    expect((await soloVisione.post(`${API}/magazzino/movimenti`).send(movement({}))).body).toEqual(FORBIDDEN);
    expect((await sede.post(`${API}/magazzino/movimenti`).send(movement({ codAbi: '60855', codModpos: '101' }))).body).toEqual(FORBIDDEN);
  });

  it('two withdrawals at once cannot both take the last pieces', async () => {
    expect((await sede.post(`${API}/magazzino/movimenti`).send(movement({ codModpos: '102', qtaMov: 5 }))).status).toBe(201);
    const [a, b] = await Promise.all([0, 1].map(() => sede.post(`${API}/magazzino/movimenti`).send(movement({ codModpos: '102', tipoMov: 'R-', qtaMov: 4 }))));
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await stock('30480', '102')).toBe(1);
  });
});

describe('transitions: accetta and rifiuta (POST magazzino/movimenti/{id}/<transition>)', () => {
  it(`accetta by the owning group: 200 "${UPDATED}", the movement is accepted and the stock changes`, async () => {
    const id = await pending('30480', 5);
    const before = await stock('30480', '101');
    const res = await sede.post(`${API}/magazzino/movimenti/${id}/accetta`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(UPDATED);
    expect(res.body.row).toMatchObject({ id, statoMov: 'A', utenteEsito: 'sede.30480', _actions: [] });
    expect(Date.now() - Date.parse(res.body.row.dataEsito)).toBeLessThan(60_000);
    expect(await stock('30480', '101')).toBe(before + 5);
    // Recorded in the audit trail as a transition, before and after.
    const trail = await app.db('storico_modifica').where({ entity: 'MovimentoMagazzino', operation: 'transition', transition: 'accetta' }).andWhere('entity_key', 'like', `%${id}%`);
    expect(trail).toHaveLength(1);
    expect(trail[0].username).toBe('sede.30480');
    expect(JSON.parse(trail[0].before).statoMov).toBe('S');
    expect(JSON.parse(trail[0].after).statoMov).toBe('A');
  });

  it(`rifiuta by the owning group: 200 "${UPDATED}", the movement is rejected and the stock does not change`, async () => {
    const id = await pending('30480', 5);
    const before = await stock('30480', '101');
    const res = await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(REASON);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: UPDATED, row: { statoMov: 'R', utenteEsito: 'sede.30480' } });
    expect(await stock('30480', '101')).toBe(before);
  });

  it('rifiuta needs its reason (the transition input): missing, empty or too long is 400 in Italian and nothing changes', async () => {
    const id = await pending('30480', 5);
    // Without any body the request itself is incomplete (as for a create).
    const none = await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [{ field: 'body', message: 'Valore non valido' }]));
    const cases: [object, string][] = [
      [{}, 'Indicare il motivo del rifiuto'],
      [{ nota: '' }, 'Indicare il motivo del rifiuto'],
      [{ nota: 'x'.repeat(501) }, "Il motivo del rifiuto può contenere al massimo 500 caratteri"],
    ];
    for (const [body, message] of cases) {
      const res = await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [{ field: 'nota', message }]));
    }
    const extra = await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send({ ...REASON, statoMov: 'A' });
    expect(extra.status).toBe(400);
    expect(extra.body.details).toEqual([{ field: 'statoMov', message: 'Campo non previsto' }]);
    expect(await state(id)).toBe('S');
  });

  it('the reason is kept on the rejected movement and in its history; acceptance takes none', async () => {
    const id = await pending('30480', 5);
    const res = await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(REASON);
    expect(res.status).toBe(200);
    expect(res.body.row).toMatchObject({ statoMov: 'R', notaEsito: REASON.nota });
    expect((await sede.get(`${API}/magazzino/movimenti/${id}`)).body.notaEsito).toBe(REASON.nota);
    const trail = await app.db('storico_modifica').where({ entity: 'MovimentoMagazzino', transition: 'rifiuta' }).andWhere('entity_key', 'like', `%${id}%`);
    expect(JSON.parse(trail[0].after).notaEsito).toBe(REASON.nota);
    // The document describes it: the body of rifiuta is its input, accetta has none.
    const requestBody = (path: string) => documentOperation(app.artifacts.openapi, 'post', path).requestBody;
    expect(requestBody('/magazzino/movimenti/{id}/rifiuta')).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/MovimentoMagazzinoRifiutaInput' } } } });
    expect(requestBody('/magazzino/movimenti/{id}/accetta')).toBeUndefined();
    const accepted = await pending('30480', 1);
    expect((await sede.post(`${API}/magazzino/movimenti/${accepted}/accetta`)).body.row.notaEsito).toBeNull();
  });

  it('refused by state: an accepted or rejected movement answers 409 in Italian and stays as it is', async () => {
    for (const [transition, other] of [['accetta', 'rifiuta'], ['rifiuta', 'accetta']]) {
      const id = await pending('30480', 1);
      expect((await sede.post(`${API}/magazzino/movimenti/${id}/${transition}`).send(bodyFor(transition))).status).toBe(200);
      const after = await state(id);
      const stockAfter = await stock('30480', '101');
      for (const again of [transition, other]) {
        const res = await sede.post(`${API}/magazzino/movimenti/${id}/${again}`).send(bodyFor(again));
        expect(res.status).toBe(409);
        expect(res.body).toEqual(INVALID_TRANSITION);
      }
      expect(await state(id)).toBe(after);
      expect(await stock('30480', '101')).toBe(stockAfter);
    }
  });

  it('refused by permission: without GES_MAG:AGGIORNAMENTO (403), or without GES_MAG at all', async () => {
    const id = await pending('30480', 1);
    for (const agent of [soloVisione, filiale]) {
      for (const t of ['accetta', 'rifiuta']) {
        const res = await agent.post(`${API}/magazzino/movimenti/${id}/${t}`).send(bodyFor(t));
        expect(res.status).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
    expect(await state(id)).toBe('S');
  });

  it('refused by ownership: a user of another group, with the same grants on the same bank, gets 403', async () => {
    const before = await stock('60855', '101');
    for (const agent of [sede60855, app.request]) {
      for (const t of ['accetta', 'rifiuta']) {
        const res = await agent.post(`${API}/magazzino/movimenti/mov-60855-0001/${t}`).send(bodyFor(t));
        expect(res.status).toBe(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
    }
    expect(await state('mov-60855-0001')).toBe('S');
    // The federation owns 60855's stock: it may.
    const res = await federazione.post(`${API}/magazzino/movimenti/mov-60855-0001/accetta`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: UPDATED, row: { statoMov: 'A', utenteEsito: 'federazione' } });
    expect(await stock('60855', '101')).toBe(before + 2);
  });

  it('outside the caller\'s banks: 404, the row untouched', async () => {
    const id = await pending('60855', 1);
    const res = await sede.post(`${API}/magazzino/movimenti/${id}/accetta`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(error('NOT_FOUND', 'Elemento non trovato'));
    expect(await state(id)).toBe('S');
  });

  it('a bank without stock management: read-only, its pending movements cannot be decided', async () => {
    const id = await pending('34256', 1);
    const res = await app.request.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(REASON);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(READ_ONLY_MOVEMENTS);
    expect((await app.request.get(`${API}/magazzino/movimenti/${id}`)).body._actions).toEqual([]);
  });

  it('accepting a withdrawal larger than the stock: 409, the movement stays pending', async () => {
    const id = await pending('30480', 100000, 'R-');
    const res = await sede.post(`${API}/magazzino/movimenti/${id}/accetta`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(NOT_ENOUGH);
    expect(await state(id)).toBe('S');
    // Rejecting it moves no stock, so it is allowed.
    expect((await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(REASON)).status).toBe(200);
  });

  it('concurrent: two acceptances of one movement at once, exactly one applies (200 and 409), the stock moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await pending('30480', 2);
      const before = await stock('30480', '101');
      const answers = await Promise.all([sede.post(`${API}/magazzino/movimenti/${id}/accetta`), sede.post(`${API}/magazzino/movimenti/${id}/accetta`)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(present(answers.find((r) => r.status === 409), 'the 409 answer').body).toEqual(INVALID_TRANSITION);
      expect(await stock('30480', '101')).toBe(before + 2);
    }
  });

  it('concurrent: accept and reject at once, the first wins and the stock agrees with it', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await pending('30480', 3);
      const before = await stock('30480', '101');
      const [accept, reject] = await Promise.all([sede.post(`${API}/magazzino/movimenti/${id}/accetta`), sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(REASON)]);
      expect([accept.status, reject.status].sort()).toEqual([200, 409]);
      const final = await state(id);
      expect(final).toBe(accept.status === 200 ? 'A' : 'R');
      expect(await stock('30480', '101')).toBe(before + (final === 'A' ? 3 : 0));
    }
  });

  it('the state moves only from a `from` state in the UPDATE itself: a transition working on a stale read of the row applies nothing', async () => {
    // What the second of two racing transitions sees where nothing serializes them: the row as it was read.
    const id = await pending('30480', 4);
    const stale = { ...(await new EntityService(app.db, app.artifacts.model, entityByName(app.artifacts.model, 'MovimentoMagazzino'), []).get({ id })) };
    expect((await sede.post(`${API}/magazzino/movimenti/${id}/rifiuta`).send(REASON)).status).toBe(200);
    const before = await stock('30480', '101');
    const caller = present(await loadCaller(app.db, 'sede.30480', 'banca'), 'the caller sede.30480');
    const lifecycle = new Lifecycle(app.artifacts.model, entityByName(app.artifacts.model, 'MovimentoMagazzino'));
    await expect(app.db.transaction((trx) => lifecycle.transition(trx, stale, 'accetta', caller))).rejects.toMatchObject({ code: 'INVALID_TRANSITION', status: 409 });
    expect(await state(id)).toBe('R');
    expect(await stock('30480', '101')).toBe(before);
  });

  it('the state field changes only through transitions: an update naming another state is 400 naming the field', async () => {
    // Movements have no update operation; the generic service refuses it for any entity with states.
    const entity = entityByName(app.artifacts.model, 'MovimentoMagazzino');
    const withUpdate = { ...entity, api: { ...entity.api, operations: [...entity.api.operations, 'update' as const] } };
    const service = new EntityService(app.db, app.artifacts.model, withUpdate, []);
    const id = await pending('30480', 1);
    await expect(service.update({ id }, { statoMov: 'A' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', status: 400, details: [{ field: 'statoMov', message: 'Campo non previsto' }] });
    expect(await state(id)).toBe('S');
    await expect(service.update({ id }, { tmsUser: 'tms.altro' })).resolves.toMatchObject({ statoMov: 'S', tmsUser: 'tms.altro' });
  });
});

// The stock owner decides the movements it selects at once (spec `bulk: each`, docs/spec-language.md#bulk-transitions).
describe('bulk: POST magazzino/movimenti/azioni/accetta and /rifiuta', () => {
  it('accepts the selected movements one by one, each with its outcome, and moves the stock once per movement', async () => {
    const a = await pending('30480', 2);
    const b = await pending('30480', 3);
    const before = await stock('30480', '101');
    const res = await sede.post(`${API}/magazzino/movimenti/azioni/accetta`).send({ keys: [{ id: a }, { id: b }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: 2, failed: 0, results: [{ key: { id: a }, outcome: 'ok', message: UPDATED }, { key: { id: b }, outcome: 'ok', message: UPDATED }] });
    expect(await stock('30480', '101')).toBe(before + 5);
  });

  it('rejects with one reason for all; a group that does not own the stock is refused on each row', async () => {
    const a = await pending('30480', 2);
    const refused = await sede60855.post(`${API}/magazzino/movimenti/azioni/rifiuta`).send({ keys: [{ id: a }], input: REASON });
    expect(refused.body).toMatchObject({ done: 0, failed: 1, results: [{ key: { id: a }, outcome: 'error', code: 'NOT_FOUND' }] });
    const res = await sede.post(`${API}/magazzino/movimenti/azioni/rifiuta`).send({ keys: [{ id: a }], input: REASON });
    expect(res.body).toEqual({ done: 1, failed: 0, results: [{ key: { id: a }, outcome: 'ok', message: UPDATED }] });
    expect(await state(a)).toBe('R');
  });
});
