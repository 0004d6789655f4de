/**
 * Found by the contract fuzzer (tests/contract/fuzz.test.ts): text with a NUL character (U+0000) was
 * stored as is on SQLite and was a 500 on PostgreSQL, which cannot hold it in a text column. It is now
 * refused wherever it comes (body, query, path) with 400 on that field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const refused = (field: string) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field, message: 'Valore non valido' }] });

describe('a NUL character', () => {
  it('in a body field is 400 on that field and the branch is not created', async () => {
    const res = await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '43001', nome: 'Filiale\u0000nascosta' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('nome'));
    expect(await app.db('filiale').where({ cab: '43001' }).first()).toBeUndefined();
  });

  it('in a child row names the child field', async () => {
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '43002', nomeBcc: 'Banca', group: { description: 'a\u0000b' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('group.description'));
  });

  it('in a query filter is 400 on that parameter', async () => {
    const res = await app.request.get(`${API}/banche?name=a%00b`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('name'));
  });

  it('in a path parameter without a pattern is 400 on that parameter', async () => {
    const res = await app.request.get(`${API}/gruppi/11%0000`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('groupName'));
  });

  it('in the login body is 400, not a wrong password that counts towards the lockout', async () => {
    const res = await app.anonymous.post(`${API}/authorization/auth?userType=banca`).send({ username: 'sede.30480', password: 'x\u0000' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('password'));
    expect((await app.db('credenziale').where({ username: 'sede.30480' }).first()).failed_attempts).toBe(0);
  });
});
