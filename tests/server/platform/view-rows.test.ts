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
