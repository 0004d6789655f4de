/**
 * Found by the contract fuzzer (tests/contract/fuzz.test.ts): a body over the 1 MB limit, and a gzip body
 * that does not inflate, were 500 "contattare il supporto". A body the server cannot read is the client's
 * mistake, answered in Italian with nothing written: 413 BODY_TOO_LARGE over the operation's limit
 * (issue 12 item 10: server/http/json-body.ts), 400 VALIDATION_ERROR on `body` for the rest.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const refused = (message: string) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'body', message }] });

describe('a body the server cannot read', () => {
  it("over 1 MB is 413 'Richiesta non valida: corpo troppo grande', and no bank is written", async () => {
    const logged = vi.spyOn(console, 'error');
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '42001', nomeBcc: 'x'.repeat(1_100_000), group: {} });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errorMessage: 'Richiesta non valida: corpo troppo grande', code: 'BODY_TOO_LARGE', details: [] });
    expect(logged).not.toHaveBeenCalled(); // not an unexpected failure
    logged.mockRestore();
    expect(await app.db('banca').where({ cod_abi: '42001' }).first()).toBeUndefined();
  });

  it.each([
    ['gzip that does not inflate', { 'Content-Encoding': 'gzip' }],
    ['an unknown compression', { 'Content-Encoding': 'xyz' }],
    ['an unknown charset', { 'Content-Type': 'application/json; charset=latin-9' }],
  ])('with %s is 400 on body', async (_label, headers) => {
    const res = await app.request.post(`${API}/banche`).set({ 'Content-Type': 'application/json', ...headers }).send('{"codAbi":"42002"}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('Valore non valido'));
  });
});
