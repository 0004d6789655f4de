/**
 * Data scope (issue 3 §3, seed 000 §6): bank users see only their banks' rows, a user with a cab only
 * that branch, a federation its member banks, assistance everything; a row outside the scope answers
 * 404 on get, update and delete (never its data) and 403 on create; lists leave it out. On the fixture
 * (tests/fixtures/README.md): articles (bank scope), orders (bank and branch), and the reused users,
 * groups and mail outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent;
let filiale: Agent;
let federazione: Agent;
let sede20002: Agent;

const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const NOT_FOUND = { errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] };
const ALL_ARTICLES = ['ALFA01', 'ALFA02', 'BETA01', 'GAMMA01'];

const codes = (body: { results: Record<string, string>[] }, field: string) => body.results.map((r) => r[field]);
const orderKeys = (body: { results: { codAbi: string; numero: string }[] }) => body.results.map((o) => `${o.codAbi}/${o.numero}`).sort();
const noData = (body: unknown, ...markers: string[]) => {
  const text = JSON.stringify(body);
  for (const m of markers) expect(text).not.toContain(m);
};
/** An order as a client sends it back: without the children the row of a list lacks. */
const order = (codAbi: string, numero: string, cliente: string) => ({ codAbi, numero, cliente, dataOrdine: '2026-03-01', consegna: { indirizzo: 'Via Sovrascritta 1' } });

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  filiale = await app.loginAs('filiale.10001');
  federazione = await app.loginAs('federazione');
  sede20002 = await app.loginAs('sede.20002');
});
afterAll(() => app.close());

describe('lists are limited to the caller\'s banks', () => {
  it('GET articoli: sede.10001 gets only the articles of 10001', async () => {
    const res = await sede.get(`${API}/articoli?size=100&sort=codice`);
    expect(res.status).toBe(200);
    expect(codes(res.body, 'codice')).toEqual(['ALFA01', 'ALFA02']);
    expect(res.body.totalCount).toBe(2);
  });

  it('GET articoli: federazione gets only those of its member banks 20002 and 30003', async () => {
    const res = await federazione.get(`${API}/articoli?size=100&sort=codice`);
    expect(codes(res.body, 'codice')).toEqual(['BETA01', 'GAMMA01']);
    expect(res.body.totalCount).toBe(2);
  });

  it('a filter naming another bank finds nothing (not an error that confirms it exists)', async () => {
    const res = await sede.get(`${API}/articoli?codAbi=20002`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], totalCount: 0 });
  });

  it('GET ordini: filiale.10001 (cab 00100) gets only its own branch\'s orders; sede.10001 every order of 10001', async () => {
    const own = await filiale.get(`${API}/ordini?size=100`);
    expect(own.status).toBe(200);
    expect(orderKeys(own.body)).toEqual(['10001/000001']);
    expect(own.body.totalCount).toBe(1);
    const head = await sede.get(`${API}/ordini?size=100`);
    expect(orderKeys(head.body)).toEqual(['10001/000001', '10001/000002']);
  });

  it('GET users: sede.10001 gets only users of group 10001 (and the groups below it)', async () => {
    const res = await sede.get(`${API}/users?size=100`);
    expect(res.status).toBe(200);
    const users: { username: string; group: string }[] = res.body.results;
    // The users of its merchants' groups (10001-0000001, 10001-0000002) are below its group.
    expect(users.map((u) => u.username).sort()).toEqual(['esercente.0000001', 'esercente.0000002', 'filiale.10001', 'operatore.0000001', 'ospite.10001', 'sede.10001']);
    for (const u of users) expect(u.group).toMatch(/^10001(-\d{7})?$/);
  });

  it('GET users: filiale.10001 gets only the users of its branch', async () => {
    const res = await filiale.get(`${API}/users?size=100`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((u: { username: string }) => u.username)).toEqual(['filiale.10001']);
  });

  it('GET gruppi: federazione gets its group, the banks\' groups below it and, to read, the acquirer\'s above it', async () => {
    const res = await federazione.get(`${API}/gruppi?size=100`);
    // 11000: Gruppo has readAbove (the roles federazione's users inherit are defined there).
    expect(codes(res.body, 'groupName').sort()).toEqual(['11000', '15000', '20002', '20002-0000003', '30003']);
  });

  it('the assistance user sees everything', async () => {
    expect(codes((await app.request.get(`${API}/articoli?size=100&sort=codice`)).body, 'codice')).toEqual(ALL_ARTICLES);
    expect((await app.request.get(`${API}/ordini?size=100`)).body.totalCount).toBe(3);
    expect((await app.request.get(`${API}/users?size=100`)).body.totalCount).toBe(9);
    expect((await app.request.get(`${API}/articoli/BETA01`)).status).toBe(200);
    expect((await app.request.get(`${API}/ordini/20002/000003`)).status).toBe(200);
  });
});

describe("another bank's row: 404 on get, update and delete, never its data", () => {
  it('GET articoli/BETA01 as sede.10001', async () => {
    const res = await sede.get(`${API}/articoli/BETA01`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    noData(res.body, 'Atlante', '20002');
  });

  it('the answer is the same as for an article that does not exist (no existence leak)', async () => {
    const other = await sede.get(`${API}/articoli/BETA01`);
    const missing = await sede.get(`${API}/articoli/ZZZZ99`);
    expect(other.status).toBe(missing.status);
    expect(other.body).toEqual(missing.body);
  });

  it('PUT articoli/BETA01 as sede.10001 answers 404 and changes nothing', async () => {
    const res = await sede.put(`${API}/articoli/BETA01`).set('If-Match', await etagOf(sede, `${API}/articoli/BETA01`))
      .send({ codice: 'BETA01', codAbi: '20002', nome: 'Sovrascritto', categoria: 'LIB', prezzo: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect((await app.db('articolo').where({ codice: 'BETA01' }).first()).nome).toBe('Atlante');
  });

  it('GET articoli/BETA01/altreCategorie as sede.10001 answers 404', async () => {
    const res = await sede.get(`${API}/articoli/BETA01/altreCategorie`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('GET/PUT/DELETE another bank\'s order answer 404 and change nothing', async () => {
    const url = `${API}/ordini/20002/000003`;
    const get = await sede.get(url);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_FOUND);
    noData(get.body, 'Paolo Verdi', 'Torino');
    const put = await sede.put(url).set('If-Match', await etagOf(sede, url)).send(order('20002', '000003', 'Sovrascritto'));
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);
    // filiale.10001 may not delete orders (CAT_ORDINI:AGGIORNAMENTO), so its delete stops at 403 before any lookup
    const delFiliale = await filiale.delete(url).set('If-Match', await etagOf(filiale, url));
    expect(delFiliale.status).toBe(403);
    expect((await app.db('ordine').where({ cod_abi: '20002', numero: '000003' }).first()).cliente).toBe('Paolo Verdi');
  });

  it('DELETE of another bank\'s row by a user who may delete answers 404 and deletes nothing', async () => {
    // a head office of 20002 that may also delete articles, banks and users
    await app.db('ruolo').insert({ group_name: '11000', role_name: 'SEDE_CANCELLA', description: 'Sede che cancella' });
    for (const [funzione, azioni] of [['CAT_ORDINI', ['VISUALIZZAZIONE', 'AGGIORNAMENTO']], ['CAT_ARTICOLI', ['VISUALIZZAZIONE', 'CANCELLAZIONE']], ['ANAG_BANCHE', ['VISUALIZZAZIONE', 'CANCELLAZIONE']], ['GES_UTENTI', ['VISUALIZZAZIONE', 'CANCELLAZIONE']]] as const) {
      for (const azione of azioni) await app.db('ruolo_permesso').insert({ group_name: '11000', role_name: 'SEDE_CANCELLA', funzione, azione });
    }
    await app.db('utente_ruolo').where({ username: 'sede.20002' }).update({ role_name: 'SEDE_CANCELLA' });
    for (const url of [`${API}/ordini/10001/000002`, `${API}/articoli/ALFA02`, `${API}/banche/10001`, `${API}/users/sede.10001`]) {
      const res = await sede20002.delete(url).set('If-Match', await etagOf(sede20002, url));
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual(NOT_FOUND);
    }
    expect(await app.db('ordine').where({ cod_abi: '10001', numero: '000002' }).first()).toBeTruthy();
    expect(await app.db('articolo').where({ codice: 'ALFA02' }).first()).toBeTruthy();
    expect(await app.db('banca').where({ cod_abi: '10001' }).first()).toBeTruthy();
    expect(await app.db('utente').where({ username: 'sede.10001' }).first()).toBeTruthy();
    // its own order it may delete
    const own = `${API}/ordini/20002/000003`;
    expect((await sede20002.delete(own).set('If-Match', await etagOf(sede20002, own))).status).toBe(204);
  });

  it("filiale.10001 (cab 00100) gets 404 for the other branch's order of its own bank", async () => {
    const res = await filiale.get(`${API}/ordini/10001/000002`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    noData(res.body, 'Luisa Bianchi', 'Monza');
    expect((await filiale.get(`${API}/ordini/10001/000001`)).status).toBe(200);
  });

  it("GET/PUT users of another bank as sede.10001 answer 404, nothing changes", async () => {
    const get = await sede.get(`${API}/users/federazione`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_FOUND);
    noData(get.body, 'Fabio', 'federazione@');
    const auth = await sede.get(`${API}/users/sede.20002/authorities`);
    expect(auth.status).toBe(404);
    const put = await sede.put(`${API}/users/federazione`).set('If-Match', await etagOf(sede, `${API}/users/federazione`)).send({ username: 'federazione', group: '15000', email: 'attaccante@evil.example' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);
    expect((await app.db('utente').where({ username: 'federazione' }).first()).email).toBe('federazione@fixture.example');
  });

  it('cannot move a user of its bank to another bank (403) nor read the assistance user', async () => {
    const move = await sede.put(`${API}/users/filiale.10001`).set('If-Match', await etagOf(sede, `${API}/users/filiale.10001`)).send({ username: 'filiale.10001', group: '20002' });
    expect(move.status).toBe(403);
    expect(move.body).toEqual(FORBIDDEN);
    expect((await app.db('utente').where({ username: 'filiale.10001' }).first()).group).toBe('10001');
    expect((await sede.get(`${API}/users/assistenza`)).status).toBe(404);
  });

  it('GET gruppi/20002 as sede.10001 answers 404', async () => {
    const res = await sede.get(`${API}/gruppi/20002`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe('creating a row for another bank: 403 FORBIDDEN', () => {
  it('POST ordini for bank 20002 as a user of 10001 who may create orders', async () => {
    const other = await sede.post(`${API}/ordini`).send(order('20002', '000011', 'Intruso'));
    expect(other.status).toBe(403);
    expect(other.body).toEqual(FORBIDDEN);
    expect(await app.db('ordine').where({ cod_abi: '20002', numero: '000011' }).first()).toBeUndefined();

    const own = await sede.post(`${API}/ordini`).send(order('10001', '000012', 'Nuovo cliente'));
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ codAbi: '10001', numero: '000012', cliente: 'Nuovo cliente' });
  });

  it('POST articoli with the code of another bank\'s article: the same 403, never DUPLICATE_KEY', async () => {
    const res = await sede.post(`${API}/articoli`).send({ codice: 'BETA01', codAbi: '10001', nome: 'Doppione', categoria: 'LIB', prezzo: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    const mine = await sede.post(`${API}/articoli`).send({ codice: 'ALFA01', codAbi: '10001', nome: 'Doppione', categoria: 'LIB', prezzo: 1 });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe('DUPLICATE_KEY');
  });

  it('POST users in group 20002 as sede.10001', async () => {
    const res = await sede.post(`${API}/users`).send({ username: 'intruso.20002', group: '20002' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect(await app.db('utente').where({ username: 'intruso.20002' }).first()).toBeUndefined();
  });
});

describe('mail outbox: a bank user never reads mails of users outside its banks', () => {
  // The outbox no longer holds a password (issue 12), but whom a reset was mailed to is still no other bank's business.
  it("sede.10001 neither lists nor reads the reset mail of a user of another bank", async () => {
    const reset = await app.anonymous.put(`${API}/authorization/resetPassword`).query({ username: 'sede.20002', mail: 'sede@beta.example', userType: 'banca' });
    expect(reset.status).toBe(200);
    await app.mailIdle(); // the mail is written after the answer
    const mail = await app.db('mail_outbox').where({ username: 'sede.20002' }).first();
    expect(mail).toBeTruthy();

    const list = await sede.get(`${API}/mailoutbox?size=100`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((m: { username: string }) => m.username)).not.toContain('sede.20002');
    noData(list.body, 'sede@beta.example');

    const one = await sede.get(`${API}/mailoutbox/${mail.id}`);
    expect(one.status).toBe(404);
    expect(one.body).toEqual(NOT_FOUND);
    noData(one.body, mail.body);
  });

  it("filiale.10001 cannot read the assistance user's reset mail", async () => {
    expect((await app.anonymous.put(`${API}/authorization/resetPassword`).query({ username: 'assistenza', mail: 'assistenza@fixture.example', userType: 'banca' })).status).toBe(200);
    await app.mailIdle();
    const mail = await app.db('mail_outbox').where({ username: 'assistenza' }).first();
    const one = await filiale.get(`${API}/mailoutbox/${mail.id}`);
    expect(one.status).toBe(404);
    expect(one.body).toEqual(NOT_FOUND);
  });
});

/**
 * The walk down the group tree (server/domain/auth/caller.ts belowSql) reads each group's children that are
 * not merchants' as ranges of the gruppo [parent_group, group_type] index: types before 'M', after it, and
 * none (issue 19). Whatever the type of the groups between the caller's and a bank, the bank is in scope;
 * below a merchant's group nothing is.
 */
describe('the scope passes through groups of every type but merchants\'', () => {
  it('federazione lists and reads the articles of banks below an untyped and a push-agent group, not of one below a merchant\'s group', async () => {
    const groups = [
      { group_name: '15500', description: 'Senza tipo', group_type: null, parent_group: '15000' },
      { group_name: '40004', description: 'Banca Delta', group_type: 'B', parent_group: '15500' },
      { group_name: '15600', description: 'Agente push', group_type: 'P', parent_group: '15000' },
      { group_name: '50005', description: 'Banca Epsilon', group_type: 'B', parent_group: '15600' },
      { group_name: '20002-0000009', description: 'Esercente 0000009', group_type: 'M', parent_group: '20002' },
      { group_name: '60006', description: 'Banca Zeta', group_type: 'B', parent_group: '20002-0000009' },
    ];
    const banks = ['40004', '50005', '60006'];
    await app.db('gruppo').insert(groups);
    await app.db('banca').insert(banks.map((abi) => ({ cod_abi: abi, nome_bcc: `Banca ${abi}` })));
    try {
      for (const abi of banks) {
        const created = await app.request.post(`${API}/articoli`).send({ codice: `S${abi}`, codAbi: abi, nome: `Articolo ${abi}`, categoria: 'LIB', prezzo: 10 });
        expect(created.status).toBe(201);
      }
      const list = await federazione.get(`${API}/articoli?size=100&sort=codice`);
      expect(codes(list.body, 'codice')).toEqual(['BETA01', 'GAMMA01', 'S40004', 'S50005']);
      expect(list.body.totalCount).toBe(4);
      expect((await federazione.get(`${API}/articoli/S40004`)).status).toBe(200);
      expect((await federazione.get(`${API}/articoli/S50005`)).status).toBe(200);
      expect((await federazione.get(`${API}/articoli/S60006`)).body).toEqual(NOT_FOUND);
    } finally {
      await app.db('articolo').whereIn('codice', banks.map((abi) => `S${abi}`)).delete();
      await app.db('storico_modifica').whereIn('entity_key', banks.map((abi) => `S${abi}`)).delete();
      await app.db('banca').whereIn('cod_abi', banks).delete();
      for (const g of [...groups].reverse()) await app.db('gruppo').where({ group_name: g.group_name }).delete();
    }
  });
});
