/**
 * A dimension taken through a reference (docs/spec-language.md#a-dimension-through-a-reference), on the fixture:
 * a booking (`Prenotazione`) has no cab; it takes the branch of the merchant it names (`Esercente.cab`). Bank
 * 10001's merchants: 0000001 kept by branch 00100, 0000002 by branch 00200 (tests/fixtures/spec/demo/16-, 17-).
 * A branch user reads, books, changes and cancels for its own branch's merchants only; outside answers as the
 * scope always does (a list leaves the row out, a single row is 404, a save that would land outside is 403);
 * the audit trail records the branch when written and a branch user reads its own branch's entries only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';
import { addUserWithRole } from '../../support/user-with-role.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent;
let filiale: Agent;
/** A user of branch 00100 that may also change and cancel bookings and read the trail (no fixture role does). */
let prenota: Agent;

const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const NOT_FOUND = { errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] };
const codes = (body: { results: { codice: string }[] }) => body.results.map((r) => r.codice).sort();
const booking = (codice: string, codEser: string, descrizione = 'Gomme per il bar') => ({ codice, codAbi: '10001', codEser, descrizione });

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  filiale = await app.loginAs('filiale.10001');
  await addUserWithRole(app.db, {
    username: 'filiale.prenota', fullName: 'Filiale prenotazioni', group: '10001', cab: '00100', role: 'FILIALE_PRENOTAZIONI',
    grants: [['CAT_ORDINI', 'VISUALIZZAZIONE'], ['CAT_ORDINI', 'CREAZIONE'], ['CAT_ORDINI', 'AGGIORNAMENTO'], ['AUDIT', 'VISUALIZZAZIONE']], passwordOf: 'filiale.10001',
  });
  prenota = await app.loginAs('filiale.prenota');
});
afterAll(() => app.close());

describe('reading: the branch comes from the merchant', () => {
  it("a branch user's list and count hold its own branch's merchant's bookings only; the head office's all of its bank's", async () => {
    const own = await filiale.get(`${API}/prenotazioni?size=100`);
    expect(own.status).toBe(200);
    expect(codes(own.body)).toEqual(['P001']);
    expect(own.body.totalCount).toBe(1);
    const head = await sede.get(`${API}/prenotazioni?size=100`);
    expect(codes(head.body)).toEqual(['P001', 'P002']);
    expect((await app.request.get(`${API}/prenotazioni?size=100`)).body.totalCount).toBe(3);
  });

  it("a filter naming the other branch's merchant finds nothing, not an error", async () => {
    const res = await filiale.get(`${API}/prenotazioni?codEser=0000002`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], totalCount: 0 });
  });

  it("the other branch's booking by key answers as a missing one, without its data", async () => {
    const other = await filiale.get(`${API}/prenotazioni/P002`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    expect(JSON.stringify(other.body)).not.toContain('Quaderni');
    expect((await filiale.get(`${API}/prenotazioni/P999`)).body).toEqual(other.body);
    expect((await filiale.get(`${API}/prenotazioni/P001`)).body).toMatchObject({ codice: 'P001', codEser: '0000001', descrizione: 'Penne per il bar' });
  });
});

describe('writing: what a branch user saves stays in its branch', () => {
  it("books for its own branch's merchant (201); for the other branch's, 403 and nothing written", async () => {
    const ok = await filiale.post(`${API}/prenotazioni`).send(booking('P010', '0000001'));
    expect(ok.status).toBe(201);
    const refused = await filiale.post(`${API}/prenotazioni`).send(booking('P011', '0000002'));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN);
    expect(await app.db('prenotazione').where({ codice: 'P011' }).first()).toBeUndefined();
  });

  it("a create whose key the other branch's booking holds answers the same 403, not 409 (which would confirm it)", async () => {
    const res = await filiale.post(`${API}/prenotazioni`).send(booking('P002', '0000001'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it("moving its booking to the other branch's merchant is refused (403) and the booking keeps its merchant", async () => {
    const url = `${API}/prenotazioni/P001`;
    const res = await prenota.put(url).set('If-Match', await etagOf(prenota, url)).send(booking('P001', '0000002', 'Penne per il bar'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await app.db('prenotazione').where({ codice: 'P001' }).first()).cod_eser).toBe('0000001');
  });

  it("changing or cancelling the other branch's booking answers 404 and changes nothing", async () => {
    const url = `${API}/prenotazioni/P002`;
    const etag = await etagOf(sede, url);
    const put = await prenota.put(url).set('If-Match', etag).send(booking('P002', '0000002', 'Sovrascritta'));
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);
    const del = await prenota.delete(url).set('If-Match', etag);
    expect(del.status).toBe(404);
    expect((await app.db('prenotazione').where({ codice: 'P002' }).first()).descrizione).toBe('Quaderni per il bar');
  });

  it('its own booking it changes (200)', async () => {
    const url = `${API}/prenotazioni/P001`;
    const res = await prenota.put(url).set('If-Match', await etagOf(prenota, url)).send(booking('P001', '0000001', 'Penne blu per il bar'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ codice: 'P001', descrizione: 'Penne blu per il bar' });
  });

  it("a merchant moved to another branch takes its bookings with it: the branch that kept it no longer reads them", async () => {
    await sede.post(`${API}/prenotazioni`).send(booking('P020', '0000001', 'Carta per il bar')).expect(201);
    expect((await filiale.get(`${API}/prenotazioni/P020`)).status).toBe(200);
    await app.db('esercente').where({ cod_eser: '0000001' }).update({ cab: '00200' });
    try {
      expect((await filiale.get(`${API}/prenotazioni/P020`)).status).toBe(404);
      expect(codes((await filiale.get(`${API}/prenotazioni?size=100`)).body)).toEqual([]);
    } finally {
      await app.db('esercente').where({ cod_eser: '0000001' }).update({ cab: '00100' });
    }
  });
});

describe('the audit trail', () => {
  it("records the branch taken through the merchant; a branch user reads its own branch's bookings' history only", async () => {
    await sede.post(`${API}/prenotazioni`).send(booking('P030', '0000001', 'Buste per il bar')).expect(201);
    await sede.post(`${API}/prenotazioni`).send(booking('P031', '0000002', 'Nastro per il bar')).expect(201);
    const recorded = await app.db('storico_modifica').where({ entity: 'Prenotazione' }).whereIn('entity_key', ['P030', 'P031']).select('entity_key', 'scope_branch');
    expect(Object.fromEntries(recorded.map((r: { entity_key: string; scope_branch: string | null }) => [r.entity_key, r.scope_branch]))).toEqual({ P030: '00100', P031: '00200' });
    const history = async (key: string) => {
      const res = await prenota.get(`${API}/audit?entity=Prenotazione&key=${key}`);
      expect(res.status).toBe(200);
      return res.body.results.map((r: { entityKey: string }) => r.entityKey);
    };
    expect(await history('P030')).toEqual(['P030']);
    expect(await history('P031')).toEqual([]);
  });
});
