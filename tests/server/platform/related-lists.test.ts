/**
 * Related lists (docs/spec-language.md#related-lists, issue 14 item 4), on the fixture's category ->
 * articles: GET categorie/{codice}/articoli pages the articles of the category, with the articles' own
 * sort and filters, the related list's page size, their `_labels`; the category must exist (404), the
 * caller needs the articles' list permission (403), and the articles are in the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
const as: Record<string, Agent> = {};

const codes = (body: { results: { codice: string }[] }) => body.results.map((r) => r.codice);

beforeAll(async () => {
  app = await createFixtureApp();
  as.assistenza = app.request;
  for (const u of ['sede.10001', 'federazione', 'ospite.10001']) as[u] = await app.loginAs(u);
  as['esercente.0000001'] = await app.loginAs('esercente.0000001', 'merchant');
});
afterAll(() => app.close());

describe('GET categorie/{codice}/articoli', () => {
  it('pages the articles of the category, two a page (the related list\'s size), with their names', async () => {
    const res = await as.assistenza.get(`${API}/categorie/LIB/articoli?sort=codice`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(codes(res.body)).toEqual(['ALFA01', 'BETA01']);
    expect(res.body.results[0]._labels).toMatchObject({ codAbi: expect.stringContaining('10001'), categoria: expect.stringContaining('LIB') });
  });

  it('takes the listed entity\'s page, size, sort and filters', async () => {
    const res = await as.assistenza.get(`${API}/categorie/LIB/articoli?size=1&page=1&sort=codice,desc`);
    expect(res.body).toMatchObject({ totalCount: 2 });
    expect(codes(res.body)).toEqual(['ALFA01']);
    const filtered = await as.assistenza.get(`${API}/categorie/LIB/articoli?codAbi=20002`);
    expect(codes(filtered.body)).toEqual(['BETA01']);
  });

  it.each([
    ['sede.10001', ['ALFA01']],
    ['federazione', ['BETA01']],
    ['esercente.0000001', []],
  ])('%s sees the articles of its scope only: %j', async (user, expected) => {
    const res = await as[user].get(`${API}/categorie/LIB/articoli?sort=codice`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: expected.length });
    expect(codes(res.body)).toEqual(expected);
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await as.assistenza.get(`${API}/categorie/ZZZ/articoli`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
  });

  it('answers 403 to a caller who may read categories but not list articles', async () => {
    const res = await as['ospite.10001'].get(`${API}/categorie/LIB/articoli`);
    expect(res.status).toBe(403);
    expect((await as['ospite.10001'].get(`${API}/categorie/LIB`)).status).toBe(200);
  });
});

// A filter over related rows (docs/spec-language.md#filters-over-related-rows): the categories holding an article.
describe('GET categorie?articolo=<code>', () => {
  it.each([
    ['assistenza', 'ALFA02', ['MUS']],
    ['assistenza', 'BETA01', ['LIB']],
    ['sede.10001', 'ALFA01', ['LIB']],
    ['sede.10001', 'BETA01', []],
    ['assistenza', 'NESSUNO', []],
  ])('%s, article %s: %j, in the caller\'s scope on articles', async (user, article, expected) => {
    const res = await as[user].get(`${API}/categorie?articolo=${article}&sort=codice`);
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(expected);
    expect(res.body.totalCount).toBe(expected.length);
  });

  it('narrows with the other filters, and is a filter of the document and of the list page', async () => {
    expect(codes((await as.assistenza.get(`${API}/categorie?articolo=ALFA02&name=lib`)).body)).toEqual([]);
    const list = app.artifacts.model.entities.find((e) => e.name === 'Categoria');
    expect(list?.existsFilters).toEqual([{ param: 'articolo', entity: 'Articolo', link: { categoria: 'codice' }, field: 'codice', label: 'Codice articolo' }]);
  });
});
