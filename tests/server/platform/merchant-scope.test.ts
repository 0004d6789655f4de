/**
 * Data scope dimensions (issue 14 item 8; seed 000 §6 "Merchants see only their own merchant", seed 002 §3
 * operators and their stores), on the fixture's shop windows (Vetrina: bank, merchant and store dimensions)
 * and the reused users: a merchant sees its own merchant's rows at its own bank, an operator only the
 * stores assigned to it, bank users their banks' rows; a merchant sees nothing of an entity that has no
 * merchant or group dimension, whatever its grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
type Agent = TestApp['request'];
const as: Record<string, Agent> = {};

const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const NOT_FOUND = { errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] };
const codes = (body: { results: { codice?: string; username?: string }[] }, field: 'codice' | 'username') => body.results.map((r) => r[field]);
const windows = async (user: string) => {
  const res = await as[user].get(`${API}/vetrine?size=50&sort=codice`);
  expect(res.status, user).toBe(200);
  return { codes: codes(res.body, 'codice'), total: res.body.totalCount };
};

beforeAll(async () => {
  app = await createFixtureApp();
  for (const u of ['assistenza', 'sede.10001', 'sede.20002', 'filiale.10001']) as[u] = await app.loginAs(u);
  for (const u of ['esercente.0000001', 'operatore.0000001', 'esercente.0000002']) as[u] = await app.loginAs(u, 'merchant');
});
afterAll(() => app.close());

describe('lists: each caller sees the rows of its dimensions', () => {
  it.each([
    ['assistenza', ['V001', 'V002', 'V003', 'V004']],
    ['sede.10001', ['V001', 'V002', 'V003']],
    ['sede.20002', ['V004']],
    ['esercente.0000001', ['V001', 'V002']],
    ['esercente.0000002', ['V003']],
    ['operatore.0000001', ['V002']],
  ])('%s sees %j', async (user, expected) => {
    expect(await windows(user)).toEqual({ codes: expected, total: expected.length });
  });

  it('a filter naming another merchant finds nothing, not an error that confirms it exists', async () => {
    const res = await as['esercente.0000001'].get(`${API}/vetrine?codEser=0000002`);
    expect(res.body).toEqual({ results: [], totalCount: 0 });
  });

  it('a merchant sees its own group\'s users, not its bank\'s (seed 000 §6: that ended with issue 14)', async () => {
    const res = await as['esercente.0000001'].get(`${API}/users?size=50&sort=username`);
    expect(res.status).toBe(200);
    expect(codes(res.body, 'username')).toEqual(['esercente.0000001', 'operatore.0000001']);
  });

  it('a merchant holding a grant on an entity with no merchant dimension sees none of its rows', async () => {
    const res = await as['esercente.0000001'].get(`${API}/articoli`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], totalCount: 0 });
    expect((await as['esercente.0000001'].get(`${API}/articoli/ALFA01`)).body).toEqual(NOT_FOUND);
  });
});

describe('one row: outside the caller\'s dimensions is missing', () => {
  it.each([
    ['esercente.0000001', 'V003'], ['esercente.0000002', 'V001'], ['operatore.0000001', 'V001'], ['sede.20002', 'V001'],
  ])('%s GET %s answers 404', async (user, codice) => {
    const res = await as[user].get(`${API}/vetrine/${codice}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('the operator reads and changes the window of its store', async () => {
    const op = as['operatore.0000001'];
    expect((await op.get(`${API}/vetrine/V002`)).status).toBe(200);
    const res = await op.put(`${API}/vetrine/V002`).set('If-Match', await etagOf(op, `${API}/vetrine/V002`))
      .send({ codice: 'V002', codAbi: '10001', codEser: '0000001', pdvid: '2', titolo: 'Saldi invernali' });
    expect(res.status).toBe(200);
    expect(res.body.titolo).toBe('Saldi invernali');
  });
});

describe('writes: a row is created or moved only inside the caller\'s dimensions', () => {
  const window = (codice: string, codAbi: string, codEser: string, pdvid: string) => ({ codice, codAbi, codEser, pdvid, titolo: 'Prova' });

  it.each([
    ['esercente.0000001', window('V101', '10001', '0000002', '3'), 'another merchant'],
    ['esercente.0000001', window('V102', '20002', '0000001', '1'), 'its merchant code at another bank'],
    ['operatore.0000001', window('V103', '10001', '0000001', '1'), 'a store not assigned to the operator'],
  ])('%s creating a window of %#: 403 and nothing written', async (user, body) => {
    const res = await as[user].post(`${API}/vetrine`).send(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await as.assistenza.get(`${API}/vetrine/${body.codice}`)).status).toBe(404);
  });

  it('a merchant creates a window of its own store; the other merchant of the bank does not see it', async () => {
    const res = await as['esercente.0000001'].post(`${API}/vetrine`).send(window('V110', '10001', '0000001', '1'));
    expect(res.status).toBe(201);
    expect((await as['esercente.0000002'].get(`${API}/vetrine/V110`)).status).toBe(404);
    expect((await windows('sede.10001')).codes).toContain('V110');
  });

  it('a merchant cannot hand its row to another merchant: 403, the row unchanged', async () => {
    const me = as['esercente.0000001'];
    const res = await me.put(`${API}/vetrine/V001`).set('If-Match', await etagOf(me, `${API}/vetrine/V001`))
      .send({ codice: 'V001', codAbi: '10001', codEser: '0000002', pdvid: '3', titolo: 'Vetrina di Natale' });
    expect(res.status).toBe(403);
    expect((await as.assistenza.get(`${API}/vetrine/V001`)).body.codEser).toBe('0000001');
  });
});

// A lookup (docs/spec-language.md#lookups): the window's branch must be one of its bank's branches.
describe('Vetrina.cab: a branch of the window\'s bank', () => {
  const window = (codice: string, codAbi: string, cab: string) => ({ codice, codAbi, codEser: '0000001', pdvid: '1', titolo: 'Con filiale', cab });

  it('accepts a branch of the bank', async () => {
    const res = await as.assistenza.post(`${API}/vetrine`).send(window('V201', '10001', '00200'));
    expect(res.status).toBe(201);
    expect(res.body.cab).toBe('00200');
  });

  it('refuses a branch code of another bank, with the lookup\'s message on the field, and writes nothing', async () => {
    const res = await as.assistenza.post(`${API}/vetrine`).send(window('V202', '20002', '00200'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'cab', message: 'Filiale inesistente per la banca della vetrina' }] });
    expect((await as.assistenza.get(`${API}/vetrine/V202`)).status).toBe(404);
  });
});

// A check that reads a related row (docs/spec-language.md#success-messages-delete-confirmation-row-checks): the
// window's town must be its branch's (Alfa Bergamo, 10001/00200, is in Bergamo).
describe('Vetrina.localita: the town of the window\'s branch, read from the branch row', () => {
  const window = (codice: string, cab: string | null, localita: string | null) => ({ codice, codAbi: '10001', codEser: '0000001', pdvid: '1', titolo: 'Con località', cab, localita });

  it('accepts the branch\'s town, and a town without a branch', async () => {
    expect((await as.assistenza.post(`${API}/vetrine`).send(window('V301', '00200', 'Bergamo'))).status).toBe(201);
    expect((await as.assistenza.post(`${API}/vetrine`).send(window('V302', null, 'Brescia'))).status).toBe(201);
  });

  it('refuses another town with the check\'s message on its field, on create and on update, and writes nothing', async () => {
    const refused = { errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'localita', message: 'La località non è quella della filiale' }] };
    const created = await as.assistenza.post(`${API}/vetrine`).send(window('V303', '00200', 'Milano'));
    expect(created.status).toBe(400);
    expect(created.body).toEqual(refused);
    expect((await as.assistenza.get(`${API}/vetrine/V303`)).status).toBe(404);
    const url = `${API}/vetrine/V301`;
    const updated = await as.assistenza.put(url).set('If-Match', await etagOf(as.assistenza, url)).send(window('V301', '00100', 'Bergamo'));
    expect(updated.status).toBe(400);
    expect(updated.body).toEqual(refused);
    expect((await as.assistenza.get(url)).body).toMatchObject({ cab: '00200', localita: 'Bergamo' });
  });
});
