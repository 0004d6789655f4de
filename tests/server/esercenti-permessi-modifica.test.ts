/**
 * Seed 001 §6, who changes a store, a terminal, a merchant (spec/esercenti/negozio.yaml, terminale.yaml,
 * esercente.yaml `permissions: { update: [...] }`, docs/spec-language.md#any-of-permissions):
 * "GES_NEG: ... VARIAZIONE and AGGIORNAMENTO edit"; "GES_POS: AGGIORNAMENTO, CREAZIONE or VARIAZIONE shows save";
 * "Existing merchants: VARIAZIONE and AGGIORNAMENTO unlock fields", a virtual one's by GES_ESER_VIRTUALE's.
 * Bank users whose roles hold one of those actions save a row of their bank; without any: 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { addUserWithRole } from '../support/user-with-role.js';

const REFUSED = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' };

let app: TestApp;
const as: Record<string, TestApp['request']> = {};

/** A head-office user of bank 30480 with only these grants. */
const ROLES: Record<string, (readonly [string, string])[]> = {
  'sede.negozi.variazione': [['GES_NEG', 'VISUALIZZAZIONE'], ['GES_NEG', 'VARIAZIONE']],
  'sede.negozi.lettura': [['GES_NEG', 'VISUALIZZAZIONE'], ['GES_NEG', 'CREAZIONE']],
  'sede.pos.creazione': [['GES_POS', 'VISUALIZZAZIONE'], ['GES_POS', 'CREAZIONE']],
  'sede.pos.lettura': [['GES_POS', 'VISUALIZZAZIONE'], ['GES_POS', 'CANCELLAZIONE']],
  'sede.eser.variazione': [['GES_ESER', 'VISUALIZZAZIONE'], ['GES_ESER', 'VARIAZIONE'], ['GES_ESER_VIRTUALE', 'VISUALIZZAZIONE']],
  'sede.virtuali.variazione': [['GES_ESER_VIRTUALE', 'VISUALIZZAZIONE'], ['GES_ESER_VIRTUALE', 'VARIAZIONE'], ['GES_ESER', 'VISUALIZZAZIONE']],
};

beforeAll(async () => {
  app = await createTestApp();
  for (const [username, grants] of Object.entries(ROLES)) {
    await addUserWithRole(app.db, { username, fullName: username, group: '30480', role: username.toUpperCase().replaceAll('.', '_'), grants, passwordOf: 'sede.30480' });
    as[username] = await app.loginAs(username);
  }
});
afterAll(() => app.close());

/** Reads the row as `user` and sends it back with `change`. */
async function save(user: string, path: string, change: Record<string, unknown>) {
  const read = await as[user].get(`${API}/${path}`);
  expect(read.status, `${user} reads ${path}`).toBe(200);
  const row = Object.fromEntries(Object.entries(read.body).filter(([k]) => !k.startsWith('_')));
  return as[user].put(`${API}/${path}`).set('If-Match', read.headers.etag).send({ ...row, ...change });
}

describe('a store: GES_NEG VARIAZIONE or AGGIORNAMENTO edits it', () => {
  it('a role with VISUALIZZAZIONE and VARIAZIONE saves a store of its bank', async () => {
    const saved = await save('sede.negozi.variazione', 'negozi/2001', { fax: '039 7654321' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ pdvid: '2001', fax: '039 7654321' });
    expect((await app.db('negozio').where({ pdvid: '2001' }).first()).fax).toBe('039 7654321');
  });

  it('without VARIAZIONE and AGGIORNAMENTO the save is refused', async () => {
    const refused = await save('sede.negozi.lettura', 'negozi/2001', { fax: '039 0000000' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(REFUSED);
    expect((await app.db('negozio').where({ pdvid: '2001' }).first()).fax).not.toBe('039 0000000');
  });

  it("VARIAZIONE does not reach another bank's store", async () => {
    const read = await app.request.get(`${API}/negozi/3001`);
    const row = Object.fromEntries(Object.entries(read.body).filter(([k]) => !k.startsWith('_')));
    const other = await as['sede.negozi.variazione'].put(`${API}/negozi/3001`).set('If-Match', read.headers.etag).send({ ...row, fax: '0471 000000' });
    expect(other.status).toBe(404);
    expect((await app.db('negozio').where({ pdvid: '3001' }).first()).fax).not.toBe('0471 000000');
  });
});

describe('a terminal: GES_POS AGGIORNAMENTO, CREAZIONE or VARIAZIONE saves it', () => {
  it('a role with VISUALIZZAZIONE and CREAZIONE saves a terminal of its bank', async () => {
    const saved = await save('sede.pos.creazione', 'terminali/30480101', { mid: '6500234599' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ posid: '30480101', mid: '6500234599' });
  });

  it('with none of the three (CANCELLAZIONE only) the save is refused', async () => {
    const refused = await save('sede.pos.lettura', 'terminali/30480101', { mid: '6500234500' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(REFUSED);
  });
});

describe('a merchant: VARIAZIONE of its own function edits it', () => {
  it('GES_ESER VARIAZIONE saves a merchant, and not a virtual one', async () => {
    const saved = await save('sede.eser.variazione', 'esercenti/0002345', { telefono: '039 654321' });
    expect(saved.status).toBe(200);
    expect(saved.body.telefono).toBe('039 654321');
    const virtual = await save('sede.eser.variazione', 'esercenti/0004567', { email: 'libri@libreriaonline.example' });
    expect(virtual.status).toBe(403);
    expect(virtual.body).toMatchObject(REFUSED);
  });

  it('GES_ESER_VIRTUALE VARIAZIONE saves a virtual merchant, and not another one', async () => {
    const saved = await save('sede.virtuali.variazione', 'esercenti/0004567', { email: 'libri@libreriaonline.example' });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toBe('libri@libreriaonline.example');
    const plain = await save('sede.virtuali.variazione', 'esercenti/0002345', { telefono: '039 111111' });
    expect(plain.status).toBe(403);
    expect(plain.body).toMatchObject(REFUSED);
  });
});
