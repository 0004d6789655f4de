/**
 * Issue 18: the merchant's operator editor (spec/sicurezza/utente-esercente.yaml, WB_GESTIONE_UTENZE) ties the role
 * MERCHANT_OP_PWM (PayWayMail) to the function PWMAIL (child `choices.functions`, docs/spec-language.md#child-choices).
 * A merchant whose merchant has no pay by mail (merchant.0003456, hasPwMail off: it holds no PWMAIL grant) may not
 * give it, on a create or an update (400 with the choice's message); it still gives the other operator roles. A
 * merchant with pay by mail (merchant.0001234) gives it as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const URL = `${API}/wpbmerchant`;
const NOT_GRANTABLE = "Ruolo non assegnabile dall'esercente";
const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });

let app: TestApp;
const as: Record<string, TestApp['request']> = {};

const operator = (username: string, group: string, store: string, roles: string[]) => ({
  username, email: `${username}@esercente.example`, fullName: `Operatore ${username}`, userAccountName: username, enabled: true,
  group, authorities: roles.map((roleName) => ({ roleName })), negozi: [{ pdvid: store }],
});
const rolesOf = (row: { authorities: { roleName: string }[] }) => row.authorities.map((r) => r.roleName).sort();

beforeAll(async () => {
  app = await createTestApp();
  for (const u of ['merchant.0001234', 'merchant.0003456']) as[u] = await app.loginAs(u, 'merchant');
}, 240_000);
afterAll(() => app.close());

describe('the PayWayMail role (MERCHANT_OP_PWM) tied to pay by mail', () => {
  it('is refused to merchant.0003456, whose merchant has no pay by mail, on a new operator', async () => {
    const res = await as['merchant.0003456'].post(URL).send(operator('op.dolomiti1', '34256-0003456', '3001', ['MERCHANT_OP_STAT', 'MERCHANT_OP_PWM']));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'authorities.1.roleName', message: `${NOT_GRANTABLE}: MERCHANT_OP_PWM` }));
    expect(await app.db('utente').where({ username: 'op.dolomiti1' }).first()).toBeUndefined();
  });

  it('lets merchant.0003456 give the other roles, and refuses PayWayMail on a later change', async () => {
    const created = await as['merchant.0003456'].post(URL).send(operator('op.dolomiti2', '34256-0003456', '3001', ['MERCHANT_OP_STAT']));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(rolesOf(created.body)).toEqual(['MERCHANT_OP', 'MERCHANT_OP_STAT']);
    const read = await as['merchant.0003456'].get(`${URL}/op.dolomiti2`);
    const changed = await as['merchant.0003456'].put(`${URL}/op.dolomiti2`).set('If-Match', read.headers.etag)
      .send({ ...read.body, authorities: [...read.body.authorities, { roleName: 'MERCHANT_OP_PWM' }] });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual(invalid({ field: 'authorities.2.roleName', message: `${NOT_GRANTABLE}: MERCHANT_OP_PWM` }));
  });

  it('is given by merchant.0001234, whose merchant has pay by mail', async () => {
    const res = await as['merchant.0001234'].post(URL).send(operator('op.centrale1', '30480-0001234', '1001', ['MERCHANT_OP_PWM']));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(rolesOf(res.body)).toEqual(['MERCHANT_OP', 'MERCHANT_OP_PWM']);
  });
});
