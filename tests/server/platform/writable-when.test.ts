/**
 * `writableWhen` (docs/spec-language.md#field-access): a stored value only callers for whom the condition holds
 * change, the condition reading the stored row, the caller and related rows, a list of values among them (`values`).
 * GET names the locked fields in `_readOnly`; an update that changes one is 403 with the field's message; sending
 * it back as it is passes. On the fixture's orders: the customer is the order's bank's, the discount of an order
 * holding the promotional article ALFA02 assistance's (tests/fixtures/spec/catalogo/ordine.yaml).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

const CUSTOMER = "Il cliente è modificabile solo dalla banca dell'ordine";
const DISCOUNT = "Lo sconto di un ordine con articoli in promozione è modificabile solo dall'assistenza";

let app: TestApp;
let as: Record<string, TestApp['request']>;

beforeAll(async () => {
  app = await createFixtureApp();
  as = { assistenza: app.request };
  for (const user of ['sede.10001', 'federazione']) as[user] = await app.loginAs(user);
});
afterAll(() => app.close());

/** Reads the order as `user` and sends it back with `change`. */
async function save(user: string, path: string, change: Record<string, unknown>) {
  const read = await as[user].get(`${API}/ordini/${path}`);
  expect(read.status).toBe(200);
  const { _labels: _names, _readOnly: _locked, ...row } = read.body;
  return as[user].put(`${API}/ordini/${path}`).set('If-Match', read.headers.etag).send({ ...row, ...change });
}

describe('writableWhen over the caller and the stored row', () => {
  it("the federation reads a member bank's order with the customer locked, and may not change it", async () => {
    expect((await as.federazione.get(`${API}/ordini/20002/000003`)).body._readOnly).toEqual(['cliente']);
    const refused = await save('federazione', '20002/000003', { cliente: 'Paolo Verdi Jr' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [{ field: 'cliente', message: CUSTOMER }] });
    const other = await save('federazione', '20002/000003', { note: 'Citofonare' });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ cliente: 'Paolo Verdi', note: 'Citofonare' });
  });

  it("the order's own bank and assistance change the customer", async () => {
    expect((await as['sede.10001'].get(`${API}/ordini/10001/000002`)).body._readOnly).toEqual([]);
    expect((await save('sede.10001', '10001/000002', { cliente: 'Luisa Bianchi Rossi' })).status).toBe(200);
    expect((await save('assistenza', '20002/000003', { cliente: 'Paolo Verdi & C.' })).body.cliente).toBe('Paolo Verdi & C.');
  });
});

describe('writableWhen over a list of related values', () => {
  it('an order holding ALFA02 has its discount locked for the bank; one without it does not', async () => {
    expect((await as['sede.10001'].get(`${API}/ordini/10001/000001`)).body._readOnly).toEqual(['sconto']);
    const refused = await save('sede.10001', '10001/000001', { sconto: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual([{ field: 'sconto', message: DISCOUNT }]);
    expect((await save('assistenza', '10001/000001', { sconto: 10 })).status).toBe(200);
    // The list follows the lines: without ALFA02 the discount is the bank's again.
    const lines = await as['sede.10001'].get(`${API}/ordini/10001/000001/righe`);
    const kept = lines.body.filter((r: { articolo: string }) => r.articolo !== 'ALFA02').map(({ _labels: _names, ...r }: Record<string, unknown>) => r);
    const read = await as['sede.10001'].get(`${API}/ordini/10001/000001`);
    expect((await as['sede.10001'].put(`${API}/ordini/10001/000001/righe`).set('If-Match', read.headers.etag).send(kept)).status).toBe(200);
    expect((await as['sede.10001'].get(`${API}/ordini/10001/000001`)).body._readOnly).toEqual([]);
    expect((await save('sede.10001', '10001/000001', { sconto: 5 })).body.sconto).toBe(5);
  });
});
