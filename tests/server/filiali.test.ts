/**
 * Branches: composite key in the path (/filiali/{codAbi}/{cab}), 5-digit numeric cab/cap ('Campo
 * numerico', seed 000 §5) and a bank that must exist ('Banca inesistente').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const invalid = (...details: { field: string; message: string }[]) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details });

describe('GET /filiali', () => {
  it('lists the branches of one bank with the exact codAbi filter', async () => {
    const res = await app.request.get(`${API}/filiali?codAbi=30480`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.results.map((f: { cab: string }) => f.cab)).toEqual(['01600', '01601']);
  });

  it('filters localita as a case-insensitive wildcard', async () => {
    const res = await app.request.get(`${API}/filiali?localita=ORIN`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([expect.objectContaining({ codAbi: '60855', cab: '10200', localita: 'Torino' })]);
  });
});

describe('GET /filiali/{codAbi}/{cab}', () => {
  it('answers the branch found by both key segments', async () => {
    const res = await app.request.get(`${API}/filiali/30480/01600`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      codAbi: '30480', cab: '01600', nome: 'Sede centrale', indirizzo: 'Via Roma 1', localita: 'Milano',
      cap: '20121', provincia: 'MI', telefono: null, fax: null, mail: null,
      // The bank the branch belongs to, by name (docs/spec-language.md#references).
      _labels: { codAbi: '30480 - Banca di Credito Cooperativo di Esempio' },
    });
  });

  it('answers 404 when the cab does not belong to that bank', async () => {
    const res = await app.request.get(`${API}/filiali/34256/01600`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
  });
});

describe('branch validation', () => {
  it("refuses a cab and a cap that are not 5 digits with 'Campo numerico'", async () => {
    const res = await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '12a45', nome: 'X', cap: '201' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'cab', message: 'Campo numerico' }, { field: 'cap', message: 'Campo numerico' }));
  });

  it("refuses a branch of an unknown bank with 'Banca inesistente' on codAbi", async () => {
    const res = await app.request.post(`${API}/filiali`).send({ codAbi: '11111', cab: '12345', nome: 'X' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'codAbi', message: 'Banca inesistente' }));
    expect(await app.db('filiale').where({ cod_abi: '11111' })).toEqual([]);
  });

  it("refuses a malformed bank code with the bank's message 'Il campo  deve essere di 5 cifre'", async () => {
    const res = await app.request.post(`${API}/filiali`).send({ codAbi: '3048', cab: '12345', nome: 'X' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'codAbi', message: 'Il campo  deve essere di 5 cifre' }));
  });

  it('refuses a lower-case province and a malformed e-mail with their own messages', async () => {
    const res = await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '01699', nome: 'X', provincia: 'mi', mail: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid(
      { field: 'provincia', message: 'Sigla di provincia inesistente: indicare la sigla di 2 lettere maiuscole (es. MI)' },
      { field: 'mail', message: 'Indirizzo e-mail non valido' },
    ));
  });

  it("answers 409 \"Elemento già presente\" for an existing abi+cab", async () => {
    const res = await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '01600', nome: 'Doppione' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: "Elemento già presente", code: 'DUPLICATE_KEY', details: [] });
  });
});

describe('branch CRUD round trip', () => {
  const path = `${API}/filiali/34256/35099`;

  it('creates, reads, updates and deletes a branch by abi and cab', async () => {
    const created = await app.request.post(`${API}/filiali`).send({ codAbi: '34256', cab: '35099', nome: 'Agenzia Rovereto', localita: 'Rovereto', cap: '38068', provincia: 'TN' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ codAbi: '34256', cab: '35099', nome: 'Agenzia Rovereto', cap: '38068', indirizzo: null });
    expect((await app.request.get(path)).body).toEqual(created.body);

    const updated = await app.request.put(path).set('If-Match', await etagOf(app.request, path)).send({ codAbi: '34256', cab: '35099', nome: 'Agenzia di Rovereto', indirizzo: 'Corso Rosmini 5', mail: 'rovereto@cassa.example' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ nome: 'Agenzia di Rovereto', indirizzo: 'Corso Rosmini 5', mail: 'rovereto@cassa.example', localita: 'Rovereto' });
    expect((await app.request.get(path)).body).toEqual(updated.body);

    const deleted = await app.request.delete(path).set('If-Match', await etagOf(app.request, path));
    expect(deleted.status).toBe(204);
    expect((await app.request.get(path)).status).toBe(404);
    expect((await app.request.delete(path).set('If-Match', await etagOf(app.request, path))).status).toBe(404);
  });

  it('answers KEY_MISMATCH when the cab in the body differs from the path', async () => {
    const res = await app.request.put(`${API}/filiali/30480/01601`).set('If-Match', await etagOf(app.request, `${API}/filiali/30480/01601`)).send({ codAbi: '30480', cab: '01602', nome: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('KEY_MISMATCH');
    expect(res.body.details).toEqual([{ field: 'cab', message: "La chiave nel corpo della richiesta non corrisponde a quella nell'indirizzo" }]);
  });
});

// The bank's record lists its branches (spec/anagrafiche/banca.yaml relatedLists, docs/spec-language.md#related-lists).
describe('GET /banche/{codAbi}/filiali', () => {
  const cabs = (body: { results: { cab: string }[] }) => body.results.map((f) => f.cab);

  it('pages the branches of the bank, ten a page, with the bank named', async () => {
    const res = await app.request.get(`${API}/banche/30480/filiali?sort=cab`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(cabs(res.body)).toEqual(['01600', '01601']);
    expect(res.body.results[0]._labels).toEqual({ codAbi: '30480 - Banca di Credito Cooperativo di Esempio' });
  });

  it('keeps the caller\'s scope on both levels: a branch user sees its branch, another bank is missing', async () => {
    const filiale = await app.loginAs('filiale.30480');
    expect(cabs((await filiale.get(`${API}/banche/30480/filiali`)).body)).toEqual(['01600']);
    const sede = await app.loginAs('sede.30480');
    const other = await sede.get(`${API}/banche/60855/filiali`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
  });
});
