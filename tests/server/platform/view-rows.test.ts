/**
 * `viewRows` (docs/spec-language.md#the-rows-of-a-view): a view shows only the rows linked to rows of another entity
 * with the given values, for every caller, assistance included. On the fixture's short article record, which shows
 * the articles of an active category: GAMMA01 is of GIO, an inactive one (tests/fixtures/spec/catalogo/articolo-breve.yaml).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

describe('viewRows', () => {
  it('a row outside is missing from the list and 404 by key, while the entity itself still answers it', async () => {
    const list = await app.request.get(`${API}/articoli-brevi?size=50`);
    expect(list.status).toBe(200);
    const codes = list.body.results.map((r: { codice: string }) => r.codice);
    expect(codes).toEqual(expect.arrayContaining(['ALFA01', 'ALFA02', 'BETA01']));
    expect(codes).not.toContain('GAMMA01');
    expect((await app.request.get(`${API}/articoli-brevi/GAMMA01`)).status).toBe(404);
    expect((await app.request.get(`${API}/articoli/GAMMA01`)).status).toBe(200);
  });

  it('an update that would move a row outside is refused and nothing is kept', async () => {
    const read = await app.request.get(`${API}/articoli-brevi/BETA01`);
    expect(read.status).toBe(200);
    const { _labels: _names, _readOnly: _locked, _actions: _allowed, ...row } = read.body;
    const res = await app.request.put(`${API}/articoli-brevi/BETA01`).set('If-Match', read.headers.etag).send({ ...row, categoria: 'GIO' });
    expect(res.status).toBe(403);
    expect(await app.db('articolo').where({ codice: 'BETA01' }).first('categoria')).toEqual({ categoria: 'LIB' });
  });
});

/**
 * Several conditions, all to hold, one of them within the caller's scope (tests/fixtures/spec/catalogo/riga-libro.yaml):
 * the order lines of books (ALFA01, BETA01) of the orders the caller may read. A line carries no branch, its order does:
 * filiale.10001 (cab 00100) reads the lines of order 000001 only, not those of 000002 (cab 00200) of its own bank.
 */
describe('viewRows as a list', () => {
  const keys = (body: { results: { codAbi: string; numero: string; riga: number }[] }) => body.results.map((r) => `${r.codAbi}/${r.numero}/${r.riga}`);
  beforeAll(async () => {
    // A book and a record on the other branch's order 000002.
    await app.db('riga_ordine').insert([
      { cod_abi: '10001', numero: '000002', riga: 1, articolo: 'ALFA01', quantita: 1 },
      { cod_abi: '10001', numero: '000002', riga: 2, articolo: 'ALFA02', quantita: 1 },
    ]);
  });

  it('keeps the rows meeting every condition: the books, of the orders the caller may read', async () => {
    const all = await app.request.get(`${API}/righe-libri?size=50`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(keys(all.body)).toEqual(['10001/000001/1', '10001/000002/1', '20002/000003/1']);
    const sede = await app.loginAs('sede.10001');
    expect(keys((await sede.get(`${API}/righe-libri?size=50`)).body)).toEqual(['10001/000001/1', '10001/000002/1']);
    const filiale = await app.loginAs('filiale.10001');
    const branch = await filiale.get(`${API}/righe-libri?size=50`);
    expect(branch.status).toBe(200);
    expect(keys(branch.body)).toEqual(['10001/000001/1']);
    expect(branch.body.totalCount).toBe(1);
    // By key: the other branch's line is 404 as a missing one; a record is no book for anyone.
    expect((await filiale.get(`${API}/righe-libri/10001/000002/1`)).status).toBe(404);
    expect((await filiale.get(`${API}/righe-libri/10001/000001/1`)).status).toBe(200);
    expect((await sede.get(`${API}/righe-libri/10001/000002/1`)).status).toBe(200);
    expect((await app.request.get(`${API}/righe-libri/10001/000002/2`)).status).toBe(404);
  });
});
