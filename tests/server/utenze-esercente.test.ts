/**
 * The business portal's operator users (seed 002 §3 "Merchant user", §7 "Business-profile users", §8; seed 000
 * §2 WB_GESTIONE_UTENZE): spec/sicurezza/utente-esercente.yaml, a view of Utente at wpbmerchant. A merchant's
 * administrator lists, creates and changes only its own merchant's users, hands out only the four operator roles
 * and only its own stores, and has new passwords mailed to them; an operator without the function is refused;
 * another merchant's user is 404, by id and by filter; bank-side functions stay out of reach.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOpened } from '../support/close-opened.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const FORBIDDEN = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] };
const NOT_FOUND_MESSAGE = 'Elemento non trovato';
const invalid = (...details: { field: string; message: string }[]) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details });
const NOT_GRANTABLE = "Ruolo non assegnabile dall'esercente";
const FOREIGN_STORE = "Negozio inesistente o non appartenente all'esercente";
const CREATED = 'Utente creato con successo. La password viene inviata alla mail {email}';
const RESET = "La nuova password e' stata inviata alla email dell'utente";

const openapi: { paths: Record<string, Record<string, Record<string, unknown>>> } = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
let app: TestApp;
let smtp: SmtpCapture;
let as: Record<string, TestApp['request']>;

const operator = (username: string, extra: Record<string, unknown> = {}) => ({
  username, email: `${username}@esercente.example`, fullName: `Operatore ${username}`, userAccountName: username, enabled: true,
  group: '30480-0001234', authorities: [{ roleName: 'MERCHANT_OP_STAT' }], negozi: [{ pdvid: '1001' }, { pdvid: '1002' }], ...extra,
});
const rolesOf = (row: { authorities: { roleName: string }[] }) => row.authorities.map((r) => r.roleName).sort();
const storesOf = (row: { negozi: { pdvid: string }[] }) => row.negozi.map((r) => r.pdvid).sort();
const save = async (user: string, username: string, change: Record<string, unknown>) => {
  const read = await as[user].get(`${API}/wpbmerchant/${username}`);
  expect(read.status, `${user} GET ${username}`).toBe(200);
  return as[user].put(`${API}/wpbmerchant/${username}`).set('If-Match', read.headers.etag).send({ ...read.body, ...change });
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
  // A second merchant of the same bank (Ferramenta Verdi, 0002345) with its own administrator and operator: the attacker.
  const { password_hash } = await app.db('credenziale').where({ username: 'merchant.0001234' }).first();
  await app.db('gruppo').insert({ group_name: '30480-0002345', description: 'Ferramenta Verdi', group_type: 'M', parent_group: '30480' });
  for (const [username, role] of [['merchant.0002345', 'ROLE_WPB'], ['operatore.0002345', 'MERCHANT_OP']]) {
    await app.db('utente').insert({ username, full_name: `Verdi ${username}`, email: `${username}@verdi.example`, group: '30480-0002345', locked: false, enabled: true });
    await app.db('utente_ruolo').insert({ username, role_name: role });
    await app.db('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
  }
  await app.db('utente_negozio').insert({ username: 'operatore.0002345', gruppo: '30480-0002345', pdvid: '2001' });
  as = { assistenza: app.request, 'sede.30480': await app.loginAs('sede.30480') };
  for (const user of ['merchant.0001234', 'operatore.0001234', 'merchant.0002345']) as[user] = await app.loginAs(user, 'merchant');
});
afterAll(() => closeOpened(app, smtp));

describe('the list (seed 002 §3: username, full name, e-mail wildcard filters, 10 per page)', () => {
  it("answers the merchant its own group's users only, 10 a page", async () => {
    const res = await as['merchant.0001234'].get(`${API}/wpbmerchant`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { username: string }) => r.username).sort()).toEqual(['merchant.0001234', 'operatore.0001234']);
    expect(res.body.totalCount).toBe(2);
    // No password, hash or credential field in a listed row.
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const other = await as['merchant.0002345'].get(`${API}/wpbmerchant?size=50`);
    expect(other.body.results.map((r: { username: string }) => r.username).sort()).toEqual(['merchant.0002345', 'operatore.0002345']);
  });

  it("finds by wildcard filters within its own users only: another merchant's user is never found by filter", async () => {
    const me = as['merchant.0001234'];
    expect((await me.get(`${API}/wpbmerchant?username=OPERA`)).body.results.map((r: { username: string }) => r.username)).toEqual(['operatore.0001234']);
    expect((await me.get(`${API}/wpbmerchant?email=esercente.example`)).body.totalCount).toBe(2);
    expect((await me.get(`${API}/wpbmerchant?fullName=oscar`)).body.results.map((r: { username: string }) => r.username)).toEqual(['operatore.0001234']);
    for (const filter of ['username=0002345', 'email=verdi', 'fullName=Verdi', 'q=Verdi', 'group=30480-0002345']) {
      const res = await me.get(`${API}/wpbmerchant?${filter}`);
      expect(res.status === 200 ? res.body.totalCount : res.status, filter).toBe(res.status === 200 ? 0 : 400);
    }
  });
});

describe('another merchant and other kinds of user', () => {
  it("answers 404 for another merchant's user on read, change and reset, and changes nothing", async () => {
    const me = as['merchant.0001234'];
    const read = await me.get(`${API}/wpbmerchant/operatore.0002345`);
    expect(read.status).toBe(404);
    expect(read.body.errorMessage).toBe(NOT_FOUND_MESSAGE);
    const own = await as['merchant.0002345'].get(`${API}/wpbmerchant/operatore.0002345`);
    const put = await me.put(`${API}/wpbmerchant/operatore.0002345`).set('If-Match', own.headers.etag).send({ ...own.body, fullName: 'Rubato', negozi: [{ pdvid: '1001' }] });
    expect(put.status).toBe(404);
    expect((await me.put(`${API}/wpbmerchant/operatore.0002345/negozi`).set('If-Match', own.headers.etag).send([{ pdvid: '1001' }])).status).toBe(404);
    expect((await me.put(`${API}/wpbmerchant/resetPassword/operatore.0002345`)).status).toBe(404);
    await app.mailIdle();
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes('operatore.0002345'))).toEqual([]);
    const after = await as['merchant.0002345'].get(`${API}/wpbmerchant/operatore.0002345`);
    expect(after.body).toMatchObject({ fullName: 'Verdi operatore.0002345', negozi: [{ pdvid: '2001' }] });
  });

  it("refuses a user created in another merchant's group (403) and a username another merchant holds (403, not 409)", async () => {
    const me = as['merchant.0001234'];
    const foreign = await me.post(`${API}/wpbmerchant`).send(operator('intruso.1', { group: '30480-0002345', negozi: [] }));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(FORBIDDEN);
    const taken = await me.post(`${API}/wpbmerchant`).send(operator('operatore.0002345', { negozi: [] }));
    expect(taken.status).toBe(403);
    expect(taken.body).toEqual(FORBIDDEN);
  });

  it('refuses an operator without WB_GESTIONE_UTENZE (403) on every operation', async () => {
    const op = as['operatore.0001234'];
    for (const res of [
      await op.get(`${API}/wpbmerchant`),
      await op.get(`${API}/wpbmerchant/operatore.0001234`),
      await op.post(`${API}/wpbmerchant`).send(operator('op.crea')),
      await op.put(`${API}/wpbmerchant/resetPassword/merchant.0001234`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it("keeps the bank staff's user management and other bank-side functions out of a merchant's reach (403)", async () => {
    const me = as['merchant.0001234'];
    for (const path of ['users', 'users/operatore.0001234', 'gruppi', 'banche', 'filiali', 'config']) {
      const res = await me.get(`${API}/${path}`);
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual(FORBIDDEN);
    }
    expect((await me.put(`${API}/users/operatore.0001234/password`)).status).toBe(403);
    // A bank user without the business function cannot use the merchant's screen either.
    expect((await as['sede.30480'].get(`${API}/wpbmerchant`)).status).toBe(403);
  });
});

describe('creating an operator (one transaction with its roles and stores)', () => {
  it('creates it with the checked roles, MERCHANT_OP and two stores, mails the password and never answers it', async () => {
    const me = as['merchant.0001234'];
    const res = await me.post(`${API}/wpbmerchant`).send(operator('op.due.negozi'));
    expect(res.status).toBe(201);
    expect(openapi.paths['/wpbmerchant'].post['x-success-message']).toBe(CREATED);
    expect(rolesOf(res.body)).toEqual(['MERCHANT_OP', 'MERCHANT_OP_STAT']);
    expect(storesOf(res.body)).toEqual(['1001', '1002']);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const password = await (async () => { await app.mailIdle(); return smtp.passwordSentTo('op.due.negozi@esercente.example'); })();
    expect(password.length).toBeGreaterThan(7);
    expect(JSON.stringify(res.body)).not.toContain(password);
    // The outbox keeps the mail with the password masked (docs/security.md).
    const outbox = JSON.stringify(await app.db('mail_outbox').select());
    expect(outbox).not.toContain(password);
  });

  it("refuses MERCHANT (ROLE_WPB), MERCHANT_OP and bank-side roles with the choice's message, storing nothing", async () => {
    const me = as['merchant.0001234'];
    for (const role of ['ROLE_WPB', 'MERCHANT_OP', 'BANCA_SEDE', 'ROLE_ADMIN']) {
      const res = await me.post(`${API}/wpbmerchant`).send(operator(`op.ruolo.${role.toLowerCase()}`, { authorities: [{ roleName: 'MERCHANT_OP_DOC' }, { roleName: role }] }));
      expect(res.status, role).toBe(400);
      expect(res.body, role).toEqual(invalid({ field: 'authorities.1.roleName', message: `${NOT_GRANTABLE}: ${role}` }));
      expect(await app.db('utente').where({ username: `op.ruolo.${role.toLowerCase()}` }).first(), role).toBeUndefined();
    }
  });

  it('refuses a user without an e-mail, where the password would go, with the check on the field', async () => {
    const { email: _none, ...withoutMail } = operator('op.senza.mail');
    const res = await as['merchant.0001234'].post(`${API}/wpbmerchant`).send(withoutMail);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'email', message: "Indicare l'e-mail: la password dell'utente viene inviata lì" }));
    expect(await app.db('utente').where({ username: 'op.senza.mail' }).first()).toBeUndefined();
  });

  it("refuses another merchant's store and a missing one with the same message, storing neither user nor roles", async () => {
    const me = as['merchant.0001234'];
    for (const [pdvid, name] of [['2001', 'op.negozio.altrui'], ['9999', 'op.negozio.inesistente']]) {
      const res = await me.post(`${API}/wpbmerchant`).send(operator(name, { negozi: [{ pdvid: '1001' }, { pdvid }] }));
      expect(res.status, pdvid).toBe(400);
      expect(res.body, pdvid).toEqual(invalid({ field: 'negozi.1.pdvid', message: FOREIGN_STORE }));
      expect(await app.db('utente').where({ username: name }).first()).toBeUndefined();
      expect(await app.db('utente_ruolo').where({ username: name })).toEqual([]);
    }
  });
});

describe('changing an operator', () => {
  it('changes roles and stores; a foreign store on update is refused and the stored ones stay', async () => {
    await as['merchant.0001234'].post(`${API}/wpbmerchant`).send(operator('op.modifica'));
    const changed = await save('merchant.0001234', 'op.modifica', { authorities: [{ roleName: 'MERCHANT_OP_PWM' }], negozi: [{ pdvid: '1003' }], enabled: false });
    expect(changed.status).toBe(200);
    // MERCHANT_OP is kept though the form does not send it: the merchant cannot turn an operator into anything else.
    expect(rolesOf(changed.body)).toEqual(['MERCHANT_OP', 'MERCHANT_OP_PWM']);
    expect(storesOf(changed.body)).toEqual(['1003']);
    expect(changed.body.enabled).toBe(false);
    const refused = await save('merchant.0001234', 'op.modifica', { negozi: [{ pdvid: '1001' }, { pdvid: '3001' }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(invalid({ field: 'negozi.1.pdvid', message: FOREIGN_STORE }));
    const child = await save('merchant.0001234', 'op.modifica', {});
    expect(storesOf(child.body)).toEqual(['1003']);
    const replace = await as['merchant.0001234'].put(`${API}/wpbmerchant/op.modifica/negozi`).set('If-Match', child.headers.etag).send([{ pdvid: '5001' }]);
    expect(replace.status).toBe(400);
    expect(replace.body).toEqual(invalid({ field: '0.pdvid', message: FOREIGN_STORE }));
    const roles = await as['merchant.0001234'].get(`${API}/wpbmerchant/op.modifica/authorities`);
    expect(roles.body.map((r: { roleName: string }) => r.roleName).sort()).toEqual(['MERCHANT_OP', 'MERCHANT_OP_PWM']);
    expect((await as['merchant.0001234'].get(`${API}/wpbmerchant/op.modifica/negozi`)).body.map((r: { pdvid: string }) => r.pdvid)).toEqual(['1003']);
    const grant = await as['merchant.0001234'].put(`${API}/wpbmerchant/op.modifica/authorities`).set('If-Match', roles.headers.etag).send([{ roleName: 'MERCHANT_OP_DOC' }, { roleName: 'GES_ADMIN' }]);
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual(invalid({ field: '1.roleName', message: `${NOT_GRANTABLE}: GES_ADMIN` }));
  });

  it("lets the administrator save its own record, ADMIN kept, without becoming an operator", async () => {
    const saved = await save('merchant.0001234', 'merchant.0001234', { fullName: 'Bar Centrale (amministratore)' });
    expect(saved.status).toBe(200);
    expect(rolesOf(saved.body)).toEqual(['ROLE_WPB']);
    // Still sees every store of the merchant.
    expect((await as['merchant.0001234'].get(`${API}/negozi?size=50`)).body.results.map((r: { pdvid: string }) => r.pdvid).sort()).toEqual(['1001', '1002', '1003']);
  });
});

describe('reset password (seed 002 §7 PUT resetPassword/{username})', () => {
  it('mails a new password to the user, answers only the message, and the operator signs in with it and sees its two stores only', async () => {
    expect((await as['merchant.0001234'].post(`${API}/wpbmerchant`).send(operator('op.reset'))).status).toBe(201);
    // The first password's mail is delivered before the reset's, so the last mail holds the reset's password.
    await app.mailIdle();
    const first = smtp.passwordSentTo('op.reset@esercente.example');
    const res = await as['merchant.0001234'].put(`${API}/wpbmerchant/resetPassword/op.reset`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESET });
    await app.mailIdle();
    const temporary = smtp.passwordSentTo('op.reset@esercente.example');
    expect(temporary).not.toBe(first);
    // A temporary password must be changed before the first session (ERROR_016), then the operator signs in.
    const expired = await app.anonymous.post(`${API}/authorization/auth?userType=merchant`).send({ username: 'op.reset', password: temporary });
    expect(expired.body.code).toBe('ERROR_016');
    const changed = await app.anonymous.post(`${API}/users/changePassword`).send({ username: 'op.reset', oldPassword: temporary, newPassword: 'Negozi-Due-2026!' });
    expect(changed.status).toBe(200);
    const login = await app.anonymous.post(`${API}/authorization/auth?userType=merchant`).send({ username: 'op.reset', password: 'Negozi-Due-2026!' });
    expect(login.status).toBe(200);
    const stores = await app.anonymous.get(`${API}/negozi?size=50`).set('X-AuthToken', login.body.access_token);
    expect(stores.status).toBe(200);
    expect(stores.body.results.map((r: { pdvid: string }) => r.pdvid).sort()).toEqual(['1001', '1002']);
    const audit = JSON.stringify(await app.db('storico_modifica').select());
    expect(audit).not.toContain(temporary);
  });
});
