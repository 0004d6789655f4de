/**
 * A child list chosen among listed values (docs/spec-language.md#child-choices), on the fixture's short article
 * record (tests/fixtures/spec/catalogo/articolo-breve.yaml): its further categories are chosen among LIB and MUS;
 * GIO is not offered (shown locked by its label) and MUS only to a caller holding CAT_VETRINE (`functions`).
 * ALFA01 holds GIO (tests/fixtures/spec/demo/07-articoli.yaml). sede.10001 holds CAT_VETRINE; a second head-office
 * user, made here, may change articles but holds no CAT_VETRINE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { addUserWithRole } from '../../support/user-with-role.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent;
let senzaVetrine: Agent;

const URL = `${API}/articoli-brevi/ALFA01`;
const stored = async () => (await app.db('articolo_categoria').where({ articolo: 'ALFA01' }).select('categoria')).map((r: { categoria: string }) => r.categoria).sort();

/** PUT of ALFA01 as read by `who`, with its further categories replaced by `categorie`. */
async function save(who: Agent, categorie: string[]) {
  const read = await who.get(URL);
  expect(read.status).toBe(200);
  const { _labels: _names, _readOnly: _locked, _actions: _allowed, ...row } = read.body;
  return who.put(URL).set('If-Match', read.headers.etag).send({ ...row, altreCategorie: categorie.map((categoria) => ({ categoria })) });
}

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  await addUserWithRole(app.db, {
    username: 'sede.articoli', fullName: 'Sede articoli', group: '10001', role: 'ARTICOLI_SENZA_VETRINE',
    grants: [['CAT_ARTICOLI', 'VISUALIZZAZIONE'], ['CAT_ARTICOLI', 'AGGIORNAMENTO']], passwordOf: 'sede.10001',
  });
  senzaVetrine = await app.loginAs('sede.articoli');
});
afterAll(() => app.close());

describe('child choices', () => {
  it('a value outside the list is refused on its item with the spec\'s message, and nothing is stored', async () => {
    const res = await save(sede, ['LIB', 'XYZ']);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'altreCategorie.1.categoria', message: 'Categoria non selezionabile: XYZ' }]);
    expect(await stored()).toEqual(['GIO']);
  });

  it('a stored value the caller may not choose (GIO) is kept, whether the caller sends it or leaves it out', async () => {
    const res = await save(sede, ['LIB']);
    expect(res.status).toBe(200);
    expect(await stored()).toEqual(['GIO', 'LIB']);
  });

  it('a value tied to a function (MUS: CAT_VETRINE) is refused to a caller without the function, before anything is stored', async () => {
    const res = await save(senzaVetrine, ['LIB', 'MUS']);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'altreCategorie.1.categoria', message: 'Categoria non selezionabile: MUS' }]);
    expect(await stored()).toEqual(['GIO', 'LIB']);
  });

  it('the holder of the function gives it; then the caller without it keeps it as stored, and cannot take it away', async () => {
    expect((await save(sede, ['LIB', 'MUS'])).status).toBe(200);
    expect(await stored()).toEqual(['GIO', 'LIB', 'MUS']);
    // Sent back as read: accepted, it is already stored.
    expect((await save(senzaVetrine, ['LIB', 'MUS'])).status).toBe(200);
    // Left out: a value the caller may not choose is not the caller's to remove either.
    expect((await save(senzaVetrine, [])).status).toBe(200);
    expect(await stored()).toEqual(['GIO', 'MUS']);
  });
});
