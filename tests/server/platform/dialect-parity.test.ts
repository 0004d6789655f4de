/**
 * What differed between SQLite and PostgreSQL until the API made them agree (npm test runs this file on
 * both): the order of a sorted list, a wildcard search over accented capitals, a range filter over numbers
 * and dates, a number too large for its column, and saves of one child list at the same time. On the fixture's articles and orders
 * (tests/fixtures/README.md); the articles below are of bank 30003, whose only other article has no date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../server/lookup.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
const article = (codice: string, nome: string, more: Record<string, string> = {}) => ({ codice, cod_abi: '30003', nome, categoria: 'LIB', prezzo: 1, ...more });
beforeAll(async () => {
  app = await createFixtureApp();
  await app.db('articolo').insert([
    article('SORT01', 'Banca di Forlì', { data_listino: '2021-03-01', note: 'Emilia-Romagna' }),
    article('SORT02', 'BANCA DI FORLÌ E CESENA', { data_listino: '2019-07-15' }),
    article('SORT03', 'banca minuscola'),
    article('SORT04', 'Banca-Zeta'),
    article('SORT05', 'BancaAlfa'),
  ]);
});
afterAll(() => app.close());

type Article = { codice: string; nome: string; dataListino: string | null; note: string | null };
const list = async (query: string): Promise<Article[]> => {
  const res = await app.request.get(`${API}/articoli?codAbi=30003&size=100&${query}`);
  expect(res.status).toBe(200);
  return res.body.results;
};

describe('a sorted list', () => {
  it('orders text by character code, whatever the database server\'s language', async () => {
    const articles = await list('sort=nome,asc');
    const names = articles.map((a) => a.nome);
    expect(names).toEqual([...names].sort());
    expect(articles.filter((a) => a.codice.startsWith('SORT')).map((a) => a.nome))
      .toEqual(['BANCA DI FORLÌ E CESENA', 'Banca di Forlì', 'Banca-Zeta', 'BancaAlfa', 'banca minuscola']);
  });

  it('puts the rows without a value last, going up and going down', async () => {
    const up = (await list('sort=dataListino,asc')).map((a) => a.dataListino);
    expect(up.slice(0, 2)).toEqual(['2019-07-15', '2021-03-01']);
    expect(up.slice(2).every((d) => d === null)).toBe(true);
    const down = (await list('sort=dataListino,desc')).map((a) => a.dataListino);
    expect(down.slice(0, 2)).toEqual(['2021-03-01', '2019-07-15']);
    expect(down.slice(2).every((d) => d === null)).toBe(true);
    const notes = (await list('sort=note,desc')).map((a) => a.note);
    expect(notes.at(-1)).toBeNull();
    expect(notes[0]).not.toBeNull();
  });
});

describe('a wildcard search', () => {
  it.each(['forlì', 'FORLÌ', 'Forlì'])('finds the accented capital for %s', async (nome) => {
    const res = await app.request.get(`${API}/articoli`).query({ nome, sort: 'codice,asc', size: 100 });
    expect(res.status).toBe(200);
    expect(res.body.results.map((a: Article) => a.codice)).toEqual(['SORT01', 'SORT02']);
  });
});

describe('a range filter', () => {
  it('includes both ends, comparing decimals and dates as such', async () => {
    const prices = await app.request.get(`${API}/articoli`).query({ prezzoDa: '12.5', prezzoA: '24.9', sort: 'codice,asc' });
    expect(prices.status).toBe(200);
    expect(prices.body.results.map((a: Article) => a.codice)).toEqual(['ALFA01', 'ALFA02', 'GAMMA01']);
    const dates = await app.request.get(`${API}/ordini`).query({ dataOrdineDa: '2026-02-03', dataOrdineA: '2026-02-05' });
    expect(dates.body.results.map((o: { numero: string }) => o.numero)).toEqual(['000003', '000002']);
  });
});

describe('a number larger than its column', () => {
  const newArticle = (codice: string, punti: number) => ({ codice, codAbi: '10001', nome: `Articolo ${codice}`, categoria: 'LIB', prezzo: 1, punti });

  it('is refused with the field\'s message, as any number over a maximum', async () => {
    const res = await app.request.post(`${API}/articoli`).send(newArticle('R001', 2147483648));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: 'punti', message: "Il valore è troppo grande" }],
    });
  });

  it('is stored up to the largest the column holds', async () => {
    const res = await app.request.post(`${API}/articoli`).send(newArticle('R002', 2147483647));
    expect(res.status).toBe(201);
    expect((await app.request.get(`${API}/articoli/R002`)).body.punti).toBe(2147483647);
  });
});

describe('saves at the same time', () => {
  it('of one order\'s lines, all sent with the version read before: one is saved, the others are told it changed', async () => {
    const url = `${API}/ordini/10001/000002/righe`;
    const read = await app.request.get(url);
    const version = read.headers.etag;
    const lists = [
      [{ riga: 1, articolo: 'ALFA01', quantita: 1 }, { riga: 2, articolo: 'ALFA02', quantita: 2 }],
      [{ riga: 1, articolo: 'ALFA02', quantita: 5 }],
    ];
    const saves = await Promise.all(Array.from({ length: 8 }, (_, i) => app.request.put(url).set('If-Match', version).send(lists[i % 2])));
    expect(saves.map((s) => s.status).sort()).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const saved = present(saves.find((s) => s.status === 200), 'the 200 answer').body;
    expect((await app.request.get(url)).body).toEqual(saved);
  });
});
