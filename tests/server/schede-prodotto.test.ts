/**
 * The product sheets of the business portal (seed 000 §2 /wpbusiness/profilo/schedeProdotto,
 * spec/profilo/scheda-prodotto.yaml): the generic POS models of the enabled terminals the caller may read, each with
 * its data and its PDF. The models know no merchant: the scope is their terminals' (viewRows withinScope), so a
 * merchant reads its own terminals' models, an operator those of its assigned stores, and any other model is 404,
 * by key, by filter and by its sheet; a bank user has no such function (403).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const SCHEDE = `${API}/wpbusiness/schedeProdotto`;

type Listed = { results: Record<string, unknown>[]; totalCount: number };

const bytesOf = (body: unknown): Buffer => {
  if (!Buffer.isBuffer(body)) throw new Error('the answer is not bytes');
  return body;
};

let app: TestApp;
let as: Record<string, TestApp['request']>;

/** Downloads as bytes (supertest would parse a PDF as text or nothing). */
const download = (agent: TestApp['request'], url: string) => agent.get(url).buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

const codes = (res: { body: Listed }) => res.body.results.map((r) => r.codModpos);

beforeAll(async () => {
  app = await createTestApp();
  // Bar Centrale's store 1002 (not the operator's 1001) gets a push POS (G03, no sheet) and a disabled withdrawn one
  // (G04): the first is the merchant's only, the second nobody's, as its terminal is off.
  const terminal = { pdvid: '1002', cod_eser: '0001234', abi: '30480', tipo_conn: 'U', tipo_modpos: 'F', des_provenienza: 'NB' };
  await app.db('terminale').insert([
    { ...terminal, posid: '30480091', cod_modpos: 'G03', enable: true },
    { ...terminal, posid: '30480092', cod_modpos: 'G04', enable: false },
  ]);
  as = { assistenza: app.request, 'sede.30480': await app.loginAs('sede.30480') };
  for (const user of ['merchant.0001234', 'operatore.0001234']) as[user] = await app.loginAs(user, 'merchant');
}, 240_000);
afterAll(() => app.close());

describe('the list (seed 000 §2 profilo/schedeProdotto)', () => {
  it("lists the merchant the models of its enabled terminals, with their data and sheet", async () => {
    const res = await as['merchant.0001234'].get(SCHEDE);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.results.map((r: Record<string, unknown>) => [r.codModpos, r.descrizione, r.marca, r.tipo, r.flgSmartPos, Boolean(r.scheda)])).toEqual([
      ['G01', 'POS cordless generico', 'Vari', 'F', false, true],
      ['G02', 'Smart POS generico', 'Vari', 'F', true, true],
      ['G03', 'POS push', 'Vari', 'P', false, false],
    ]);
    // The view shows the model's data and sheet only: not its bank-side settings.
    expect(Object.keys(res.body.results[0])).not.toContain('flgOrdinabile');
  });

  it('lists an operator the models of the terminals of its assigned store only', async () => {
    const res = await as['operatore.0001234'].get(SCHEDE);
    expect(res.status).toBe(200);
    expect(codes(res)).toEqual(['G01', 'G02']);
    expect((await as['operatore.0001234'].get(`${SCHEDE}?codModpos=G03`)).body).toMatchObject({ totalCount: 0, results: [] });
  });

  it("finds no model of another merchant's terminals, even by its code", async () => {
    // 901 is the pay-by-mail model of 0004567's terminal; G04 is Bar Centrale's on a disabled terminal only.
    for (const code of ['901', 'G04']) {
      const res = await as['merchant.0001234'].get(`${SCHEDE}?codModpos=${code}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalCount: 0, results: [] });
    }
  });

  it("lists assistance every model with an enabled terminal (G04: another bank's terminal to replace)", async () => {
    const res = await as.assistenza.get(SCHEDE);
    expect(res.status).toBe(200);
    expect(codes(res)).toEqual(['901', 'G01', 'G02', 'G03', 'G04']);
  });

  it('is no function of the bank side: a bank user gets 403 "Operazione non consentita"', async () => {
    const res = await as['sede.30480'].get(SCHEDE);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' });
  });
});

describe('a model and its sheet', () => {
  it('answers the merchant its model, and its sheet as the real PDF', async () => {
    const row = await as['merchant.0001234'].get(`${SCHEDE}/G01`);
    expect(row.status).toBe(200);
    expect(row.body).toMatchObject({ codModpos: 'G01', descrizione: 'POS cordless generico', tipo: 'F' });
    const pdf = await download(as['merchant.0001234'], `${SCHEDE}/G01/scheda`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('scheda-prodotto-G01.pdf');
    expect(Buffer.compare(bytesOf(pdf.body), readFileSync('spec/demo/files/scheda-prodotto-G01.pdf'))).toBe(0);
  });

  it('answers 404 "Nessun file presente" for a model of its own without a sheet', async () => {
    const res = await as['merchant.0001234'].get(`${SCHEDE}/G03/scheda`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'FILE_NOT_FOUND', errorMessage: 'Nessun file presente' });
  });

  it("answers 404 \"Elemento non trovato\" for another merchant's model and for another store's, by key and by sheet", async () => {
    const cases: [string, string][] = [['merchant.0001234', '901'], ['merchant.0001234', 'G04'], ['operatore.0001234', 'G03'], ['merchant.0001234', 'XYZ']];
    for (const [user, code] of cases) {
      for (const url of [`${SCHEDE}/${code}`, `${SCHEDE}/${code}/scheda`]) {
        const res = await as[user].get(url);
        expect(res.status, `${user} ${url}`).toBe(404);
        expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
      }
    }
  });

  it('is read-only: no create, change or upload of a sheet through the business portal', async () => {
    expect((await as['merchant.0001234'].post(SCHEDE).send({ codModpos: 'G09', descrizione: 'x' })).status).toBe(404);
    expect((await as['merchant.0001234'].put(`${SCHEDE}/G01`).send({ descrizione: 'x' })).status).toBe(404);
    expect((await as['merchant.0001234'].put(`${SCHEDE}/G01/scheda`).attach('file', Buffer.from('%PDF-1.4\n'), 'x.pdf')).status).toBe(404);
  });
});
