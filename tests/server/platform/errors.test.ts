/**
 * The error body every client relies on: {errorMessage, code, details} in Italian, for unknown
 * routes, unreadable bodies, wrong query parameters and unexpected failures (no stack, no SQL).
 * Also: every schema of the fixture's document compiles, so a kind of schema the generator gets wrong
 * fails here, not as a 500 (tests/server/openapi-schemas.test.ts compiles the domain's document).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { FIXTURE_GENERATED_DIR } from '../../support/fixture-paths.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

/** A valid new order of bank 10001 but for what a test adds. */
const order = (extra: Record<string, unknown>) => ({ codAbi: '10001', numero: '555555', cliente: 'X', dataOrdine: '2026-03-01', ...extra });
/** A valid new article but for what a test adds. */
const article = (extra: Record<string, unknown>) => ({ codice: 'ZZ09', codAbi: '10001', nome: 'Articolo', categoria: 'LIB', prezzo: 1, ...extra });

describe('client mistakes', () => {
  it("an unknown API path is 404 ROUTE_NOT_FOUND 'Servizio inesistente'", async () => {
    const res = await app.request.get(`${API}/pippo`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] });
  });

  it("a method the path does not have is 'Servizio inesistente' too", async () => {
    const res = await app.request.patch(`${API}/ordini/10001/000001`).send({ cliente: 'X' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] });
  });

  it('a body is taken as typed: null or text for a required number is refused, never stored as 0 or converted', async () => {
    for (const [codice, prezzo] of [['ZZ07', null], ['ZZ08', '12']] as const) {
      const res = await app.request.post(`${API}/articoli`).send(article({ codice, prezzo }));
      expect(res.status, JSON.stringify(prezzo)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['prezzo']);
      expect((await app.request.get(`${API}/articoli/${codice}`)).status).toBe(404);
    }
  });

  it('a malformed JSON body is 400 in Italian', async () => {
    const res = await app.request.post(`${API}/ordini`).set('Content-Type', 'application/json').send('{"numero": "123456",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'body', message: 'Valore non valido' }] });
  });

  it("page=abc is 400 'Campo numerico' on the page parameter", async () => {
    const res = await app.request.get(`${API}/ordini?page=abc`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'page', message: 'Campo numerico' }] });
  });

  it('a negative page is refused', async () => {
    const res = await app.request.get(`${API}/ordini?page=-1`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'page', message: "Il valore è troppo piccolo" }]);
  });

  it('a wrongly typed body value is answered in Italian, never with the validator\'s English', async () => {
    const res = await app.request.post(`${API}/articoli`).send(article({ peso: 'alto' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'peso', message: 'Campo numerico' }] });
  });
});

describe("the type message 'Campo numerico' is for numbers only", () => {
  it('a non-number in a decimal field is \'Campo numerico\'', async () => {
    const res = await app.request.post(`${API}/ordini`).send(order({ consegna: { indirizzo: 'Via X' }, sconto: 'dodici' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'sconto', message: 'Campo numerico' }]);
  });

  it("a non-boolean in a flag is 'Valore non valido'", async () => {
    const res = await app.request.post(`${API}/ordini`).send(order({ consegna: { indirizzo: 'Via X' }, urgente: 'forse' }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'urgente', message: 'Valore non valido' }]);
  });

  it.each([
    ['consegna', { consegna: 'x' }],
    ['righe', { consegna: { indirizzo: 'Via X' }, righe: 'x' }],
  ])("a text where the child %s belongs is not called 'Campo numerico'", async (field, body) => {
    const res = await app.request.post(`${API}/ordini`).send(order(body));
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveLength(1);
    expect(res.body.details[0].field).toBe(field);
    expect(res.body.details[0].message).not.toBe('Campo numerico');
  });

  it("an object where the list of a child replace belongs is not called 'Campo numerico'", async () => {
    const url = `${API}/ordini/10001/000001/righe`;
    const res = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ riga: 1, articolo: 'ALFA01', quantita: 1 });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveLength(1);
    expect(res.body.details[0].field).toBe('body');
    expect(res.body.details[0].message).not.toBe('Campo numerico');
  });
});

describe('unexpected failures', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createFixtureApp();
    await broken.db.schema.dropTable('movimento');
  });
  afterAll(() => broken.close());

  it('answer 500 with the generic Italian message and no stack trace or SQL', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await broken.request.get(`${API}/movimenti`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ errorMessage: 'Errore durante la chiamata al server - contattare il supporto', code: 'INTERNAL_ERROR', details: [] });
      const text = res.text.toLowerCase();
      for (const leak of ['select', 'sqlite', 'no such table', 'movimento', ' at ', '.ts:', 'stack']) expect(text).not.toContain(leak);
      expect(logged).toHaveBeenCalled(); // the cause goes to the log, not to the user
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the fixture's openapi.json", () => {
  const doc: { components: { schemas: Record<string, unknown> } } = JSON.parse(readFileSync(join(FIXTURE_GENERATED_DIR, 'openapi.json'), 'utf8'));
  const names = Object.keys(doc.components.schemas);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');

  it('declares the component schemas of every entity', () => {
    expect(names).toEqual(expect.arrayContaining(['Ordine', 'OrdineInput', 'OrdinePage', 'Articolo', 'Categoria', 'Movimento', 'Error']));
  });

  it.each(names)('schema %s compiles with Ajv 2020', (name) => {
    expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` })).not.toThrow();
  });

  it('the Error schema accepts the error body the API answers', async () => {
    const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' });
    const res = await app.request.get(`${API}/ordini/10001/999999`);
    expect(validate(res.body)).toBe(true);
  });
});
