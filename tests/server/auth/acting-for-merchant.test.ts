/**
 * PUT users/logToEserWpbProfile (seed 000 §7, issue 18): assistance enters a merchant's business profile, choosing
 * the bank when the merchant has several; the session is the merchant administrator's, marked (users/me actingBy)
 * and audited (accesso_federato tipo assistenza) as assistance acting for the merchant. Nobody else may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOpened } from '../../support/close-opened.js';
import { API, createTestApp, type TestApp } from '../../support/test-app.js';

let app: TestApp;
const enter = (body: Record<string, unknown>, agent = app.request) => agent.put(`${API}/users/logToEserWpbProfile`).send(body);
const meWith = (token: string) => app.anonymous.get(`${API}/users/me`).set('X-AuthToken', token);

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await closeOpened(app);
});

describe('PUT users/logToEserWpbProfile', () => {
  it("gives assistance a session of the merchant's administrator, marked and audited; its own session stays", async () => {
    const res = await enter({ codEsercente: '0001234' });
    expect(res.status).toBe(200);
    expect(res.body.expire_in).toBe(28800);
    const me = await meWith(res.body.access_token);
    expect(me.body).toMatchObject({ username: 'merchant.0001234', isMerchant: true, isAssistenza: false, actingBy: 'assistenza' });
    // The merchant's scope, not assistance's.
    expect(me.body.fixedMerchant).toBe('0001234');
    expect(await app.db('accesso_federato').orderBy('id', 'desc').first()).toMatchObject({ tipo: 'assistenza', esito: 'ok', username: 'merchant.0001234', acting_by: 'assistenza' });
    expect((await app.request.get(`${API}/users/me`)).body).toMatchObject({ username: 'assistenza', actingBy: null });
  });

  it("a merchant's own login is not marked", async () => {
    const merchant = await app.loginAs('merchant.0001234', 'merchant');
    expect((await merchant.get(`${API}/users/me`)).body.actingBy).toBeNull();
  });

  it('asks for the bank when the merchant is in several, and enters the one chosen', async () => {
    await app.db('gruppo').insert({ group_name: '08549-0001234', description: 'Bar Centrale (08549)', group_type: 'M', parent_group: '08549' });
    await app.db('utente').insert({ username: 'merchant.08549', full_name: 'Bar Centrale 08549', email: 'bar@esempio.example', group: '08549-0001234', locked: false, enabled: true });
    const none = await enter({ codEsercente: '0001234' });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'codAbi', message: 'Selezionare una banca' }] });
    const chosen = await enter({ codEsercente: '0001234', codAbi: '08549' });
    expect(chosen.status).toBe(200);
    expect((await meWith(chosen.body.access_token)).body).toMatchObject({ username: 'merchant.08549', actingBy: 'assistenza' });
    expect((await enter({ codEsercente: '0001234', codAbi: '30480' })).status).toBe(200);
    expect((await enter({ codEsercente: '0001234', codAbi: '60855' })).body).toEqual({
      errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [{ field: 'codAbi', message: "L'esercente non è presente nella banca scelta" }],
    });
  });

  it('answers 404 for an unknown merchant, and refuses whoever is not assistance', async () => {
    expect((await enter({ codEsercente: '9999999' })).body).toEqual({
      errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [{ field: 'codEsercente', message: 'Esercente non trovato' }],
    });
    for (const [username, userType] of [['sede.30480', 'banca'], ['merchant.0001234', 'merchant'], ['agente.push', 'banca']]) {
      const agent = await app.loginAs(username, userType);
      const res = await enter({ codEsercente: '0001234', codAbi: '30480' }, agent);
      expect(res.status).toBe(403);
      expect(res.body.errorMessage).toBe('Operazione non consentita');
    }
    expect((await app.anonymous.put(`${API}/users/logToEserWpbProfile`).send({ codEsercente: '0001234' })).status).toBe(401);
  });
});
