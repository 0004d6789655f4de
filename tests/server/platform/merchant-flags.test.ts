/**
 * Functions that depend on the caller's merchant (docs/spec-language.md#functions-that-depend-on-the-merchant), on
 * the fixture: CAT_VETRINE requires the merchant's `vetrine` (tests/fixtures/spec/catalogo/esercente.yaml). While
 * it is off, the merchant's users hold no CAT_VETRINE grant and every shop-window operation answers 403; bank and
 * assistance users are not affected; a change of the flag by staff takes effect at the merchant's next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
type Agent = TestApp['request'];
const as: Record<string, Agent> = {};
const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };

beforeAll(async () => {
  app = await createFixtureApp();
  for (const u of ['assistenza', 'sede.10001']) as[u] = await app.loginAs(u);
  for (const u of ['esercente.0000001', 'operatore.0000001', 'esercente.0000002']) as[u] = await app.loginAs(u, 'merchant');
});
afterAll(() => app.close());

async function setVetrine(codEser: string, on: boolean): Promise<void> {
  const url = `${API}/esercenti/${codEser}`;
  const read = await as.assistenza.get(url);
  const res = await as.assistenza.put(url).set('If-Match', await etagOf(as.assistenza, url)).send({ ...read.body, vetrine: on });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const strings = (body: unknown): string[] => (Array.isArray(body) ? body.map(String) : []);
const grants = async (user: string) => strings((await as[user].get(`${API}/permessi`)).body).filter((g) => g.startsWith('CAT_VETRINE:'));

describe('a function that requires a merchant flag', () => {
  it('is held by the users of a merchant that has the flag on', async () => {
    expect(await grants('esercente.0000002')).toEqual(['CAT_VETRINE:VISUALIZZAZIONE', 'CAT_VETRINE:CREAZIONE', 'CAT_VETRINE:AGGIORNAMENTO']);
    expect((await as['esercente.0000002'].get(`${API}/vetrine`)).status).toBe(200);
  });

  it('is withheld from them, on every operation, once staff switch the flag off; others keep theirs', async () => {
    await setVetrine('0000002', false);
    const me = as['esercente.0000002'];
    expect(await grants('esercente.0000002')).toEqual([]);
    for (const res of [
      await me.get(`${API}/vetrine`),
      await me.get(`${API}/vetrine/V003`),
      await me.post(`${API}/vetrine`).send({ codice: 'V120', codAbi: '10001', codEser: '0000002', pdvid: '3', titolo: 'Prova' }),
      await me.put(`${API}/vetrine/V003`).send({ codice: 'V003', codAbi: '10001', codEser: '0000002', pdvid: '3', titolo: 'Prova' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    // Another merchant of the same bank, its operator, the bank and assistance are not touched.
    for (const user of ['esercente.0000001', 'operatore.0000001', 'sede.10001', 'assistenza']) {
      expect((await as[user].get(`${API}/vetrine`)).status, user).toBe(200);
    }
    expect((await as.assistenza.get(`${API}/vetrine/V003`)).status).toBe(200);
  });

  it('comes back when staff switch the flag on again', async () => {
    await setVetrine('0000002', true);
    const res = await as['esercente.0000002'].get(`${API}/vetrine`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { codice: string }) => r.codice)).toEqual(['V003']);
  });

  it('is withheld from the operators of the merchant too', async () => {
    await setVetrine('0000001', false);
    for (const user of ['esercente.0000001', 'operatore.0000001']) {
      expect((await as[user].get(`${API}/vetrine`)).status, user).toBe(403);
      expect(await grants(user), user).toEqual([]);
    }
    await setVetrine('0000001', true);
    expect((await as['operatore.0000001'].get(`${API}/vetrine`)).status).toBe(200);
  });
});
