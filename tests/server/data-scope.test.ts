/**
 * Data scope (issue 3 §3, seed 000 §6): bank users see only their banks' rows, a user with a cab only
 * that branch, a federation its member banks, assistance everything; a row outside the scope answers
 * 404 on get, update and delete (never its data) and 403 on create; lists leave it out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent;
let filiale: Agent;
let federazione: Agent;
let sede60855: Agent;

const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const NOT_FOUND = { errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] };
const ALL_BANKS = ['08327', '08549', '30480', '34256', '50340', '60855'];

const codes = (body: { results: Record<string, unknown>[] }, field: string) => body.results.map((r) => r[field] as string);
const noData = (body: unknown, ...markers: string[]) => {
  const text = JSON.stringify(body);
  for (const m of markers) expect(text).not.toContain(m);
};

beforeAll(async () => {
  app = await createTestApp();
  sede = await app.loginAs('sede.30480');
  filiale = await app.loginAs('filiale.30480');
  federazione = await app.loginAs('federazione');
  sede60855 = await app.loginAs('sede.60855');
});
afterAll(() => app.close());

describe('lists are limited to the caller\'s banks', () => {
  it('GET banche: sede.30480 gets only 30480', async () => {
    const res = await sede.get(`${API}/banche?size=200`);
    expect(res.status).toBe(200);
    expect(codes(res.body, 'codAbi')).toEqual(['30480']);
    expect(res.body.totalCount).toBe(1);
  });

  it('GET banche: federazione gets only its member banks 60855 and 08549', async () => {
    const res = await federazione.get(`${API}/banche?size=200`);
    expect(codes(res.body, 'codAbi')).toEqual(['08549', '60855']);
    expect(res.body.totalCount).toBe(2);
  });

  it('a filter naming another bank finds nothing (not an error that confirms it exists)', async () => {
    const res = await sede.get(`${API}/banche?codAbi=34256`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], totalCount: 0 });
  });

  it('GET filiali: filiale.30480 (cab 01600) gets only its own branch; sede.30480 every branch of 30480', async () => {
    const own = await filiale.get(`${API}/filiali?size=200`);
    expect(own.status).toBe(200);
    expect(own.body.results.map((f: { codAbi: string; cab: string }) => `${f.codAbi}/${f.cab}`)).toEqual(['30480/01600']);
    expect(own.body.totalCount).toBe(1);
    const head = await sede.get(`${API}/filiali?size=200`);
    expect(head.body.results.map((f: { codAbi: string; cab: string }) => `${f.codAbi}/${f.cab}`)).toEqual(['30480/01600', '30480/01601']);
  });

  it('GET users: sede.30480 gets only users of group 30480 (and the groups below it)', async () => {
    const res = await sede.get(`${API}/users?size=200`);
    expect(res.status).toBe(200);
    const users = res.body.results as { username: string; group: string }[];
    expect(users.map((u) => u.username).sort()).toEqual(['filiale.30480', 'merchant.0001234', 'operatore.0001234', 'sede.30480']);
    for (const u of users) expect(['30480', '30480-0001234']).toContain(u.group);
  });

  it('GET users: filiale.30480 gets only the users of its branch', async () => {
    const res = await filiale.get(`${API}/users?size=200`);
    expect(res.status).toBe(200);
    expect((res.body.results as { username: string }[]).map((u) => u.username)).toEqual(['filiale.30480']);
  });

  it('GET gruppi: sede.30480 gets its group and the merchant group below it', async () => {
    const res = await sede.get(`${API}/gruppi?size=200`);
    expect(codes(res.body, 'groupName').sort()).toEqual(['30480', '30480-0001234']);
  });

  it('the assistance user sees everything', async () => {
    expect(codes((await app.request.get(`${API}/banche?size=200`)).body, 'codAbi')).toEqual(ALL_BANKS);
    expect((await app.request.get(`${API}/filiali?size=200`)).body.totalCount).toBe(5);
    expect((await app.request.get(`${API}/users?size=200`)).body.totalCount).toBe(9);
    expect((await app.request.get(`${API}/banche/34256`)).status).toBe(200);
    expect((await app.request.get(`${API}/filiali/60855/10200`)).status).toBe(200);
  });
});

describe("another bank's row: 404 on get, update and delete, never its data", () => {
  it('GET banche/34256 as sede.30480', async () => {
    const res = await sede.get(`${API}/banche/34256`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    noData(res.body, 'Cassa Rurale', 'Trentino');
  });

  it('the answer is the same as for a bank that does not exist (no existence leak)', async () => {
    const other = await sede.get(`${API}/banche/34256`);
    const missing = await sede.get(`${API}/banche/99998`);
    expect(other.status).toBe(missing.status);
    expect(other.body).toEqual(missing.body);
  });

  it('PUT banche/34256 as sede.30480 answers 404 and changes nothing', async () => {
    const res = await sede.put(`${API}/banche/34256`).set('If-Match', await etagOf(sede, `${API}/banche/34256`)).send({ codAbi: '34256', nomeBcc: 'Sovrascritta', group: { description: 'Sovrascritta' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect((await app.db('banca').where({ cod_abi: '34256' }).first()).nome_bcc).toBe('Cassa Rurale Alpina');
  });

  it('GET banche/34256/modelliPos as sede.30480 answers 404', async () => {
    const res = await sede.get(`${API}/banche/34256/modelliPos`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('GET/PUT/DELETE another bank\'s branch as sede.30480 answer 404 and change nothing', async () => {
    const get = await sede.get(`${API}/filiali/34256/35010`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_FOUND);
    noData(get.body, 'Trento', 'Piazza Duomo');
    const put = await sede.put(`${API}/filiali/34256/35010`).set('If-Match', await etagOf(sede, `${API}/filiali/34256/35010`)).send({ codAbi: '34256', cab: '35010', nome: 'Sovrascritta' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);
    // sede.30480 lacks ANAG_BANCHE:CANCELLAZIONE, so its delete stops at 403 before any lookup
    const delSede = await sede.delete(`${API}/filiali/34256/35010`).set('If-Match', await etagOf(sede, `${API}/filiali/34256/35010`));
    expect(delSede.status).toBe(403);
    expect((await app.db('filiale').where({ cod_abi: '34256', cab: '35010' }).first()).nome).toBe('Sede');
  });

  it('DELETE of another bank\'s row by a user who may delete answers 404 and deletes nothing', async () => {
    // a head office of 60855 that may delete branches and banks
    await app.db('ruolo').insert({ group_name: '11000', role_name: 'SEDE_CANCELLA', description: 'Sede che cancella' });
    for (const azione of ['VISUALIZZAZIONE', 'CREAZIONE', 'AGGIORNAMENTO', 'CANCELLAZIONE']) {
      await app.db('ruolo_permesso').insert({ group_name: '11000', role_name: 'SEDE_CANCELLA', funzione: 'ANAG_BANCHE', azione });
      await app.db('ruolo_permesso').insert({ group_name: '11000', role_name: 'SEDE_CANCELLA', funzione: 'GES_UTENTI', azione });
    }
    await app.db('utente_ruolo').where({ username: 'sede.60855' }).update({ role_name: 'SEDE_CANCELLA' });
    const branch = await sede60855.delete(`${API}/filiali/30480/01601`).set('If-Match', await etagOf(sede60855, `${API}/filiali/30480/01601`));
    expect(branch.status).toBe(404);
    expect(branch.body).toEqual(NOT_FOUND);
    const bank = await sede60855.delete(`${API}/banche/30480`).set('If-Match', await etagOf(sede60855, `${API}/banche/30480`));
    expect(bank.status).toBe(404);
    expect(bank.body).toEqual(NOT_FOUND);
    const user = await sede60855.delete(`${API}/users/sede.30480`).set('If-Match', await etagOf(sede60855, `${API}/users/sede.30480`));
    expect(user.status).toBe(404);
    expect(user.body).toEqual(NOT_FOUND);
    expect(await app.db('filiale').where({ cod_abi: '30480', cab: '01601' }).first()).toBeTruthy();
    expect(await app.db('banca').where({ cod_abi: '30480' }).first()).toBeTruthy();
    expect(await app.db('utente').where({ username: 'sede.30480' }).first()).toBeTruthy();
    // its own branch it may delete
    await app.db('filiale').insert({ cod_abi: '60855', cab: '10299', nome: 'Da eliminare' });
    expect((await sede60855.delete(`${API}/filiali/60855/10299`).set('If-Match', await etagOf(sede60855, `${API}/filiali/60855/10299`))).status).toBe(204);
  });

  it("filiale.30480 (cab 01600) gets 404 for the other branch of its own bank", async () => {
    const res = await filiale.get(`${API}/filiali/30480/01601`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    noData(res.body, 'Monza');
    expect((await filiale.get(`${API}/filiali/30480/01600`)).status).toBe(200);
  });

  it("GET/PUT users of another bank as sede.30480 answer 404, nothing changes", async () => {
    const get = await sede.get(`${API}/users/scaduto`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_FOUND);
    noData(get.body, 'Sandro', 'scaduto@');
    const auth = await sede.get(`${API}/users/federazione/authorities`);
    expect(auth.status).toBe(404);
    const put = await sede.put(`${API}/users/scaduto`).set('If-Match', await etagOf(sede, `${API}/users/scaduto`)).send({ username: 'scaduto', group: '34256', email: 'attaccante@evil.example' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);
    expect((await app.db('utente').where({ username: 'scaduto' }).first()).email).toBe('scaduto@bcc-esempio.example');
  });

  it('cannot move a user of its bank to another bank (403) nor read the assistance user', async () => {
    const move = await sede.put(`${API}/users/filiale.30480`).set('If-Match', await etagOf(sede, `${API}/users/filiale.30480`)).send({ username: 'filiale.30480', group: '34256' });
    expect(move.status).toBe(403);
    expect(move.body).toEqual(FORBIDDEN);
    expect((await app.db('utente').where({ username: 'filiale.30480' }).first()).group).toBe('30480');
    expect((await sede.get(`${API}/users/assistenza`)).status).toBe(404);
  });

  it('GET gruppi/34256 as sede.30480 answers 404', async () => {
    const res = await sede.get(`${API}/gruppi/34256`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe('creating a row for another bank: 403 FORBIDDEN', () => {
  it('POST filiali for bank 34256 as a user of 30480 who may create branches', async () => {
    await app.db('ruolo').insert({ group_name: '11000', role_name: 'SEDE_CREA', description: 'Sede che crea' });
    for (const azione of ['VISUALIZZAZIONE', 'CREAZIONE']) await app.db('ruolo_permesso').insert({ group_name: '11000', role_name: 'SEDE_CREA', funzione: 'ANAG_BANCHE', azione });
    const { password_hash } = await app.db('credenziale').where({ username: 'sede.30480' }).first();
    await app.db('utente').insert({ username: 'crea.30480', group: '30480', locked: false, enabled: true });
    await app.db('utente_ruolo').insert({ username: 'crea.30480', role_name: 'SEDE_CREA' });
    await app.db('credenziale').insert({ username: 'crea.30480', password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
    const creator = await app.loginAs('crea.30480');

    const other = await creator.post(`${API}/filiali`).send({ codAbi: '34256', cab: '35011', nome: 'Intrusa' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual(FORBIDDEN);
    expect(await app.db('filiale').where({ cod_abi: '34256', cab: '35011' }).first()).toBeUndefined();

    const own = await creator.post(`${API}/filiali`).send({ codAbi: '30480', cab: '01602', nome: 'Nuova filiale' });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ codAbi: '30480', cab: '01602', nome: 'Nuova filiale' });
  });

  it('POST users in group 34256 as sede.30480', async () => {
    const res = await sede.post(`${API}/users`).send({ username: 'intruso.34256', group: '34256' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect(await app.db('utente').where({ username: 'intruso.34256' }).first()).toBeUndefined();
  });
});

describe('mail outbox: a bank user never reads mails of users outside its banks', () => {
  // The outbox no longer holds a password (issue 12), but whom a reset was mailed to is still no other bank's business.
  it("sede.30480 neither lists nor reads the reset mail of a user of another bank", async () => {
    const reset = await app.anonymous.put(`${API}/authorization/resetPassword`).query({ username: 'scaduto', mail: 'scaduto@bcc-esempio.example', userType: 'banca' });
    expect(reset.status).toBe(200);
    await app.mailIdle(); // the mail is written after the answer
    const mail = await app.db('mail_outbox').where({ username: 'scaduto' }).first();
    expect(mail).toBeTruthy();

    const list = await sede.get(`${API}/mailoutbox?size=200`);
    expect(list.status).toBe(200);
    expect((list.body.results as { username: string }[]).map((m) => m.username)).not.toContain('scaduto');
    noData(list.body, 'scaduto@bcc-esempio.example');

    const one = await sede.get(`${API}/mailoutbox/${mail.id}`);
    expect(one.status).toBe(404);
    expect(one.body).toEqual(NOT_FOUND);
    noData(one.body, mail.body as string);
  });

  it("filiale.30480 cannot read the assistance user's reset mail", async () => {
    expect((await app.anonymous.put(`${API}/authorization/resetPassword`).query({ username: 'assistenza', mail: 'assistenza@webpos.example', userType: 'banca' })).status).toBe(200);
    await app.mailIdle();
    const mail = await app.db('mail_outbox').where({ username: 'assistenza' }).first();
    const one = await filiale.get(`${API}/mailoutbox/${mail.id}`);
    expect(one.status).toBe(404);
    expect(one.body).toEqual(NOT_FOUND);
  });
});
