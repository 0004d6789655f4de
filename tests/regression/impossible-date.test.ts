/**
 * Found by the contract fuzzer (tests/contract/fuzz.test.ts): the validator checked date formats with a
 * regular expression only ('fast' mode), so 2023-02-29 was stored (and was a 500 on PostgreSQL). Dates
 * are now checked as dates: 400 with the field's format message, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

describe('a date that is not in the calendar', () => {
  it.each(['2023-02-29', '2024-04-31', '2024-13-01'])('%s is 400 "Formato non valido" and the bank is not created', async (date) => {
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '44001', nomeBcc: 'Banca', group: { description: 'G' }, dataAdesione: date });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'dataAdesione', message: 'Formato non valido' }] });
    expect(await app.db('banca').where({ cod_abi: '44001' }).first()).toBeUndefined();
  });

  it('a leap day that exists is accepted', async () => {
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '44002', nomeBcc: 'Banca', group: { description: 'G' }, dataAdesione: '2024-02-29' });
    expect(res.status).toBe(201);
    expect(res.body.dataAdesione).toBe('2024-02-29');
  });
});
