/**
 * The staff side of the merchants' business-profile users (seed 000 §2 /anagrafiche/merchant, GES_MERCHANT; §3
 * Merchant user; §5 'Le email non corrispondono'; §7 "Merchant users"; §8): spec/sicurezza/utente-merchant.yaml,
 * a view of Utente at `merchant` limited to the users of merchant groups (viewRows). A bank's head office finds,
 * creates and changes the users of its own merchants only, has new passwords mailed to them and hands out no
 * bank-side role; another bank's merchant user is 404 by id, 0 rows by filter, and gets no mail; the bank's own
 * staff are no merchant users (404 here, whatever the caller); assistance sees every merchant's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOpened } from '../support/close-opened.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const FORBIDDEN = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] };
const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });
const NOT_GRANTABLE = 'Ruolo non assegnabile a un utente merchant';
const CREATED = 'Utente creato con successo. La password viene inviata alla mail {email}';
const RESET = "La nuova password e' stata inviata alla email dell'utente";
const OTHER_BANK_MERCHANT = '60855-0009999';

const openapi: { paths: Record<string, Record<string, Record<string, unknown>>> } = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
let app: TestApp;
let smtp: SmtpCapture;
let as: Record<string, TestApp['request']>;

const merchantUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username, group: '30480-0001234', fullName: `Titolare ${username}`, email: `${username}@esercente.example`, emailConferma: `${username}@esercente.example`,
  userAccountName: username, enabled: true, ...extra,
});
const names = (res: { body: { results: { username: string }[] } }) => res.body.results.map((r) => r.username).sort();
const rolesOf = (row: { authorities: { roleName: string }[] }) => row.authorities.map((r) => r.roleName).sort();
const save = async (user: string, username: string, change: Record<string, unknown>) => {
  const read = await as[user].get(`${API}/merchant/${username}`);
  expect(read.status, `${user} GET ${username}`).toBe(200);
  return as[user].put(`${API}/merchant/${username}`).set('If-Match', read.headers.etag).send({ ...read.body, emailConferma: read.body.email, ...change });
};
const mailsTo = (address: string) => smtp.messages.filter((m) => JSON.stringify(m.to).includes(address));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
  // A merchant of another bank (60855) with its administrator: what sede.30480 must never reach.
  await app.db('gruppo').insert({ group_name: OTHER_BANK_MERCHANT, description: 'Pasticceria Piemonte', group_type: 'M', parent_group: '60855' });
  await app.db('utente').insert({ username: 'merchant.0009999', full_name: 'Pasticceria Piemonte', email: 'merchant.0009999@piemonte.example', group: OTHER_BANK_MERCHANT, locked: false, enabled: true });
  await app.db('utente_ruolo').insert({ username: 'merchant.0009999', role_name: 'ROLE_WPB' });
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'filiale.30480', 'sede.60855']) as[user] = await app.loginAs(user);
  as['merchant.0001234'] = await app.loginAs('merchant.0001234', 'merchant');
});
afterAll(() => closeOpened(app, smtp));

describe('finding merchant users (seed 000 §7 find; 30 a page)', () => {
  it("answers a bank's head office the users of its own merchants only, never its own staff", async () => {
    const res = await as['sede.30480'].get(`${API}/merchant`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['merchant.0001234', 'operatore.0001234']);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    expect(names(await as['sede.60855'].get(`${API}/merchant`))).toEqual(['merchant.0009999']);
  });

  it('answers assistance every merchant user and still no bank or assistance staff', async () => {
    const res = await as.assistenza.get(`${API}/merchant?size=100`);
    expect(names(res)).toEqual(expect.arrayContaining(['merchant.0001234', 'merchant.0009999', 'operatore.0001234']));
    expect(names(res)).not.toEqual(expect.arrayContaining(['sede.30480']));
    expect(res.body.results.every((r: { group: string }) => r.group.includes('-'))).toBe(true);
    expect((await as.assistenza.get(`${API}/merchant/sede.30480`)).status).toBe(404);
    expect((await as.assistenza.get(`${API}/merchant/assistenza`)).status).toBe(404);
  });

  it("finds by wildcard filters and by merchant within the caller's merchants only", async () => {
    const me = as['sede.30480'];
    expect(names(await me.get(`${API}/merchant?username=OPERA`))).toEqual(['operatore.0001234']);
    expect(names(await me.get(`${API}/merchant?group=30480-0001234`))).toEqual(['merchant.0001234', 'operatore.0001234']);
    for (const filter of ['username=0009999', 'email=piemonte', 'fullName=Pasticceria', 'q=Pasticceria', `group=${OTHER_BANK_MERCHANT}`, 'username=sede']) {
      const res = await me.get(`${API}/merchant?${filter}`);
      expect(res.status, filter).toBe(200);
      expect(res.body.totalCount, filter).toBe(0);
    }
  });
});

describe("another bank's merchant user and other callers", () => {
  it("answers 404 for another bank's merchant user on read, change and reset, mails nothing and changes nothing", async () => {
    const me = as['sede.30480'];
    const read = await me.get(`${API}/merchant/merchant.0009999`);
    expect(read.status).toBe(404);
    expect(read.body.errorMessage).toBe('Elemento non trovato');
    const own = await as['sede.60855'].get(`${API}/merchant/merchant.0009999`);
    expect(own.status).toBe(200);
    const put = await me.put(`${API}/merchant/merchant.0009999`).set('If-Match', own.headers.etag).send({ ...own.body, emailConferma: 'ladro@x.example', email: 'ladro@x.example' });
    expect(put.status).toBe(404);
    expect((await me.put(`${API}/merchant/merchant.0009999/authorities`).set('If-Match', own.headers.etag).send([{ roleName: 'MERCHANT_OP_DOC' }])).status).toBe(404);
    expect((await me.put(`${API}/merchant/resetPassword/merchant.0009999`)).status).toBe(404);
    await app.mailIdle();
    expect(mailsTo('merchant.0009999@piemonte.example')).toEqual([]);
    expect(mailsTo('ladro@x.example')).toEqual([]);
    expect((await app.db('utente').where({ username: 'merchant.0009999' }).first()).email).toBe('merchant.0009999@piemonte.example');
  });

  it("answers 404 for the bank's own staff through this screen: GES_MERCHANT reaches no bank user", async () => {
    const me = as['sede.30480'];
    expect((await me.get(`${API}/merchant/filiale.30480`)).status).toBe(404);
    expect((await me.put(`${API}/merchant/resetPassword/filiale.30480`)).status).toBe(404);
    expect((await me.get(`${API}/merchant/sede.30480/authorities`)).status).toBe(404);
  });

  it('refuses callers without GES_MERCHANT: a branch of the demo, a merchant', async () => {
    for (const user of ['filiale.30480', 'merchant.0001234']) {
      for (const res of [await as[user].get(`${API}/merchant`), await as[user].put(`${API}/merchant/resetPassword/operatore.0001234`)]) {
        expect(res.status, user).toBe(403);
        expect(res.body, user).toEqual(FORBIDDEN);
      }
    }
  });
});

describe('inserting a merchant user (seed 000 §7 insert)', () => {
  it("creates the merchant's administrator (ADMIN), mails the password and never answers it", async () => {
    const res = await as['sede.30480'].post(`${API}/merchant`).send(merchantUser('titolare.nuovo'));
    expect(res.status).toBe(201);
    expect(openapi.paths['/merchant'].post['x-success-message']).toBe(CREATED);
    expect(rolesOf(res.body)).toEqual(['ROLE_WPB']);
    expect(res.body).toMatchObject({ group: '30480-0001234', email: 'titolare.nuovo@esercente.example' });
    await app.mailIdle();
    const password = smtp.passwordSentTo('titolare.nuovo@esercente.example');
    expect(password.length).toBeGreaterThan(7);
    expect(JSON.stringify(res.body)).not.toContain(password);
    expect(JSON.stringify(await app.db('mail_outbox').select())).not.toContain(password);
  });

  it("refuses a user in another bank's merchant, in a bank's own group and a username bank staff hold (403, no 409), storing nothing", async () => {
    const me = as['sede.30480'];
    for (const [body, username] of [
      [merchantUser('intruso.altra.banca', { group: OTHER_BANK_MERCHANT }), 'intruso.altra.banca'],
      [merchantUser('intruso.banca', { group: '30480' }), 'intruso.banca'],
    ] as const) {
      const res = await me.post(`${API}/merchant`).send(body);
      expect(res.status, username).toBe(403);
      expect(res.body, username).toEqual(FORBIDDEN);
      expect(await app.db('utente').where({ username }).first(), username).toBeUndefined();
    }
    const taken = await me.post(`${API}/merchant`).send(merchantUser('filiale.30480'));
    expect(taken.status).toBe(403);
    expect(taken.body).toEqual(FORBIDDEN);
    expect((await app.db('utente').where({ username: 'filiale.30480' }).first()).group).toBe('30480');
    await app.mailIdle();
    expect(mailsTo('intruso.banca@esercente.example')).toEqual([]);
  });

  it('refuses bank-side and assistance roles (privilege escalation) with the choice message, storing nothing', async () => {
    for (const role of ['ROLE_ADMIN', 'BANCA_SEDE', 'GES_ADMIN']) {
      const username = `titolare.${role.toLowerCase()}`;
      const res = await as['sede.30480'].post(`${API}/merchant`).send(merchantUser(username, { authorities: [{ roleName: 'MERCHANT_OP_DOC' }, { roleName: role }] }));
      expect(res.status, role).toBe(400);
      expect(res.body, role).toEqual(invalid({ field: 'authorities.1.roleName', message: `${NOT_GRANTABLE}: ${role}` }));
      expect(await app.db('utente').where({ username }).first(), role).toBeUndefined();
    }
  });

  it("refuses e-mails that do not match with the seed's message (seed 000 §5)", async () => {
    const res = await as['sede.30480'].post(`${API}/merchant`).send(merchantUser('titolare.mail', { emailConferma: 'altro@esercente.example' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'emailConferma', message: 'Le email non corrispondono' }));
  });
});

describe('updating a merchant user (seed 000 §7 updateUserMerchant: e-mail, account name, reset)', () => {
  it('changes e-mail and account name, keeps ADMIN, and refuses moving the user to the bank (403, unchanged)', async () => {
    await as['sede.30480'].post(`${API}/merchant`).send(merchantUser('titolare.modifica'));
    const saved = await save('sede.30480', 'titolare.modifica', { userAccountName: 'nuovo.account', email: 'nuova@esercente.example', emailConferma: 'nuova@esercente.example' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ userAccountName: 'nuovo.account', email: 'nuova@esercente.example' });
    expect(rolesOf(saved.body)).toEqual(['ROLE_WPB']);
    // Refused (by the role checks of the new group, else as outside the view's rows): no merchant user becomes bank staff.
    const moved = await save('sede.30480', 'titolare.modifica', { group: '30480' });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('FORBIDDEN');
    expect((await app.db('utente').where({ username: 'titolare.modifica' }).first()).group).toBe('30480-0001234');
    const grant = await save('sede.30480', 'titolare.modifica', { authorities: [{ roleName: 'ROLE_WPB' }, { roleName: 'ROLE_ADMIN' }] });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual(invalid({ field: 'authorities.1.roleName', message: `${NOT_GRANTABLE}: ROLE_ADMIN` }));
  });

  it('mails a new password to the user and answers only the message', async () => {
    const res = await as['sede.30480'].put(`${API}/merchant/resetPassword/operatore.0001234`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESET });
    await app.mailIdle();
    const password = smtp.passwordSentTo('operatore@esercente.example');
    expect(password.length).toBeGreaterThan(7);
    expect(JSON.stringify(res.body)).not.toContain(password);
  });
});
