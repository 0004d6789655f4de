/**
 * Issue 18: pay by mail (PWMAIL) only for merchants with hasPwMail (seed 002 §6 "Pay-by-mail merchants are those
 * with hasPwMail and enable"; spec/platform/functions.yaml requiresMerchantFlag). A merchant without it, and its
 * operators, hold no PWMAIL grant whatever their roles: no menu entry, and every pay-by-mail operation (list, get,
 * create, actions, the texts) answers 403. Bank and assistance users are not affected, and a change of the flag
 * by staff takes effect on the merchant's next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const BASE = `${API}/serviziPosVirtuali/pagamentoMail`;
const TEXTS = `${API}/messaggiMail`;
const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
// Demo requests (spec/demo/55-pay-by-mail.yaml): Bar Centrale's, store 1001, waiting and reserved.
const tid = (n: number) => `9b1e0a52-0c4f-4b8e-9a51-${String(n).padStart(12, '0')}`;
const PWMAIL_ROUTES = ['/wpbusiness/servizi/pwmail/richieste', '/wpbusiness/servizi/pwmail/messaggimail'];

type Agent = TestApp['request'];
let app: TestApp;
const as: Record<string, Agent> = {};

beforeAll(async () => {
  app = await createTestApp();
  for (const u of ['merchant.0001234', 'operatore.0001234', 'merchant.0003456']) as[u] = await app.loginAs(u, 'merchant');
  as.assistenza = await app.loginAs('assistenza');
}, 240_000);
afterAll(() => app.close());

const request = (codAbi: string, codEsercente: string, shopId: string) => ({
  tipoInvio: 'EMAIL', linguaInvio: 'IT', trType: 'PURCHASE', codAbi, codEsercente, shopId,
  importo: 12, destinatario: 'cliente.prova@cliente.example', nomeDestinatario: 'Cliente Prova', descrizione: 'Prova',
});
/** A list of codes the API answered (grants, routes). */
const strings = (body: unknown): string[] => (Array.isArray(body) ? body.map(String) : []);
const pwmailGrants = async (user: string) => strings((await as[user].get(`${API}/permessi`)).body).filter((g) => g.startsWith('PWMAIL:'));
const menu = async (user: string) => strings((await as[user].get(`${API}/menuitems`)).body);

/** Assistance switches a merchant's pay by mail on or off, through the registry's own update. */
async function setPwMail(codEser: string, on: boolean): Promise<void> {
  const url = `${API}/esercenti/${codEser}`;
  const read = await as.assistenza.get(url);
  expect(read.status).toBe(200);
  const res = await as.assistenza.put(url).set('If-Match', read.headers.etag).send({ ...read.body, hasPwMail: on });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.hasPwMail).toBe(on);
}

describe('a merchant without pay by mail (0003456, Hotel Dolomiti)', () => {
  it('holds no PWMAIL grant and has no pay-by-mail menu entry, whatever its role gives', async () => {
    expect(await pwmailGrants('merchant.0003456')).toEqual([]);
    const routes = await menu('merchant.0003456');
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.includes('/pwmail'))).toEqual([]);
  });

  it.each([
    ['list the requests', (a: Agent) => a.get(BASE)],
    ['read a request', (a: Agent) => a.get(`${BASE}/${tid(1)}`)],
    ['send a request', (a: Agent) => a.post(BASE).send(request('34256', '0003456', '3001'))],
    ['cancel a request', (a: Agent) => a.post(`${BASE}/${tid(2)}/annulla`).send({})],
    ['list the texts', (a: Agent) => a.get(TEXTS)],
  ])('may not %s: 403', async (_what, call) => {
    const res = await call(as['merchant.0003456']);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });
});

describe('a merchant with pay by mail (0001234, Bar Centrale)', () => {
  it('the merchant and its operator list the requests and see the menu entries', async () => {
    for (const user of ['merchant.0001234', 'operatore.0001234']) {
      expect((await as[user].get(BASE)).status, user).toBe(200);
      expect(await pwmailGrants(user), user).toContain('PWMAIL:VISUALIZZAZIONE');
    }
    expect(await menu('merchant.0001234')).toEqual(expect.arrayContaining(PWMAIL_ROUTES));
  });
});

describe('staff switches pay by mail off and on again', () => {
  it('the merchant and its operator lose every pay-by-mail operation at their next call; staff keep theirs', async () => {
    await setPwMail('0001234', false);
    for (const user of ['merchant.0001234', 'operatore.0001234']) {
      expect(await pwmailGrants(user), user).toEqual([]);
      const list = await as[user].get(BASE);
      expect(list.status, user).toBe(403);
      expect(list.body).toEqual(FORBIDDEN);
      expect((await as[user].get(`${BASE}/${tid(1)}`)).status, user).toBe(403);
      expect((await as[user].post(BASE).send(request('30480', '0001234', '1001'))).status, user).toBe(403);
    }
    expect((await menu('merchant.0001234')).filter((r) => r.includes('/pwmail'))).toEqual([]);
    // Assistance is no merchant: the flag does not touch it (bank roles hold no PWMAIL grant, spec/demo/07-ruoli.yaml).
    expect((await as.assistenza.get(BASE)).status).toBe(200);
    expect((await as.assistenza.get(`${BASE}/${tid(1)}`)).status).toBe(200);

    await setPwMail('0001234', true);
    expect((await as['merchant.0001234'].get(BASE)).status).toBe(200);
    expect((await as['operatore.0001234'].get(BASE)).status).toBe(200);
    expect(await menu('merchant.0001234')).toEqual(expect.arrayContaining(PWMAIL_ROUTES));
  });
});
