/**
 * Issue 12, the authentication and credential items of the security audit: one `it` per item (and per
 * part of an item), each failing on the code before the fix. Mails go to a real SMTP server started here
 * (tests/support/smtp-capture.ts) and are read with mailparser, as a user's mailbox would get them.
 *
 * Timing (item 6), `npx tsx bench/auth-timing.ts` on this 2-core machine, SQLite, 41 interleaved calls each
 * timed by curl in another process: a public reset whose username and e-mail match answered in a median of
 * 1.76 ms (p90 2.71), one that matches nothing in 1.81 ms (p90 3.26): ratio 0.97 (before the fix: about
 * 700 ms against 11 ms). Both run the same two limit upserts before answering. The test below proves it by
 * structure instead of by clock: the answer comes back while the SMTP server holds the queue, and the
 * pending password is written only afterwards.
 * Login under a flood (item 11), same script: a right login from another client took 64-102 ms quiet and
 * 248-627 ms while one client flooded wrong logins (most of the flood answered 429 without a scrypt); the
 * audit measured 1 s against 14 s before.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage } from '../../../common/fill-message.js';
import { present } from '../../../server/lookup.js';
import { textAt } from '../../../server/records.js';
import { hashPassword } from '../../../server/domain/auth/password.js';
import { listeningPort } from '../../support/listening-port.js';
import { documentOperation } from '../../support/openapi.js';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';
import { closeOpened } from '../../support/close-opened.js';

const MSG = {
  INVALID_CREDENTIALS: 'Nome utente o password non validi',
  ACCOUNT_LOCKED: "Utenza bloccata per troppi tentativi errati: contattare l'amministratore",
  ERROR_016: "Password scaduta: è necessario cambiarla prima di accedere",
  TOO_MANY_REQUESTS: 'Troppi tentativi: riprovare tra qualche minuto',
  UNAUTHENTICATED: 'Si è verificato un errore di autenticazione. Contattare il servizio assistenza',
  RESET: "La nuova password e' stata inviata alla email dell'utente",
};
const error = (code: keyof typeof MSG) => ({ errorMessage: MSG[code], code, details: [] });

let app: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await closeOpened(app, smtp);
});

/** A throwaway user with the demo password, so a test can lock or reset it freely. */
async function addUser(username: string, opts: { group?: string; cab?: string | null; email?: string | null } = {}) {
  const { password_hash } = await app.db('credenziale').where({ username: 'sede.30480' }).first();
  await app.db('utente').insert({ username, full_name: `Utente ${username}`, email: opts.email === undefined ? `${username}@test.example` : opts.email, group: opts.group ?? '30480', cab: opts.cab ?? null, locked: false, enabled: true });
  await app.db('utente_ruolo').insert({ username, role_name: 'BANCA_SEDE' });
  await app.db('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
}

const login = (username: string, password = DEMO_PASSWORD, userType = 'banca', on = app) =>
  on.anonymous.post(`${API}/authorization/auth?userType=${userType}`).send({ username, password });
const changePassword = (username: string, oldPassword: string, newPassword: string) =>
  app.anonymous.post(`${API}/users/changePassword`).send({ username, oldPassword, newPassword });
const reset = (username: string, mail: string, userType = 'banca', on = app) =>
  on.anonymous.put(`${API}/authorization/resetPassword`).query({ username, mail, userType });
const works = async (token: string) => (await app.anonymous.get(`${API}/funzioni`).set('X-AuthToken', token)).status === 200;

/** Everything stored in the outbox table, as one string. */
const outboxTable = async () => JSON.stringify(await app.db('mail_outbox'));

describe('item 1: a temporary password reaches its recipient only', () => {
  let password = '';

  it('item 1: POST users mails a random first password through SMTP; it logs in (then ERROR_016 and change)', async () => {
    const created = await app.request.post(`${API}/users`).send({
      username: 'nuovo.h1', fullName: 'Nuovo H1', email: 'nuovo.h1@bcc-esempio.example', group: '30480', cab: '01600', authorities: [{ roleName: 'BANCA_FILIALE' }],
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toMatch(/password/i);
    await app.mailIdle();
    password = smtp.passwordSentTo('nuovo.h1@bcc-esempio.example');
    expect(password).toMatch(/^\S{16}$/);
    expect((await login('nuovo.h1', password)).body).toEqual(error('ERROR_016'));
    expect((await changePassword('nuovo.h1', password, 'Nuova-Filiale-H1-2026')).status).toBe(200);
    expect((await login('nuovo.h1', 'Nuova-Filiale-H1-2026')).status).toBe(200);
  });

  it("item 1: the create answer is the seed's message with the e-mail filled in", () => {
    const message = present(textAt(documentOperation(app.artifacts.openapi, 'post', '/users'), 'x-success-message'), 'the success message of post /users');
    expect(fillMessage(message, { email: 'nuovo.h1@bcc-esempio.example' }))
      .toBe('Utente creato con successo. La password viene inviata alla mail nuovo.h1@bcc-esempio.example');
  });

  it('item 1: the outbox row, read by assistenza and by sede.30480, and the table hold no password, only a masked text and the delivery status', async () => {
    const list = await app.request.get(`${API}/mailoutbox?username=nuovo.h1`);
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(1);
    const row = list.body.results[0];
    expect(row).toMatchObject({ recipient: 'nuovo.h1@bcc-esempio.example', username: 'nuovo.h1', group: '30480', cab: '01600', statoInvio: 'I' });
    const sede = await app.loginAs('sede.30480');
    for (const reader of [app.request, sede]) {
      const one = await reader.get(`${API}/mailoutbox/${row.id}`);
      expect(one.status).toBe(200);
      expect(one.body.body).toContain('******** (inviata solo al destinatario)');
      expect(JSON.stringify(one.body)).not.toContain(password);
    }
    expect(await outboxTable()).not.toContain(password);
    expect(JSON.stringify(await app.db('storico_modifica'))).not.toContain(password);
  });

  it("item 1: resets, public and administrator's, answer the seed's message and the mail leaves through SMTP", async () => {
    await addUser('reset.h1', { email: 'reset.h1@bcc-esempio.example' });
    const before = smtp.messages.length;
    const pub = await reset('reset.h1', 'reset.h1@bcc-esempio.example');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({ message: MSG.RESET });
    const admin = await app.request.put(`${API}/users/reset.h1/password`);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ message: MSG.RESET });
    await app.mailIdle();
    expect(smtp.messages.length).toBe(before + 2);
    const latest = smtp.passwordSentTo('reset.h1@bcc-esempio.example');
    expect(await outboxTable()).not.toContain(latest);
    expect((await login('reset.h1', latest)).body).toEqual(error('ERROR_016'));
  });

  it('item 1: a branch user reads only the mails of users of its branch', async () => {
    await addUser('sede.h1', { email: 'sede.h1@bcc-esempio.example' }); // head office: no cab
    expect((await app.request.put(`${API}/users/sede.h1/password`)).status).toBe(200);
    await app.mailIdle();
    const headOffice = await app.db('mail_outbox').where({ username: 'sede.h1' }).first();
    const filiale = await app.loginAs('filiale.30480');
    const list = await filiale.get(`${API}/mailoutbox?size=200`);
    expect(list.status).toBe(200);
    const usernames = list.body.results.map((m: { username: string }) => m.username);
    expect(usernames).toContain('nuovo.h1');
    expect(usernames).not.toContain('sede.h1');
    expect((await filiale.get(`${API}/mailoutbox/${headOffice.id}`)).status).toBe(404);
  });

  // It builds a second app, a fresh database migrated and seeded, inside the test: on PostgreSQL that took
  // 15 s alone and over 30 s during the full suite on the shared machine, so it gets the hooks' 60 s.
  it('item 1: an SMTP server that cannot be reached leaves the mail recorded as not sent, with the reason, and nothing crashes', { timeout: 60_000 }, async () => {
    const offline = await createTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      expect((await offline.request.put(`${API}/users/sede.30480/password`)).status).toBe(200);
      await offline.mailIdle();
      const row = await offline.db('mail_outbox').where({ username: 'sede.30480' }).first();
      expect(row.stato_invio).toBe('N');
      expect(row.esito_invio).toMatch(/ECONNREFUSED|connect/i);
      expect(row.body).toContain('******** (inviata solo al destinatario)');
      expect((await offline.request.get(`${API}/funzioni`)).status).toBe(200);
    } finally {
      await offline.close();
    }
  });
});

describe('item 6: password reset', () => {
  it('item 6: the public reset answers before any work: while SMTP holds the queue the answers come back, identical, and the pending password is written only after', async () => {
    await addUser('reset.h6a', { email: 'reset.h6a@bcc-esempio.example' });
    await addUser('reset.h6b', { email: 'reset.h6b@bcc-esempio.example' });
    smtp.hold();
    try {
      expect((await reset('reset.h6a', 'reset.h6a@bcc-esempio.example')).status).toBe(200);
      await expect.poll(() => smtp.held(), { timeout: 10_000 }).toBe(1);
      const match = await reset('reset.h6b', 'reset.h6b@bcc-esempio.example');
      const noMatch = await reset('reset.h6b', 'altro@bcc-esempio.example');
      const unknown = await reset('nessuno.h6', 'reset.h6b@bcc-esempio.example');
      for (const res of [match, noMatch, unknown]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: MSG.RESET });
      }
      expect(Object.keys(match.headers).sort()).toEqual(Object.keys(noMatch.headers).sort());
      // Answered, yet nothing of reset.h6b's reset exists: it waits behind the held mail.
      expect((await app.db('credenziale').where({ username: 'reset.h6b' }).first()).pending_hash).toBeNull();
      expect(await app.db('mail_outbox').where({ username: 'reset.h6b' })).toEqual([]);
    } finally {
      smtp.release();
    }
    await app.mailIdle();
    expect((await app.db('credenziale').where({ username: 'reset.h6b' }).first()).pending_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(smtp.passwordSentTo('reset.h6b@bcc-esempio.example')).toBeTruthy();
  });

  it('item 6: the old password keeps working until the temporary one is used; using it makes it current (ERROR_016); using the old one cancels it', async () => {
    await addUser('reset.h6c', { email: 'reset.h6c@bcc-esempio.example' });
    const session: string = (await login('reset.h6c')).body.access_token;
    await reset('reset.h6c', 'reset.h6c@bcc-esempio.example');
    await app.mailIdle();
    const temporary = smtp.passwordSentTo('reset.h6c@bcc-esempio.example');
    expect(await works(session)).toBe(true); // an anonymous request ends nothing
    expect((await login('reset.h6c')).status).toBe(200); // nor locks anyone out of the working password
    // ... and that login cancelled the pending one
    expect((await login('reset.h6c', temporary)).body).toEqual(error('INVALID_CREDENTIALS'));

    await reset('reset.h6c', 'reset.h6c@bcc-esempio.example');
    await app.mailIdle();
    const second = smtp.passwordSentTo('reset.h6c@bcc-esempio.example');
    expect((await login('reset.h6c', second)).body).toEqual(error('ERROR_016'));
    expect(await works(session)).toBe(false); // now it is the password: the sessions end
    expect((await login('reset.h6c')).body).toEqual(error('INVALID_CREDENTIALS'));
    expect((await changePassword('reset.h6c', second, 'Reset-H6c-Nuova-2026')).status).toBe(200);
    expect((await login('reset.h6c', 'Reset-H6c-Nuova-2026')).status).toBe(200);
  });

  it('item 6: a temporary password expires', async () => {
    await addUser('reset.h6d', { email: 'reset.h6d@bcc-esempio.example' });
    await reset('reset.h6d', 'reset.h6d@bcc-esempio.example');
    await app.mailIdle();
    const temporary = smtp.passwordSentTo('reset.h6d@bcc-esempio.example');
    await app.db('credenziale').where({ username: 'reset.h6d' }).update({ pending_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await login('reset.h6d', temporary)).body).toEqual(error('INVALID_CREDENTIALS'));
  });

  it('item 6: resets are limited per account: the 4th within the hour is 429 with Retry-After, whatever the e-mail', async () => {
    for (let i = 0; i < 3; i++) expect((await reset('reset.h6e', `x${i}@bcc-esempio.example`)).status).toBe(200);
    const refused = await reset('reset.h6e', 'reset.h6e@bcc-esempio.example');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(error('TOO_MANY_REQUESTS'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('item 7: the lockout count is atomic', () => {
  it('item 7: 30 parallel wrong logins with the right one: only 5 passwords are checked, no token past the threshold, and none comes back with the unlock', async () => {
    await addUser('race.h7');
    // At the product's scrypt cost, as in production: with the test databases' cheap demo hash
    // (tests/support/fast-demo-passwords.ts) the right login may finish, and reset the count, before the wrong
    // ones are counted, which is another scenario than the race this test is about.
    await app.db('credenziale').where({ username: 'race.h7' }).update({ password_hash: await hashPassword(DEMO_PASSWORD) });
    const before: string = (await login('race.h7')).body.access_token;
    const answers = await Promise.all([login('race.h7'), ...Array.from({ length: 30 }, (_, i) => login('race.h7', `Sbagliata-${i}-xxxxxxx`))]);
    const statuses = answers.map((r) => r.status);
    // Counted before the check: 5 attempts reach the password, every other one is refused unchecked.
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(26);
    const tokens = answers.filter((r) => r.status === 200).map((r): string => r.body.access_token);
    for (const token of tokens) expect(await works(token)).toBe(false);
    expect(await works(before)).toBe(false); // the lock ended the sessions
    expect((await login('race.h7')).status).toBe(429);

    const unlock = await app.request.put(`${API}/users/race.h7`).set('If-Match', await etagOf(app.request, `${API}/users/race.h7`)).send({ username: 'race.h7', group: '30480', locked: false });
    expect(unlock.status).toBe(200);
    for (const token of [before, ...tokens]) expect(await works(token)).toBe(false);
    expect((await login('race.h7')).status).toBe(200);
  });
});

describe('item 8: lockout', () => {
  it('item 8: an unknown username and an existing one get the same answers, lock alike, and the lock ends by itself', async () => {
    await addUser('lock.h8');
    for (const username of ['lock.h8', 'nessuno.h8']) {
      for (let i = 0; i < 5; i++) {
        const res = await login(username, `Sbagliata-${i}-xxxxxxx`);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(error('INVALID_CREDENTIALS'));
      }
      const sixth = await login(username);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual(error('TOO_MANY_REQUESTS'));
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
    }
    // Anonymous failures never set the administrator's lock...
    expect(Boolean((await app.db('utente').where({ username: 'lock.h8' }).first()).locked)).toBe(false);
    // ... and their lock ends by itself (15 minutes: here the clock of the count is moved past it).
    await app.db('limite_tentativi').where({ key: 'login_utente:lock.h8' }).update({ expire: Date.now() - 1000 });
    expect((await login('lock.h8')).status).toBe(200);
  });

  it("item 8: an administrator's lock lasts until unlocked, ends the sessions, and is told only to the right password", async () => {
    await addUser('admin.h8');
    const session: string = (await login('admin.h8')).body.access_token;
    const lock = await app.request.put(`${API}/users/admin.h8`).set('If-Match', await etagOf(app.request, `${API}/users/admin.h8`)).send({ username: 'admin.h8', group: '30480', locked: true });
    expect(lock.status).toBe(200);
    expect(await works(session)).toBe(false);
    expect((await login('admin.h8', 'Sbagliata-xxxxxxxxx')).body).toEqual(error('INVALID_CREDENTIALS'));
    expect((await login('admin.h8')).body).toEqual(error('ACCOUNT_LOCKED'));
    const unlock = await app.request.put(`${API}/users/admin.h8`).set('If-Match', await etagOf(app.request, `${API}/users/admin.h8`)).send({ username: 'admin.h8', group: '30480', locked: false });
    expect(unlock.status).toBe(200);
    expect(await works(session)).toBe(false);
    expect((await login('admin.h8')).status).toBe(200);
  });

  it('item 8: wrong current passwords in the public changePassword count toward the same limit', async () => {
    await addUser('change.h8');
    for (let i = 0; i < 5; i++) expect((await changePassword('change.h8', `Sbagliata-${i}-xxxxxxx`, 'Nuova-Password-H8-2026')).status).toBe(401);
    expect((await login('change.h8')).body).toEqual(error('TOO_MANY_REQUESTS'));
  });
});

describe('item 9: changing one\'s own e-mail', () => {
  it('item 9: PUT users/me/email needs the current password; a wrong one is refused on the field and counts', async () => {
    await addUser('email.h9', { email: null });
    const me = await app.loginAs('email.h9');
    const missing = await me.put(`${API}/users/me/email`).send({ email: 'email.h9@bcc-esempio.example' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'password', message: "Questo campo e' obbligatorio" }]);
    for (let i = 0; i < 5; i++) {
      const wrong = await me.put(`${API}/users/me/email`).send({ email: 'ladro@altrove.example', password: `Sbagliata-${i}-xxxxxxx` });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'password', message: 'Password attuale non corretta' }] });
    }
    expect((await app.db('utente').where({ username: 'email.h9' }).first()).email).toBeNull();
    // The 5th wrong password locked the username and so ended the session that was guessing.
    expect((await me.put(`${API}/users/me/email`).send({ email: 'email.h9@bcc-esempio.example', password: DEMO_PASSWORD })).body).toEqual(error('UNAUTHENTICATED'));
    expect((await login('email.h9')).status).toBe(429);
    await app.db('limite_tentativi').where({ key: 'login_utente:email.h9' }).del();
    const again = await app.loginAs('email.h9');
    const right = await again.put(`${API}/users/me/email`).send({ email: 'email.h9@bcc-esempio.example', password: DEMO_PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ message: "L'indirizzo mail è stato salvato correttamente!" });
  });
});

describe('item 15b: userType is tied to the account', () => {
  it('item 15b: a bank user as merchant, and a merchant as bank, fail like a wrong password, and count', async () => {
    await addUser('tipo.h15');
    expect((await login('merchant.0001234', DEMO_PASSWORD, 'banca')).body).toEqual(error('INVALID_CREDENTIALS'));
    expect((await login('merchant.0001234', DEMO_PASSWORD, 'merchant')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('tipo.h15', DEMO_PASSWORD, 'merchant')).body).toEqual(error('INVALID_CREDENTIALS'));
    expect((await login('tipo.h15', DEMO_PASSWORD, 'banca')).status).toBe(429);
  });
});

describe('ASVS 6.2.4: common passwords', () => {
  it('item 6.2.4: changePassword refuses a common password (the top 3000 and beyond), in any case', async () => {
    await addUser('common.h624');
    for (const common of ['qwerty123456', 'QWERTY123456', '1Qaz2Wsx3Edc', 'LeaveMeAlone']) {
      const res = await changePassword('common.h624', DEMO_PASSWORD, common);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'newPassword', message: "La password scelta è troppo comune: sceglierne un'altra" }] });
    }
    expect((await changePassword('common.h624', DEMO_PASSWORD, 'Cavallo-Batteria-Graffetta')).status).toBe(200);
  });
});

describe('item 11: login rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authLimits: { ipMaxFailures: 8, resetMaxPerIp: 4 } });
  });
  afterAll(() => closeOpened(limited));

  /** A login from another client address (127.0.0.2), on a server of its own over the same app. */
  async function loginFrom(address: string, username: string, password = DEMO_PASSWORD): Promise<number> {
    const server = http.createServer(limited.handler).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      return await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ username, password });
        const req = http.request({
          host: '127.0.0.1', port: listeningPort(server), localAddress: address, method: 'POST',
          path: `${API}/authorization/auth?userType=banca`, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
        req.on('error', reject);
        req.end(body);
      });
    } finally {
      server.close();
    }
  }

  it('item 11: wrong logins from one client over its limit are refused at once (429, Retry-After), whatever the usernames; another client still logs in', async () => {
    for (let i = 0; i < 8; i++) expect((await login(`sconosciuto.${i}`, 'Sbagliata-xxxxxxxx', 'banca', limited)).status).toBe(401);
    const refused = await login('sconosciuto.9', 'Sbagliata-xxxxxxxx', 'banca', limited);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(error('TOO_MANY_REQUESTS'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('sede.30480', DEMO_PASSWORD, 'banca', limited)).status).toBe(429);
    expect(await loginFrom('127.0.0.2', 'sede.30480')).toBe(200);
  });

  it('item 11: resets from one client over its limit are refused (429)', async () => {
    for (let i = 0; i < 4; i++) expect((await reset(`utente.${i}`, 'x@y.example', 'banca', limited)).status).toBe(200);
    expect((await reset('utente.5', 'x@y.example', 'banca', limited)).status).toBe(429);
  });
});
