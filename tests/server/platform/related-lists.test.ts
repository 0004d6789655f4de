/**
 * Related lists (docs/spec-language.md#related-lists, issue 14 item 4), on the fixture's category ->
 * articles: GET categorie/{codice}/articoli pages the articles of the category, with the articles' own
 * sort and filters, the related list's page size, their `_labels`; the category must exist (404), the
 * caller needs the articles' list permission (403), and the articles are in the caller's scope. One level
 * down (docs/spec-language.md#related-lists-as-tabs), GET categorie/{codice}/articoli/{articoliCodice}/movimenti
 * lists an article's movements: 404 when the category is missing, the article is not in it or outside the
 * caller's scope; the movements in scope too.
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

describe('GET categorie/{codice}/articoli/{articoliCodice}/movimenti (nested by foreign key)', () => {
  const movements = (body: { results: { articolo: string; codAbi: string }[] }) => body.results.map((r) => `${r.articolo}@${r.codAbi}`);

  it("lists the movements of an article of the category, the article's key named after the list", async () => {
    const res = await as.assistenza.get(`${API}/categorie/LIB/articoli/ALFA01/movimenti`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(1);
    expect(movements(res.body)).toEqual(['ALFA01@10001']);
    expect(app.artifacts.openapi.paths).toHaveProperty(['/categorie/{codice}/articoli/{articoliCodice}/movimenti']);
  });

  it('answers 404 for an article that is not of the category, a category or an article that does not exist', async () => {
    const wrong = await as.assistenza.get(`${API}/categorie/GIO/articoli/ALFA01/movimenti`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    expect((await as.assistenza.get(`${API}/categorie/ZZZ/articoli/ALFA01/movimenti`)).status).toBe(404);
    expect((await as.assistenza.get(`${API}/categorie/LIB/articoli/ZZZZ01/movimenti`)).status).toBe(404);
  });

  it("answers 404 for an article outside the caller's scope, even in the right category", async () => {
    expect((await as['sede.10001'].get(`${API}/categorie/LIB/articoli/ALFA01/movimenti`)).status).toBe(200);
    expect((await as['sede.10001'].get(`${API}/categorie/LIB/articoli/BETA01/movimenti`)).status).toBe(404);
    expect((await as['federazione'].get(`${API}/categorie/LIB/articoli/ALFA01/movimenti`)).status).toBe(404);
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
