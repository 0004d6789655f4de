/**
 * Authentication (issue 3, seed 000 §3 Session token, §4 session, §7 Auth, §8 errors): login, a new
 * opaque token at every login, lockout after 5 wrong passwords, ERROR_016, password change and reset
 * by mail (a real SMTP server here: the outbox keeps the mail with the password masked), logout, absolute
 * and idle expiry, tokens stored hashed, passwords as scrypt. The hardening of issue 12 has its own file,
 * tests/server/security/auth-hardening.test.ts.
 * Tests that lock, reset or revoke use their own throwaway users, never the shared demo personas.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../server/lookup.js';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';
import { closeOpened } from '../support/close-opened.js';

let app: TestApp;
let smtp: SmtpCapture;

const MSG = {
  INVALID_CREDENTIALS: 'Nome utente o password non validi',
  ACCOUNT_LOCKED: "Utenza bloccata per troppi tentativi errati: contattare l'amministratore",
  ERROR_016: "Password scaduta: è necessario cambiarla prima di accedere",
  UNAUTHENTICATED: 'Si è verificato un errore di autenticazione. Contattare il servizio assistenza',
  PASSWORD_REUSED: 'La nuova password deve essere diversa da quella attuale',
  FORBIDDEN: 'Operazione non consentita',
  NOT_FOUND: 'Elemento non trovato',
  CHANGED: 'Password modificata correttamente. Accedere con la nuova password.',
  RESET: "La nuova password e' stata inviata alla email dell'utente",
  TOO_MANY_REQUESTS: 'Troppi tentativi: riprovare tra qualche minuto',
};
const error = (code: keyof typeof MSG, details: unknown[] = []) => ({ errorMessage: MSG[code], code, details });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A throwaway user with the demo password (same hash as the demo users), so tests can lock or reset it freely. */
async function addUser(username: string, opts: { group?: string; email?: string | null; roles?: string[]; mustChange?: boolean } = {}) {
  const { password_hash } = await app.db('credenziale').where({ username: 'sede.30480' }).first();
  await app.db('utente').insert({ username, full_name: `Utente ${username}`, email: opts.email === undefined ? `${username}@test.example` : opts.email, group: opts.group ?? '30480', locked: false, enabled: true });
  for (const role of opts.roles ?? ['BANCA_SEDE']) await app.db('utente_ruolo').insert({ username, role_name: role });
  await app.db('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: opts.mustChange ?? false, failed_attempts: 0 });
}

const login = (username: string, password = DEMO_PASSWORD, userType = 'banca') =>
  app.anonymous.post(`${API}/authorization/auth?userType=${userType}`).send({ username, password });

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await login(username, password);
  expect(res.status).toBe(200);
  return res.body.access_token;
}

const withToken = (token: string) => app.anonymous.get(`${API}/funzioni`).set('X-AuthToken', token);
const changePassword = (username: string, oldPassword: string, newPassword: string) =>
  app.anonymous.post(`${API}/users/changePassword`).send({ username, oldPassword, newPassword });

/** The temporary password of the last mail that reached `username`'s mailbox (after the queue has sent it). */
async function lastMailedPassword(username: string): Promise<string> {
  await app.mailIdle();
  const { email } = await app.db('utente').where({ username }).first();
  return smtp.passwordSentTo(email);
}

/** The username's count of wrong passwords (server/domain/auth/throttle.ts), 0 when none. */
async function failures(username: string): Promise<number> {
  const row = await app.db('limite_tentativi').where({ key: `login_utente:${username}` }).first();
  return Number(row?.points ?? 0);
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ mail: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await closeOpened(app, smtp);
});

describe('POST authorization/auth (login)', () => {
  it('answers {access_token, expire_in: 28800} for the right username and password', async () => {
    const res = await login('assistenza');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expire_in']);
    expect(res.body.expire_in).toBe(28800);
    expect(typeof res.body.access_token).toBe('string');
    expect(res.body.access_token.length).toBeGreaterThanOrEqual(32);
    expect((await withToken(res.body.access_token).send()).status).toBe(200);
  });

  it('issues a new token at every login, and the earlier one stays valid', async () => {
    const a = await tokenOf('sede.30480');
    const b = await tokenOf('sede.30480');
    expect(a).not.toBe(b);
    expect((await withToken(a)).status).toBe(200);
    expect((await withToken(b)).status).toBe(200);
  });

  it('logs in a merchant with userType=merchant', async () => {
    const res = await login('merchant.0001234', DEMO_PASSWORD, 'merchant');
    expect(res.status).toBe(200);
    expect(res.body.expire_in).toBe(28800);
  });

  it('answers 401 INVALID_CREDENTIALS to a wrong password', async () => {
    const res = await login('sede.60855', 'Password-Sbagliata-1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('INVALID_CREDENTIALS'));
  });

  it('answers exactly the same to an unknown username (no username probing)', async () => {
    const res = await login('nessuno.inesistente', DEMO_PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('INVALID_CREDENTIALS'));
  });

  it('refuses a missing password or userType with 400', async () => {
    const noPassword = await app.anonymous.post(`${API}/authorization/auth?userType=banca`).send({ username: 'assistenza' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.code).toBe('VALIDATION_ERROR');
    const noType = await app.anonymous.post(`${API}/authorization/auth`).send({ username: 'assistenza', password: DEMO_PASSWORD });
    expect(noType.status).toBe(400);
    expect(noType.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('lockout after 5 wrong passwords', () => {
  it('refuses the username for a while at the 6th attempt (429), even with the right password; its sessions die', async () => {
    await addUser('lock.test');
    const before = await tokenOf('lock.test');
    for (let i = 1; i <= 5; i++) {
      const res = await login('lock.test', `Sbagliata-${i}-xxxxxx`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(error('INVALID_CREDENTIALS'));
    }
    const right = await login('lock.test');
    expect(right.status).toBe(429);
    expect(right.body).toEqual(error('TOO_MANY_REQUESTS'));
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    // the administrator's lock is another thing: anonymous failures do not set it
    expect(Boolean((await app.db('utente').where({ username: 'lock.test' }).first()).locked)).toBe(false);
    // the sessions opened before the lock die with it
    const old = await withToken(before);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(error('UNAUTHENTICATED'));
  });

  it('counts consecutive failures only: a good login resets the counter', async () => {
    await addUser('lock.reset');
    for (let i = 0; i < 4; i++) expect((await login('lock.reset', 'Sbagliata-xxxxxxxx')).status).toBe(401);
    expect(await failures('lock.reset')).toBe(4);
    expect((await login('lock.reset')).status).toBe(200);
    expect(await failures('lock.reset')).toBe(0);
    for (let i = 0; i < 4; i++) expect((await login('lock.reset', 'Sbagliata-xxxxxxxx')).status).toBe(401);
    expect((await login('lock.reset')).status).toBe(200);
  });

  it('simultaneous wrong passwords each count: 5 at once lock the username', async () => {
    await addUser('lock.burst');
    const four = await Promise.all([1, 2, 3, 4].map((i) => login('lock.burst', `Sbagliata-${i}-xxxxxx`)));
    expect(four.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(await failures('lock.burst')).toBe(4);
    await app.db('limite_tentativi').where({ key: 'login_utente:lock.burst' }).del();
    await Promise.all([1, 2, 3, 4, 5].map((i) => login('lock.burst', `Sbagliata-${i}-xxxxxx`)));
    expect((await login('lock.burst')).body).toEqual(error('TOO_MANY_REQUESTS'));
  });

  it('a disabled user gets ACCOUNT_LOCKED too', async () => {
    await addUser('disabled.test');
    await app.db('utente').where({ username: 'disabled.test' }).update({ enabled: false });
    const res = await login('disabled.test');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('ACCOUNT_LOCKED'));
  });
});

describe('ERROR_016 and POST users/changePassword', () => {
  it("answers ERROR_016 to 'scaduto' (password must be changed) and issues no token", async () => {
    const sessionsBefore = present(await app.db('sessione').where({ username: 'scaduto' }).count({ n: '*' }).first(), 'count of sessions');
    const res = await login('scaduto');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('ERROR_016'));
    expect(res.body.access_token).toBeUndefined();
    const sessionsAfter = present(await app.db('sessione').where({ username: 'scaduto' }).count({ n: '*' }).first(), 'count of sessions');
    expect(Number(sessionsAfter.n)).toBe(Number(sessionsBefore.n));
  });

  it('refuses a new password shorter than 12 characters with the field message', async () => {
    const res = await changePassword('scaduto', DEMO_PASSWORD, 'Corta-1');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR',
      details: [{ field: 'newPassword', message: 'La nuova password deve avere almeno 12 caratteri' }],
    });
  });

  it('refuses the same password with PASSWORD_REUSED', async () => {
    const res = await changePassword('scaduto', DEMO_PASSWORD, DEMO_PASSWORD);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error('PASSWORD_REUSED', [{ field: 'newPassword', message: MSG.PASSWORD_REUSED }]));
  });

  it('refuses a wrong current password with INVALID_CREDENTIALS, and an unknown user the same way', async () => {
    const wrong = await changePassword('scaduto', 'Non-E-Questa-1', 'Nuova-Password-2026');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(error('INVALID_CREDENTIALS'));
    const unknown = await changePassword('nessuno.inesistente', DEMO_PASSWORD, 'Nuova-Password-2026');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(error('INVALID_CREDENTIALS'));
  });

  it("changes 'scaduto''s password; then the new one logs in and the old one does not", async () => {
    const res = await changePassword('scaduto', DEMO_PASSWORD, 'Scaduto-Nuova-2026!');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.CHANGED });
    const cred = await app.db('credenziale').where({ username: 'scaduto' }).first();
    expect(Boolean(cred.must_change)).toBe(false);
    // The product's cost (N=2^15, r=8, p=1), though the demo hashes of test databases are cheaper (tests/support/fast-demo-passwords.ts).
    expect(cred.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(cred.password_hash).not.toContain('Scaduto-Nuova-2026!');
    const ok = await login('scaduto', 'Scaduto-Nuova-2026!');
    expect(ok.status).toBe(200);
    expect(ok.body.expire_in).toBe(28800);
    const old = await login('scaduto', DEMO_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(error('INVALID_CREDENTIALS'));
  });

  it('revokes every session of the user opened before the change', async () => {
    await addUser('change.test');
    const a = await tokenOf('change.test');
    const b = await tokenOf('change.test');
    expect((await changePassword('change.test', DEMO_PASSWORD, 'Cambiata-Adesso-2026')).status).toBe(200);
    for (const t of [a, b]) {
      const res = await withToken(t);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(error('UNAUTHENTICATED'));
    }
    expect((await login('change.test', 'Cambiata-Adesso-2026')).status).toBe(200);
  });
});

describe('DELETE authorization/logout/', () => {
  it('answers 204 and the token is dead afterwards (revoked server-side)', async () => {
    const token = await tokenOf('sede.30480');
    expect((await withToken(token)).status).toBe(200);
    const res = await app.anonymous.delete(`${API}/authorization/logout/`).set('X-AuthToken', token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const after = await withToken(token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(error('UNAUTHENTICATED'));
    const row = await app.db('sessione').where({ token_hash: sha256(token) }).first();
    expect(row.revoked_at).toBeTruthy();
    // a second logout with the dead token is refused too
    expect((await app.anonymous.delete(`${API}/authorization/logout/`).set('X-AuthToken', token)).status).toBe(401);
  });

  it('revokes only that session: another login of the same user stays alive', async () => {
    const a = await tokenOf('sede.30480');
    const b = await tokenOf('sede.30480');
    expect((await app.anonymous.delete(`${API}/authorization/logout/`).set('X-AuthToken', a)).status).toBe(204);
    expect((await withToken(b)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await app.anonymous.delete(`${API}/authorization/logout/`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('UNAUTHENTICATED'));
  });
});

describe('session expiry and token handling', () => {
  it('a session past its absolute expiry (expires_at) answers 401 UNAUTHENTICATED', async () => {
    const token = await tokenOf('sede.30480');
    await app.db('sessione').where({ token_hash: sha256(token) }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const res = await withToken(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('UNAUTHENTICATED'));
  });

  it('a session created 8 hours ago is dead even if used a moment ago (absolute timeout)', async () => {
    const token = await tokenOf('sede.30480');
    const row = await app.db('sessione').where({ token_hash: sha256(token) }).first();
    const created = new Date(row.created_at).getTime();
    expect(new Date(row.expires_at).getTime() - created).toBe(8 * 60 * 60 * 1000);
    await app.db('sessione').where({ token_hash: sha256(token) }).update({
      created_at: new Date(Date.now() - 8 * 3600_000 - 1000).toISOString(),
      expires_at: new Date(Date.now() - 1000).toISOString(),
      last_seen_at: new Date(Date.now() - 10_000).toISOString(),
    });
    expect((await withToken(token)).status).toBe(401);
  });

  it('a session idle for 31 minutes answers 401; idle for 29 minutes it still works', async () => {
    const idle = await tokenOf('sede.30480');
    await app.db('sessione').where({ token_hash: sha256(idle) }).update({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() });
    const res = await withToken(idle);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('UNAUTHENTICATED'));

    const alive = await tokenOf('sede.30480');
    await app.db('sessione').where({ token_hash: sha256(alive) }).update({ last_seen_at: new Date(Date.now() - 29 * 60_000).toISOString() });
    expect((await withToken(alive)).status).toBe(200);
    // using it moved last_seen_at forward, so the idle clock restarted
    const row = await app.db('sessione').where({ token_hash: sha256(alive) }).first();
    expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('a forged or malformed token answers 401 UNAUTHENTICATED', async () => {
    for (const forged of [randomBytes(32).toString('base64url'), 'x', sha256('whatever'), '']) {
      const res = await app.anonymous.get(`${API}/funzioni`).set('X-AuthToken', forged);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(error('UNAUTHENTICATED'));
    }
  });

  it("a token's hash used as the token does not work (only the token itself does)", async () => {
    const token = await tokenOf('sede.30480');
    const res = await withToken(sha256(token));
    expect(res.status).toBe(401);
  });

  it('stores only the SHA-256 of the token, never the token in clear', async () => {
    const token = await tokenOf('federazione');
    const rows = await app.db('sessione').where({ username: 'federazione' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.map((r) => r.token_hash)).toContain(sha256(token));
    const everything = JSON.stringify(await app.db('sessione'));
    expect(everything).not.toContain(token);
  });

  it('stores every password as an scrypt hash, never in clear', async () => {
    const creds = await app.db('credenziale');
    expect(creds.length).toBeGreaterThan(0);
    for (const c of creds) {
      expect(c.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
      expect(c.password_hash).not.toContain(DEMO_PASSWORD);
    }
  });
});

describe('PUT authorization/resetPassword (public)', () => {
  const reset = (username: string, mail: string, userType = 'banca') =>
    app.anonymous.put(`${API}/authorization/resetPassword`).query({ username, mail, userType });
  const mailCount = async () => {
    await app.mailIdle();
    return Number(present(await app.db('mail_outbox').count({ n: '*' }).first(), 'count of mails').n);
  };

  it('answers the same message when the mail does not match, and sends nothing', async () => {
    await addUser('reset.test', { email: 'reset.test@bcc-esempio.example' });
    const before = await mailCount();
    const wrongMail = await reset('reset.test', 'altro@bcc-esempio.example');
    expect(wrongMail.status).toBe(200);
    expect(wrongMail.body).toEqual({ message: MSG.RESET });
    const unknownUser = await reset('nessuno.inesistente', 'reset.test@bcc-esempio.example');
    expect(unknownUser.status).toBe(200);
    expect(unknownUser.body).toEqual({ message: MSG.RESET });
    expect(await mailCount()).toBe(before);
    // the password was not touched
    expect((await login('reset.test')).status).toBe(200);
  });

  it('when the mail matches: one mail with a temporary password; the old one works until it is used, then it must be changed (ERROR_016)', async () => {
    const before = await mailCount();
    const live = await tokenOf('reset.test');
    const res = await reset('reset.test', 'RESET.TEST@bcc-esempio.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.RESET });
    expect(await mailCount()).toBe(before + 1);
    const mail = await app.db('mail_outbox').where({ username: 'reset.test' }).first();
    expect(mail.recipient).toBe('reset.test@bcc-esempio.example');
    expect(mail.stato_invio).toBe('I');
    const temporary = await lastMailedPassword('reset.test');
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    expect(mail.body).not.toContain(temporary);

    // an anonymous request neither ends the sessions nor replaces the password
    expect((await withToken(live)).status).toBe(200);
    const mustChange = await login('reset.test', temporary);
    expect(mustChange.status).toBe(401);
    expect(mustChange.body).toEqual(error('ERROR_016'));
    // once used, the temporary password is the password: the old one and the sessions are gone
    expect((await withToken(live)).status).toBe(401);
    expect((await login('reset.test')).body).toEqual(error('INVALID_CREDENTIALS'));

    const changed = await changePassword('reset.test', temporary, 'Reset-Cambiata-2026');
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: MSG.CHANGED });
    const ok = await login('reset.test', 'Reset-Cambiata-2026');
    expect(ok.status).toBe(200);
  });

  it('refuses a call without the mail with 400', async () => {
    const res = await app.anonymous.put(`${API}/authorization/resetPassword`).query({ username: 'reset.test', userType: 'banca' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('PUT users/{username}/password (adminResetPassword, GES_UTENTI:AGGIORNAMENTO)', () => {
  it('resets and mails a new password that must be changed at the next login', async () => {
    await addUser('adminreset.test', { email: 'adminreset@bcc-esempio.example' });
    const live = await tokenOf('adminreset.test');
    const res = await app.request.put(`${API}/users/adminreset.test/password`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.RESET });
    const temporary = await lastMailedPassword('adminreset.test');
    expect((await withToken(live)).status).toBe(401);
    expect((await login('adminreset.test', temporary)).body).toEqual(error('ERROR_016'));
    expect((await changePassword('adminreset.test', temporary, 'Admin-Reset-Nuova-2026')).status).toBe(200);
    expect((await login('adminreset.test', 'Admin-Reset-Nuova-2026')).status).toBe(200);
  });

  it('a bank head office resets a user of its bank (in scope)', async () => {
    await addUser('adminreset.sede', { email: 'adminreset.sede@bcc-esempio.example' });
    const sede = await app.loginAs('sede.30480');
    const res = await sede.put(`${API}/users/adminreset.sede/password`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.RESET });
  });

  it('refuses a caller without GES_UTENTI:AGGIORNAMENTO with 403 and changes nothing', async () => {
    await addUser('adminreset.forbidden');
    const filiale = await app.loginAs('filiale.30480');
    const res = await filiale.put(`${API}/users/adminreset.forbidden/password`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(error('FORBIDDEN'));
    expect(await app.db('mail_outbox').where({ username: 'adminreset.forbidden' })).toEqual([]);
    expect((await login('adminreset.forbidden')).status).toBe(200);
  });

  it("answers 404 for a user outside the caller's banks and changes nothing", async () => {
    await addUser('adminreset.other', { group: '60855' });
    const sede = await app.loginAs('sede.30480');
    const res = await sede.put(`${API}/users/adminreset.other/password`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(error('NOT_FOUND'));
    expect(await app.db('mail_outbox').where({ username: 'adminreset.other' })).toEqual([]);
    expect((await login('adminreset.other')).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await app.anonymous.put(`${API}/users/adminreset.test/password`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(error('UNAUTHENTICATED'));
  });
});

describe('GET mailoutbox (the mails the product would send)', () => {
  it('lists the reset mails, newest first, and reads one by id', async () => {
    await app.mailIdle();
    const list = await app.request.get(`${API}/mailoutbox`);
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBeGreaterThanOrEqual(3);
    const results: { id: string; createdAt: string; username: string; recipient: string; subject: string }[] = list.body.results;
    expect(results.map((m) => m.username)).toEqual(expect.arrayContaining(['reset.test', 'adminreset.test', 'adminreset.sede']));
    const sorted = [...results].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(results.map((m) => m.createdAt)).toEqual(sorted.map((m) => m.createdAt));

    const one = present(results.find((m) => m.username === 'reset.test'), "reset.test's mail");
    const res = await app.request.get(`${API}/mailoutbox/${one.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: one.id, username: 'reset.test', recipient: 'reset.test@bcc-esempio.example', subject: 'WebPOS - nuova password', statoInvio: 'I' });
    expect(res.body.body).toContain('reset.test');
    expect(res.body.body).toContain('******** (inviata solo al destinatario)');
  });

  it('filters by username', async () => {
    const res = await app.request.get(`${API}/mailoutbox?username=adminreset.test`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.results[0].recipient).toBe('adminreset@bcc-esempio.example');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await app.request.get(`${API}/mailoutbox/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(error('NOT_FOUND'));
  });
});

describe('authorization comes before request validation', () => {
  it('an anonymous call with an invalid body is 401, not a 400 describing the body', async () => {
    const res = await app.anonymous.post(`${API}/banche`).send({ codAbi: '12', campoIgnoto: true });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errorMessage: 'Si è verificato un errore di autenticazione. Contattare il servizio assistenza', code: 'UNAUTHENTICATED', details: [] });
  });

  it('a caller without the permission gets 403 before any word about the body', async () => {
    const push = await app.loginAs('agente.push');
    const res = await push.post(`${API}/banche`).send({ codAbi: '12' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
  });
});
