/**
 * The merchant's documents in the business portal (seed 002 §2 "Merchant business-profile routes", §3 "Other",
 * §5, §6, §7 "Downloads", §9; seed 000 §2): invoices (spec/documenti/fattura-esercente.yaml, 30 a page) and debit
 * letters (spec/documenti/lettera-addebito.yaml, 10 a page, the end date at most the first day of the previous
 * month), each with its demo PDF. The scope is the server's: a merchant never reads another merchant's document,
 * by list, filter, id or file; an operator only its stores' letters; without the function, 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEndOf, romeToday } from '../../common/search-period.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const FATTURE = `${API}/wpbusiness/fatture`;
const LETTERE = `${API}/wpbusiness/lettereAddebito`;
/** The other merchant's (Ferramenta Verdi, 0002345) invoice and letter: what an attacker of 0001234 guesses. */
const OTHER_INVOICE = 'f0000000-0000-4000-8000-000000001015';
const OTHER_LETTER = '1a000000-0000-4000-8000-000000200109';
const OWN_INVOICE = 'f0000000-0000-4000-8000-000000000913';
/** A period the §5 rule allows whatever the day the test runs (the demo letters are of August and September 2026). */
const PERIOD = 'dataRiferimentoDa=2026-01-01&dataRiferimentoA=2026-10-01';

type Listed = { results: Record<string, unknown>[]; totalCount: number };
const listed = (res: { body: Listed }) => res.body;

let app: TestApp;
let as: Record<string, TestApp['request']>;

const pageSizeOf = (entity: string) => app.artifacts.model.entities.find((e) => e.name === entity)?.api.pageSize;

const bytesOf = (body: unknown): Buffer => {
  if (!Buffer.isBuffer(body)) throw new Error('the answer is not bytes');
  return body;
};

/** Downloads as bytes (supertest would parse a PDF as text or nothing). */
const download = (agent: TestApp['request'], url: string) => agent.get(url).buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

beforeAll(async () => {
  app = await createTestApp();
  // The other merchant's administrator (as tests/server/utenze-esercente.test.ts), and an operator of Bar Centrale
  // given "Documenti" (MERCHANT_OP_DOC) on store 1001 only.
  const { password_hash } = await app.db('credenziale').where({ username: 'merchant.0001234' }).first();
  await app.db('gruppo').insert({ group_name: '30480-0002345', description: 'Ferramenta Verdi', group_type: 'M', parent_group: '30480' });
  const users: [string, string, string[]][] = [
    ['merchant.0002345', '30480-0002345', ['ROLE_WPB']],
    ['documenti.0001234', '30480-0001234', ['MERCHANT_OP', 'MERCHANT_OP_DOC']],
  ];
  for (const [username, group, roles] of users) {
    await app.db('utente').insert({ username, full_name: username, email: `${username}@esercente.example`, group, locked: false, enabled: true });
    for (const role of roles) await app.db('utente_ruolo').insert({ username, role_name: role });
    await app.db('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
  }
  await app.db('utente_negozio').insert({ username: 'documenti.0001234', gruppo: '30480-0001234', pdvid: '1001' });
  as = { assistenza: app.request, 'sede.30480': await app.loginAs('sede.30480') };
  for (const user of ['merchant.0001234', 'operatore.0001234', 'documenti.0001234', 'merchant.0002345']) as[user] = await app.loginAs(user, 'merchant');
}, 240_000);
afterAll(() => app.close());

describe('invoices (seed 002 §3 invoice file, §7 list and download, §9 30 a page)', () => {
  it('lists the merchant its own invoices only, newest first, 30 a page', async () => {
    const res = await as['merchant.0001234'].get(FATTURE);
    expect(res.status).toBe(200);
    expect(listed(res).totalCount).toBe(3);
    expect(listed(res).results.map((r) => [r.numeroFattura, r.dataFattura, r.importo])).toEqual([
      ['2026/001014', '2026-10-31', 54.9], ['2026/000913', '2026-09-30', 54.9], ['2026/000812', '2026-08-31', 54.9],
    ]);
    // The row holds the stored file's id, never a path on the server (the seed's relativePath stays there).
    expect(JSON.stringify(listed(res))).not.toMatch(/relativePath|files\//);
    expect(pageSizeOf('FatturaEsercente')).toBe(30);
    const other = await as['merchant.0002345'].get(FATTURE);
    expect(listed(other).results.map((r) => r.numeroFattura)).toEqual(['2026/001015']);
  });

  it('downloads the merchant its invoice as the real PDF, under its name', async () => {
    const res = await download(as['merchant.0001234'], `${FATTURE}/${OWN_INVOICE}/documento`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="fattura-0001234-2026-09.pdf"');
    const bytes = bytesOf(res.body);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Fattura n. 2026/000913');
  });

  it("never gives merchant.0001234 another merchant's invoice: not by id, file, filter nor by naming the merchant", async () => {
    const me = as['merchant.0001234'];
    expect((await me.get(`${FATTURE}/${OTHER_INVOICE}`)).status).toBe(404);
    const file = await me.get(`${FATTURE}/${OTHER_INVOICE}/documento`);
    expect(file.status).toBe(404);
    expect(file.headers['content-type']).toMatch(/json/);
    expect((await me.get(`${FATTURE}?numeroFattura=2026/001015`)).body.totalCount).toBe(0);
    const named = await me.get(`${FATTURE}?codiceMaster=0002345`);
    expect(named.status === 200 ? named.body.totalCount : named.status).toBe(named.status === 200 ? 0 : 400);
    // Nor may anyone write one: the feed loads them.
    expect((await me.put(`${FATTURE}/${OWN_INVOICE}`).send({})).status).toBe(404);
  });

  it('refuses an operator without "Documenti" (MERCHANT_OP_DOC) with 403, and answers one who has it', async () => {
    const res = await as['operatore.0001234'].get(FATTURE);
    expect(res.status).toBe(403);
    expect((await as['operatore.0001234'].get(`${FATTURE}/${OWN_INVOICE}/documento`)).status).toBe(403);
    const doc = await as['documenti.0001234'].get(FATTURE);
    expect(doc.status).toBe(200);
    expect(listed(doc).totalCount).toBe(3);
    expect((await download(as['documenti.0001234'], `${FATTURE}/${OWN_INVOICE}/documento`)).status).toBe(200);
  });

  it('is no function of the bank side: a bank user gets 403', async () => {
    expect((await as['sede.30480'].get(FATTURE)).status).toBe(403);
  });
});

describe('debit letters (seed 002 §3 debit letter, §5 end date, §6 stores, §9 10 a page)', () => {
  it("lists the merchant its stores' letters, and the operator those of its store only, even when it names another", async () => {
    const merchant = await as['merchant.0001234'].get(`${LETTERE}?${PERIOD}`);
    expect(merchant.status).toBe(200);
    expect(listed(merchant).results.map((r) => [r.dataRiferimento, r.codNegozio, r.tipologia]).sort()).toEqual([
      ['2026-08-01', '1001', 'COM'], ['2026-09-01', '1001', 'COM'], ['2026-09-01', '1002', 'COM'],
    ]);
    expect(listed(merchant).results.map((r) => r.dataRiferimento)).toEqual(['2026-09-01', '2026-09-01', '2026-08-01']);
    expect(listed(merchant).totalCount).toBe(3);
    const operator = await as['documenti.0001234'].get(`${LETTERE}?${PERIOD}`);
    expect(listed(operator).results.map((r) => [r.dataRiferimento, r.codNegozio])).toEqual([['2026-09-01', '1001'], ['2026-08-01', '1001']]);
    const named = await as['documenti.0001234'].get(`${LETTERE}?${PERIOD}&codNegozio=1002`);
    expect(listed(named).totalCount).toBe(0);
    expect(pageSizeOf('LetteraAddebito')).toBe(10);
  });

  it("never gives another merchant's letter or its file, and refuses operators without WB_LETTERE_ADDEBITO", async () => {
    const me = as['merchant.0001234'];
    expect((await me.get(`${LETTERE}/${OTHER_LETTER}`)).status).toBe(404);
    expect((await me.get(`${LETTERE}/${OTHER_LETTER}/documento`)).status).toBe(404);
    expect(listed(await me.get(`${LETTERE}?${PERIOD}&codNegozio=2001`)).totalCount).toBe(0);
    // Store 1002's letter is the merchant's, not its operator's (assigned store 1001 only).
    expect((await as['documenti.0001234'].get(`${LETTERE}/1a000000-0000-4000-8000-000000100209/documento`)).status).toBe(404);
    const own = await download(as['documenti.0001234'], `${LETTERE}/1a000000-0000-4000-8000-000000100109/documento`);
    expect(own.status).toBe(200);
    expect(bytesOf(own.body).toString('latin1')).toContain('Mese di riferimento: settembre 2026');
    expect((await as['operatore.0001234'].get(`${LETTERE}?${PERIOD}`)).status).toBe(403);
    expect((await as['sede.30480'].get(`${LETTERE}?${PERIOD}`)).status).toBe(403);
  });

  it('refuses an end date after the start of the previous month with the Italian message on the end (seed 002 §5)', async () => {
    const today = romeToday();
    const latest = latestEndOf({ latestEnd: 'startOfPreviousMonth' }, today) ?? '';
    const shown = `${latest.slice(8, 10)}/${latest.slice(5, 7)}/${latest.slice(0, 4)}`;
    const ok = await as['merchant.0001234'].get(`${LETTERE}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=${latest}`);
    expect(ok.status).toBe(200);
    const late = await as['merchant.0001234'].get(`${LETTERE}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=${today}`);
    expect(late.status).toBe(400);
    expect(late.body.details).toEqual([{ field: 'dataRiferimentoA', message: `La data finale non può essere successiva all'inizio del mese precedente (${shown})` }]);
    const missing = await as['merchant.0001234'].get(LETTERE);
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].message).toBe('Indicare il periodo della ricerca: data iniziale e data finale');
    const long = await as['merchant.0001234'].get(`${LETTERE}?dataRiferimentoDa=2024-12-31&dataRiferimentoA=2026-01-01`);
    expect(long.body.details).toEqual([{ field: 'dataRiferimentoDa', message: 'Il periodo di ricerca non può superare i 12 mesi' }]);
  });
});

describe('contract and acquiring contracts (seed 000 §2, seed 002 §2 and §6: 10 a page, by shop)', () => {
  const CONTRATTI = `${API}/wpbusiness/contratti`;
  const ACQUIRING = `${API}/wpbusiness/contrattiAcquiring`;

  it("gives the merchant its own contract with the PDF, and nothing of the other merchant's", async () => {
    const res = await as['merchant.0001234'].get(CONTRATTI);
    expect(res.status).toBe(200);
    expect(listed(res).results.map((r) => [r.numContratto, r.dataStipula])).toEqual([['30480000012345', '2025-01-15']]);
    const pdf = await download(as['merchant.0001234'], `${CONTRATTI}/c0000000-0000-4000-8000-000000001234/documento`);
    expect(bytesOf(pdf.body).toString('latin1')).toContain('Contratto n. 30480000012345');
    expect((await as['merchant.0001234'].get(`${CONTRATTI}/c0000000-0000-4000-8000-000000002345/documento`)).status).toBe(404);
    expect((await as['operatore.0001234'].get(CONTRATTI)).status).toBe(403);
  });

  it("lists the acquiring contracts of the caller's shops, 10 a page: the operator only its shop's, whatever it asks", async () => {
    expect(pageSizeOf('ContrattoAcquiring')).toBe(10);
    const merchant = await as['merchant.0001234'].get(ACQUIRING);
    expect(listed(merchant).results.map((r) => [r.pdvid, r.codCompagnia]).sort()).toEqual([['1001', '20'], ['1001', '30'], ['1002', '20']]);
    const shop = await as['merchant.0001234'].get(`${ACQUIRING}?pdvid=1002`);
    expect(listed(shop).results.map((r) => r.pdvid)).toEqual(['1002']);
    const operator = await as['documenti.0001234'].get(`${ACQUIRING}?pdvid=1002`);
    expect(listed(operator).totalCount).toBe(0);
    expect(listed(await as['documenti.0001234'].get(ACQUIRING)).results.map((r) => r.pdvid)).toEqual(['1001', '1001']);
    expect(listed(await as['merchant.0001234'].get(`${ACQUIRING}?codEser=0002345`)).totalCount).toBe(0);
    expect((await as['merchant.0001234'].get(`${ACQUIRING}/ac000000-0000-4000-8000-000000200101/documento`)).status).toBe(404);
    expect((await as['operatore.0001234'].get(ACQUIRING)).status).toBe(403);
  });

  it('lets the merchant confirm it has read a contract, once; not one of another merchant (seed 002 §7 confirm viewing)', async () => {
    const url = `${ACQUIRING}/ac000000-0000-4000-8000-000000100201/confermaVisione`;
    const before = await as['merchant.0001234'].get(`${ACQUIRING}/ac000000-0000-4000-8000-000000100201`);
    expect(before.body.contrattoVisualizzato).toBe('N');
    const done = await as['merchant.0001234'].post(url).send({});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Presa visione del contratto confermata', row: { contrattoVisualizzato: 'S' } });
    expect((await as['merchant.0001234'].post(url).send({})).status).toBe(409);
    expect((await as['merchant.0001234'].post(`${ACQUIRING}/ac000000-0000-4000-8000-000000200101/confermaVisione`).send({})).status).toBe(404);
    expect((await as['operatore.0001234'].post(`${ACQUIRING}/ac000000-0000-4000-8000-000000100101/confermaVisione`).send({})).status).toBe(403);
    const pending = await as['merchant.0001234'].get(`${ACQUIRING}?contrattoVisualizzato=N`);
    expect(listed(pending).results.map((r) => r.id)).toEqual(['ac000000-0000-4000-8000-000000100101']);
  });
});
