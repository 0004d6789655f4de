/**
 * Names beside codes (docs/spec-language.md#references), on the fixture: rows of a list, of a GET and of a
 * save name the rows their references point to (`_labels`), with one query per reference field for the
 * whole page; a row read with GET can be saved back with its names; `?q=` searches a list by the display
 * fields, which the compact answer carries. Categories are `referenceData`: searched by name without their
 * grant; a scoped referenced entity (the bank) is named only within the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

describe('reference names', () => {
  it('a list names the bank and the category of each article', async () => {
    const res = await sede.get(`${API}/articoli?sort=codice`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { codice: string; _labels: unknown }) => [r.codice, r._labels])).toEqual([
      ['ALFA01', { codAbi: '10001 - Banca Alfa', categoria: 'LIB - Libri' }],
      ['ALFA02', { codAbi: '10001 - Banca Alfa', categoria: 'MUS - Musica' }],
    ]);
  });

  it('costs one query per reference field, whatever the page holds', async () => {
    const queries: string[] = [];
    const count = (q: { sql: string }) => { queries.push(q.sql); };
    app.db.on('query', count);
    try {
      await app.request.get(`${API}/articoli?size=1`);
      const one = queries.filter((sql) => /from .categoria.|from .banca./i.test(sql)).length;
      queries.length = 0;
      await app.request.get(`${API}/articoli?size=50`);
      const many = queries.filter((sql) => /from .categoria.|from .banca./i.test(sql)).length;
      expect(many).toBe(one);
    } finally {
      app.db.off('query', count);
    }
  });

  it('GET names them too, and the row read can be saved back as it is (names ignored)', async () => {
    const read = await sede.get(`${API}/articoli/ALFA01`);
    expect(read.body._labels).toEqual({ codAbi: '10001 - Banca Alfa', categoria: 'LIB - Libri' });
    const { giacenza: _serverSet, _actions: _notAField, ...row } = read.body;
    const saved = await sede.put(`${API}/articoli/ALFA01`).set('If-Match', read.headers.etag).send({ ...row, categoria: 'MUS' });
    expect(saved.status).toBe(200);
    expect(saved.body._labels).toEqual({ codAbi: '10001 - Banca Alfa', categoria: 'MUS - Musica' });
  });

  it('?q= finds rows by any display field, case aside; the compact answer carries the display fields', async () => {
    expect((await sede.post(`${API}/fornitori`).send({ titolari: [{ numeroTitolare: 1, cognome: 'Rossi', nome: 'Mario' }], codice: 'F10', ragioneSociale: 'Cartiera Rossi' })).status).toBe(201);
    expect((await sede.post(`${API}/fornitori`).send({ titolari: [{ numeroTitolare: 1, cognome: 'Rossi', nome: 'Mario' }], codice: 'F11', ragioneSociale: 'Edizioni Bianchi' })).status).toBe(201);
    const byName = await sede.get(`${API}/fornitori?q=rossi`);
    expect(byName.body.results.map((r: { codice: string }) => r.codice)).toEqual(['F10']);
    const byCode = await sede.get(`${API}/fornitori?q=F11`);
    expect(byCode.body.results.map((r: { codice: string }) => r.codice)).toEqual(['F11']);
    const categories = await sede.get(`${API}/categorie?format=compact&q=mus`);
    expect(categories.body).toEqual({ results: [{ codice: 'MUS', nome: 'Musica' }], totalCount: 1 });
  });

  it('referenceData: a merchant without CAT_CATEGORIE searches categories by name (key and display fields), nothing more', async () => {
    const merchant = await app.loginAs('esercente.0000001', 'merchant');
    const found = await merchant.get(`${API}/categorie?format=compact&q=mus`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ results: [{ codice: 'MUS', nome: 'Musica' }], totalCount: 1 });
    expect((await merchant.get(`${API}/categorie?q=mus`)).status).toBe(403);
    expect((await merchant.get(`${API}/categorie/MUS`)).status).toBe(403);
  });

  it('a scoped reference is named only within the caller\'s scope: a merchant reads its shop window without its bank\'s name', async () => {
    const merchant = await app.loginAs('esercente.0000001', 'merchant');
    const mine = await merchant.get(`${API}/vetrine`);
    expect(mine.status).toBe(200);
    expect(mine.body.results.length).toBeGreaterThan(0);
    // Banks are outside a merchant's scope (they have no merchant dimension): the code, not the name.
    for (const row of mine.body.results) {
      expect(row.codAbi).toBe('10001');
      expect(row._labels?.codAbi).toBeUndefined();
    }
    const bank = await sede.get(`${API}/vetrine`);
    expect(bank.body.results.map((r: { _labels?: { codAbi?: string } }) => r._labels?.codAbi)).toContain('10001 - Banca Alfa');
  });
});
