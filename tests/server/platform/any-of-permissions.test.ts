/**
 * Any-of permissions (docs/spec-language.md#any-of-permissions): the fixture's orders change with CAT_ORDINI's
 * AGGIORNAMENTO or VARIAZIONE (tests/fixtures/spec/catalogo/ordine.yaml `permissions: { update: [...] }`), while
 * creating stays CREAZIONE's and deleting AGGIORNAMENTO's. A role with only the second action of the list saves an
 * order, and its children with it; one with neither is refused "Operazione non consentita".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { addUserWithRole } from '../../support/user-with-role.js';

const REFUSED = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' };

let app: TestApp;
let variazione: TestApp['request'];
let creazione: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  await addUserWithRole(app.db, {
    username: 'sede.variazione', fullName: 'Sede variazione ordini', group: '10001', role: 'ORDINI_VARIAZIONE',
    grants: [['CAT_ORDINI', 'VISUALIZZAZIONE'], ['CAT_ORDINI', 'VARIAZIONE']], passwordOf: 'sede.10001',
  });
  await addUserWithRole(app.db, {
    username: 'sede.creazione', fullName: 'Sede creazione ordini', group: '10001', role: 'ORDINI_CREAZIONE',
    grants: [['CAT_ORDINI', 'VISUALIZZAZIONE'], ['CAT_ORDINI', 'CREAZIONE']], passwordOf: 'sede.10001',
  });
  variazione = await app.loginAs('sede.variazione');
  creazione = await app.loginAs('sede.creazione');
});
afterAll(() => app.close());

/** Reads the order as `as` and sends it back with `change`. */
async function save(as: TestApp['request'], path: string, change: Record<string, unknown>) {
  const read = await as.get(`${API}/ordini/${path}`);
  expect(read.status).toBe(200);
  const { _labels: _names, _readOnly: _locked, ...row } = read.body;
  return as.put(`${API}/ordini/${path}`).set('If-Match', read.headers.etag).send({ ...row, ...change });
}

describe('an update any of two actions allows', () => {
  it('a role holding only the second action (VARIAZIONE) saves an order of its bank', async () => {
    const saved = await save(variazione, '10001/000002', { note: 'Variata' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ codAbi: '10001', numero: '000002', note: 'Variata' });
    expect((await app.request.get(`${API}/ordini/10001/000002`)).body.note).toBe('Variata');
  });

  it("and replaces the order's lines, which change with it", async () => {
    const read = await variazione.get(`${API}/ordini/10001/000002`);
    const lines = await variazione.get(`${API}/ordini/10001/000002/righe`);
    expect(lines.status).toBe(200);
    const same = lines.body.map(({ _labels: _names, ...r }: Record<string, unknown>) => r);
    expect((await variazione.put(`${API}/ordini/10001/000002/righe`).set('If-Match', read.headers.etag).send(same)).status).toBe(200);
  });

  it('a role holding neither action is refused', async () => {
    const refused = await save(creazione, '10001/000002', { note: 'Non variata' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(REFUSED);
    expect((await app.request.get(`${API}/ordini/10001/000002`)).body.note).not.toBe('Non variata');
  });

  it('create still needs CREAZIONE and delete AGGIORNAMENTO: the VARIAZIONE role does neither', async () => {
    const order = { codAbi: '10001', numero: '712001', cliente: 'Cliente variazione', dataOrdine: '2026-03-01', consegna: { indirizzo: 'Via Variazione 1' } };
    const created = await variazione.post(`${API}/ordini`).send(order);
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject(REFUSED);
    expect((await creazione.post(`${API}/ordini`).send(order)).status).toBe(201);
    const read = await variazione.get(`${API}/ordini/10001/712001`);
    const deleted = await variazione.delete(`${API}/ordini/10001/712001`).set('If-Match', read.headers.etag);
    expect(deleted.status).toBe(403);
    expect(deleted.body).toMatchObject(REFUSED);
    expect((await app.request.get(`${API}/ordini/10001/712001`)).status).toBe(200);
  });
});
