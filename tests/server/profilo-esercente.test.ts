/**
 * The merchant's profile in the business portal (seed 000 §2 /wpbusiness/profilo/datiPersonali, seed 002 §2 and §5):
 * its data to read, its e-invoicing PEC and SDI code to change (spec/profilo/profilo-esercente.yaml), its stores
 * with only phone and e-mail changeable (spec/profilo/profilo-negozio.yaml). What the merchant may not change is
 * refused by the server whatever the screen sends; another merchant's profile or store is 404; an operator reads
 * its merchant's profile and its own stores, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const PROFILO = `${API}/wpbusiness/profilo`;
const NEGOZI = `${API}/wpbusiness/negozi`;

let app: TestApp;
let as: Record<string, TestApp['request']>;

/** PUT of `change` over the row as GET answered it, with its version; the read-only fields left out as the form does. */
const save = async (user: string, url: string, change: Record<string, unknown>) => {
  const read = await as[user].get(url);
  expect(read.status, `${user} GET ${url}`).toBe(200);
  return as[user].put(url).set('If-Match', read.headers.etag).send(change);
};

beforeAll(async () => {
  app = await createTestApp();
  as = { assistenza: app.request, 'sede.30480': await app.loginAs('sede.30480') };
  for (const user of ['merchant.0001234', 'operatore.0001234']) as[user] = await app.loginAs(user, 'merchant');
}, 240_000);
afterAll(() => app.close());

describe('personal data and e-invoicing (seed 000 §2 profilo/datiPersonali)', () => {
  it("reads the merchant's own data with its PEC and SDI code; another merchant's is 404, the bank side 403", async () => {
    const res = await as['merchant.0001234'].get(`${PROFILO}/0001234`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ codEser: '0001234', ds: 'Bar Centrale S.r.l.', pivaEser: '01234560124', pec: 'barcentrale@pec.example', codiceSdi: 'M5UXCR1' });
    expect((await as['merchant.0001234'].get(`${PROFILO}/0002345`)).status).toBe(404);
    expect((await as['operatore.0001234'].get(`${PROFILO}/0001234`)).status).toBe(200);
    expect((await as['sede.30480'].get(`${PROFILO}/0001234`)).status).toBe(403);
  });

  it('lets the merchant change its PEC and SDI code, with the Italian messages for wrong ones', async () => {
    const saved = await save('merchant.0001234', `${PROFILO}/0001234`, { pec: 'fatture@pec.barcentrale.example', codiceSdi: 'KRRH6B9' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ pec: 'fatture@pec.barcentrale.example', codiceSdi: 'KRRH6B9', ds: 'Bar Centrale S.r.l.' });
    const wrong = await save('merchant.0001234', `${PROFILO}/0001234`, { pec: 'non-una-pec', codiceSdi: 'abc' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual(expect.arrayContaining([
      { field: 'pec', message: 'Indirizzo PEC non valido' },
      { field: 'codiceSdi', message: 'Il codice destinatario SDI è di 7 caratteri: lettere maiuscole e cifre' },
    ]));
  });

  it('refuses every other field of the merchant, whatever the screen sends, and changes nothing', async () => {
    for (const change of [{ ds: 'Altro Nome' }, { iban: 'IT60X0542811101000000123456' }, { codAbi: '34256' }, { email: 'x@y.example' }, { enable: false }]) {
      const res = await save('merchant.0001234', `${PROFILO}/0001234`, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.details).toEqual([{ field: Object.keys(change)[0], message: 'Campo non previsto' }]);
    }
    const bank = await as['sede.30480'].get(`${API}/esercenti/0001234`);
    expect(bank.body).toMatchObject({ ds: 'Bar Centrale S.r.l.', iban: 'IT56X3048001600000000001234', codAbi: '30480', enable: true });
  });

  it('lets an operator read but not change the profile', async () => {
    const res = await save('operatore.0001234', `${PROFILO}/0001234`, { codiceSdi: '0000000' });
    expect(res.status).toBe(403);
  });
});

describe("the stores' phone and e-mail (seed 000 §2: only those two, server-enforced)", () => {
  it("lists the merchant's stores, the operator only its own", async () => {
    const merchant = await as['merchant.0001234'].get(`${PROFILO}/0001234/negozi`);
    expect(merchant.status).toBe(200);
    expect(merchant.body.results.map((r: { pdvid: string }) => r.pdvid).sort()).toEqual(['1001', '1002', '1003']);
    const operator = await as['operatore.0001234'].get(`${PROFILO}/0001234/negozi`);
    expect(operator.body.results.map((r: { pdvid: string }) => r.pdvid)).toEqual(['1001']);
    expect((await as['operatore.0001234'].get(`${NEGOZI}/1002`)).status).toBe(404);
  });

  it('saves a new phone and e-mail of a store, and refuses a malformed phone with the Italian message', async () => {
    const saved = await save('merchant.0001234', `${NEGOZI}/1002`, { telefono: '02 1234-567', email: 'stazione@barcentrale.example' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ telefono: '02 1234-567', email: 'stazione@barcentrale.example', insegna: 'Bar Centrale Stazione' });
    const bank = await as['sede.30480'].get(`${API}/negozi/1002`);
    expect(bank.body).toMatchObject({ telefono: '02 1234-567', email: 'stazione@barcentrale.example', iban: 'IT88H3048001600000000009012' });
    const wrong = await save('merchant.0001234', `${NEGOZI}/1002`, { telefono: '02 ABC', email: 'posta' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual(expect.arrayContaining([
      { field: 'telefono', message: 'Il telefono può contenere solo cifre, spazi e i caratteri / . -' },
      { field: 'email', message: 'Mail non valida.' },
    ]));
  });

  it("refuses any other store field, another merchant's store and an operator's change", async () => {
    for (const change of [{ insegna: 'Nuova insegna' }, { iban: 'IT60X0542811101000000123456' }, { codEser: '0002345' }, { cab: '01601' }]) {
      const res = await save('merchant.0001234', `${NEGOZI}/1001`, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.details).toEqual([{ field: Object.keys(change)[0], message: 'Campo non previsto' }]);
    }
    expect((await as['sede.30480'].get(`${API}/negozi/1001`)).body).toMatchObject({ insegna: 'Bar Centrale', codEser: '0001234', cab: '01600' });
    expect((await as['merchant.0001234'].get(`${NEGOZI}/2001`)).status).toBe(404);
    expect((await as['merchant.0001234'].put(`${NEGOZI}/2001`).set('If-Match', '"x"').send({ telefono: '1' })).status).toBe(404);
    expect((await save('operatore.0001234', `${NEGOZI}/1001`, { telefono: '02 1' })).status).toBe(403);
  });
});
