/**
 * What differed between SQLite and PostgreSQL until the API made them agree (npm test runs this file on
 * both): the order of a sorted list, a wildcard search over accented capitals, a number too large for
 * its column, and saves of one child list at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.db('banca').insert([
    { cod_abi: '81001', nome_bcc: 'Banca di Forlì', data_adesione: '2021-03-01', regione: 'Emilia-Romagna' },
    { cod_abi: '81002', nome_bcc: 'BANCA DI FORLÌ E CESENA', data_adesione: '2019-07-15' },
    { cod_abi: '81003', nome_bcc: 'banca minuscola' },
    { cod_abi: '81004', nome_bcc: 'Banca-Zeta' },
    { cod_abi: '81005', nome_bcc: 'BancaAlfa' },
  ]);
});
afterAll(() => app.close());

type Bank = { codAbi: string; nomeBcc: string; dataAdesione: string | null; regione: string | null };
const list = async (query: string) => {
  const res = await app.request.get(`${API}/banche?size=200&${query}`);
  expect(res.status).toBe(200);
  return res.body.results as Bank[];
};

describe('a sorted list', () => {
  it('orders text by character code, whatever the database server\'s language', async () => {
    const banks = await list('sort=nomeBcc,asc');
    const names = banks.map((b) => b.nomeBcc);
    expect(names).toEqual([...names].sort());
    expect(banks.filter((b) => b.codAbi.startsWith('8100')).map((b) => b.nomeBcc))
      .toEqual(['BANCA DI FORLÌ E CESENA', 'Banca di Forlì', 'Banca-Zeta', 'BancaAlfa', 'banca minuscola']);
  });

  it('puts the rows without a value last, going up and going down', async () => {
    const up = (await list('sort=dataAdesione,asc')).map((b) => b.dataAdesione);
    expect(up.slice(0, 2)).toEqual(['2019-07-15', '2021-03-01']);
    expect(up.slice(2).every((d) => d === null)).toBe(true);
    const down = (await list('sort=dataAdesione,desc')).map((b) => b.dataAdesione);
    expect(down.slice(0, 2)).toEqual(['2021-03-01', '2019-07-15']);
    expect(down.slice(2).every((d) => d === null)).toBe(true);
    const regions = (await list('sort=regione,desc')).map((b) => b.regione);
    expect(regions.at(-1)).toBeNull();
    expect(regions[0]).not.toBeNull();
  });
});

describe('a wildcard search', () => {
  it.each(['forlì', 'FORLÌ', 'Forlì'])('finds the accented capital for %s', async (name) => {
    const res = await app.request.get(`${API}/banche`).query({ name, size: 200 });
    expect(res.status).toBe(200);
    expect((res.body.results as Bank[]).map((b) => b.codAbi)).toEqual(['81001', '81002']);
  });
});

describe('a number larger than its column', () => {
  it('is refused with the field\'s message, as any number over a maximum', async () => {
    const res = await app.request.post(`${API}/posfisici`).send({ codModpos: 'R01', descrizione: 'Modello R01', prioritaMagazzino: 2147483648 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: 'prioritaMagazzino', message: "Il valore è troppo grande" }],
    });
  });

  it('is stored up to the largest the column holds', async () => {
    const res = await app.request.post(`${API}/posfisici`).send({ codModpos: 'R02', descrizione: 'Modello R02', prioritaMagazzino: 2147483647 });
    expect(res.status).toBe(201);
    expect((await app.request.get(`${API}/posfisici/R02`)).body.prioritaMagazzino).toBe(2147483647);
  });
});

describe('saves at the same time', () => {
  it('of one bank\'s POS models, all sent with the version read before: one is saved, the others are told it changed', async () => {
    const read = await app.request.get(`${API}/banche/50340/modelliPos`);
    const version = read.headers.etag;
    const lists = [[{ codModpos: '101' }, { codModpos: 'B01' }], [{ codModpos: '102' }, { codModpos: '101' }]];
    const saves = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      app.request.put(`${API}/banche/50340/modelliPos`).set('If-Match', version).send(lists[i % 2])));
    expect(saves.map((s) => s.status).sort()).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const saved = saves.find((s) => s.status === 200)!.body;
    expect((await app.request.get(`${API}/banche/50340/modelliPos`)).body).toEqual(saved);
  });
});
