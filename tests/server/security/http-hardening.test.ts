/**
 * The HTTP-level items of the outside security audit (issue 12): body size and depth limits (item 10), a
 * per-user limit of running exports (item 12), security headers, the HttpOnly session cookie and the CSRF
 * defence that goes with it (item 14). docs/security.md describes each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../server/lookup.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../../support/test-app.js';
import { closeOpened } from '../../support/close-opened.js';

const uiDir = mkdtempSync(join(tmpdir(), 'webpos-ui-'));
writeFileSync(join(uiDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>');
const exportDir = mkdtempSync(join(tmpdir(), 'webpos-exports-'));

let app: TestApp;
// Exports are queued and never run here, so the jobs stay "in corso" for the limit of item 12.
beforeAll(async () => { app = await createTestApp({ uiDir, exports: { dir: exportDir, run: false } }); });
afterAll(async () => {
  await closeOpened(app);
  rmSync(uiDir, { recursive: true, force: true });
  rmSync(exportDir, { recursive: true, force: true });
});

const LOGIN = `${API}/authorization/auth?userType=banca`;
const TOO_DEEP = { errorMessage: 'Richiesta non valida: corpo troppo annidato', code: 'BODY_TOO_DEEP', details: [] };
const TOO_LARGE = { errorMessage: 'Richiesta non valida: corpo troppo grande', code: 'BODY_TOO_LARGE', details: [] };
const CROSS_SITE = { errorMessage: "Richiesta rifiutata: non proviene dall'applicazione WebPOS. Ricaricare la pagina e riprovare", code: 'CROSS_SITE_REQUEST', details: [] };
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const json = (test: supertest.Test, body: string) => test.set('Content-Type', 'application/json').send(body);

describe('item 10: body size and depth limits', () => {
  it('item 10: a deeply nested body sent anonymously answers 400 in Italian, not 500', async () => {
    const login = await json(app.anonymous.post(LOGIN), `{"username":"assistenza","password":"x","extra":${nested(1000)}}`);
    expect(login.status).toBe(400);
    expect(login.body).toEqual(TOO_DEEP);
    // resetPassword declares no body: the nested one reached the recursive NUL check and overflowed the stack (500).
    const reset = await json(app.anonymous.put(`${API}/authorization/resetPassword?mail=a@b.it&username=x&userType=banca`), `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`);
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual(TOO_DEEP);
  });

  it('item 10: the depth is counted before parsing, outside strings, and a legitimate body passes', async () => {
    // Brackets inside a string are text: this is just a wrong password.
    const inString = await json(app.anonymous.post(LOGIN), JSON.stringify({ username: 'assistenza', password: `${'['.repeat(150)}"\\{` }));
    expect(inString.status).toBe(401);
    expect(inString.body.code).toBe('INVALID_CREDENTIALS');
    // A body of a million brackets with a session (limit 1 MB) is refused at once, without being parsed.
    const started = Date.now();
    const deep = await json(app.request.put(`${API}/users/me/email`), nested(500_000));
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual(TOO_DEEP);
    expect(Date.now() - started).toBeLessThan(2000);
    const ok = await app.request.put(`${API}/users/me/email`).send({ email: 'assistenza@webpos.example', password: DEMO_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('item 10: public operations take 16 kB, operations with a session 1 MB; without a session a body is not read', async () => {
    const publicLarge = await json(app.anonymous.post(LOGIN), JSON.stringify({ username: 'assistenza', password: 'x'.repeat(20_000) }));
    expect(publicLarge.status).toBe(413);
    expect(publicLarge.body).toEqual(TOO_LARGE);
    const change = await json(app.anonymous.post(`${API}/users/changePassword`), JSON.stringify({ username: 'x', oldPassword: 'y', newPassword: 'z'.repeat(20_000) }));
    expect(change.status).toBe(413);
    // The same 20 kB with a session is read, and refused by the field's own rule.
    const authenticated = await app.request.put(`${API}/users/me/email`).send({ email: `${'a'.repeat(20_000)}@b.it` });
    expect(authenticated.status).toBe(400);
    expect(authenticated.body.code).toBe('VALIDATION_ERROR');
    const overMb = await json(app.request.put(`${API}/users/me/email`), JSON.stringify({ email: 'a'.repeat(1_100_000) }));
    expect(overMb.status).toBe(413);
    expect(overMb.body).toEqual(TOO_LARGE);
    // Anonymous, to an operation that needs a session: 401, whatever the body.
    const anonymous = await json(app.anonymous.put(`${API}/users/me/email`), nested(400_000));
    expect(anonymous.status).toBe(401);
  });

  it('item 10: the limits are settings (createApp http option, BODY_LIMIT_PUBLIC / BODY_LIMIT / BODY_MAX_DEPTH)', async () => {
    const strict = await createTestApp({ http: { publicBodyLimit: '1kb', maxBodyDepth: 2 } });
    try {
      const large = await json(strict.anonymous.post(LOGIN), JSON.stringify({ username: 'assistenza', password: 'x'.repeat(1500) }));
      expect(large.status).toBe(413);
      const deep = await json(strict.anonymous.post(LOGIN), '{"username":"a","password":"b","x":[[1]]}');
      expect(deep.body).toEqual(TOO_DEEP);
      const fine = await strict.anonymous.post(LOGIN).send({ username: 'assistenza', password: DEMO_PASSWORD });
      expect(fine.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('item 12: running exports per user', () => {
  const start = (agent: TestApp['request']) => agent.post(`${API}/filiali/esportazioni?formato=csv`);

  it('item 12: a fourth export while three are queued or running answers 429 in Italian; others are not affected', async () => {
    for (let i = 0; i < 3; i++) expect((await start(app.request)).status).toBe(202);
    const fourth = await start(app.request);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      errorMessage: "Hai già 3 esportazioni in corso: attendere che terminino prima di avviarne un'altra", code: 'EXPORT_LIMIT', details: [],
    });
    const other = await app.loginAs('sede.30480');
    expect((await start(other)).status).toBe(202);
  });

  it('item 12: the limit is the configuration key ESPORTAZIONI_MAX_IN_CORSO', async () => {
    const set = await app.request.put(`${API}/config/ESPORTAZIONI_MAX_IN_CORSO`).send({ value: '4' });
    expect(set.status).toBe(200);
    expect((await start(app.request)).status).toBe(202);
    const refused = await start(app.request);
    expect(refused.status).toBe(429);
    expect(refused.body.errorMessage).toBe("Hai già 4 esportazioni in corso: attendere che terminino prima di avviarne un'altra");
    // Jobs that ended no longer count.
    await app.db('esportazione').where({ username: 'assistenza' }).update({ stato: 'S' });
    expect((await start(app.request)).status).toBe(202);
  });
});

describe('item 14: headers, session cookie, CSRF', () => {
  const login = (username = 'assistenza') => app.anonymous.post(LOGIN).send({ username, password: DEMO_PASSWORD });
  const sessionCookieOf = (res: supertest.Response) => (res.get('Set-Cookie') ?? []).find((c) => c.startsWith('WP_TOKEN='));
  const hintCookieOf = (res: supertest.Response) => (res.get('Set-Cookie') ?? []).find((c) => c.startsWith('WP_SESSION='));

  it('item 14: the UI and the API answer with a strict Content-Security-Policy and anti-framing, no-sniff headers', async () => {
    for (const path of ['/anagrafiche/anaBanca', `${API}/users/me`]) {
      const res = await app.request.get(path);
      const csp = res.headers['content-security-policy'];
      for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('item 14: API answers are never cached', async () => {
    for (const path of ['users/me', 'banche?page=0&size=5', 'authorization/nonesiste']) {
      expect((await app.request.get(`${API}/${path}`)).headers['cache-control']).toBe('no-store');
    }
    expect((await app.anonymous.get(`${API}/users/me`)).headers['cache-control']).toBe('no-store');
  });

  it('item 14: login writes an HttpOnly SameSite=Strict cookie the API accepts; logout removes it and ends the session', async () => {
    const res = await login();
    expect(res.status).toBe(200);
    const cookie = present(sessionCookieOf(res), 'the session cookie');
    expect(cookie).toBe(`WP_TOKEN=${res.body.access_token}; Max-Age=28800; Path=/; Expires=${new Date(Date.parse(res.headers.date) + 28800_000).toUTCString()}; HttpOnly; SameSite=Strict`);
    // The cookie an earlier version wrote on the API's path only is removed: the browser would send it to the API first.
    expect(res.get('Set-Cookie')).toContain('WP_TOKEN=; Path=/webpos/api/v1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict');
    const pair = cookie.split(';')[0];
    const me = await app.anonymous.get(`${API}/users/me`).set('Cookie', pair);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('assistenza');

    const logout = await app.anonymous.delete(`${API}/authorization/logout/`).set('Cookie', pair).set('X-Requested-With', 'XMLHttpRequest');
    expect(logout.status).toBe(204);
    expect(sessionCookieOf(logout)).toMatch(/^WP_TOKEN=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/);
    expect(logout.get('Set-Cookie')).toContain('WP_TOKEN=; Path=/webpos/api/v1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict');
    expect((await app.anonymous.get(`${API}/users/me`).set('Cookie', pair)).status).toBe(401);
  });

  it('item 14: beside it, a hint the page can read and that holds no secret: written and removed with the session cookie', async () => {
    const res = await login();
    expect(hintCookieOf(res)).toBe(`WP_SESSION=1; Max-Age=28800; Path=/; Expires=${new Date(Date.parse(res.headers.date) + 28800_000).toUTCString()}; SameSite=Strict`);
    const pair = present(sessionCookieOf(res), 'the session cookie').split(';')[0];
    const logout = await app.anonymous.delete(`${API}/authorization/logout/`).set('Cookie', `${pair}; WP_SESSION=1`).set('X-Requested-With', 'XMLHttpRequest');
    expect(logout.status).toBe(204);
    expect(hintCookieOf(logout)).toBe('WP_SESSION=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict');
  });

  it('item 14: a session cookie whose session is over is removed with its hint by the 401 that refuses it', async () => {
    const pair = present(sessionCookieOf(await login()), 'the session cookie').split(';')[0];
    await app.anonymous.delete(`${API}/authorization/logout/`).set('Cookie', pair).set('X-Requested-With', 'XMLHttpRequest');
    const refused = await app.anonymous.get(`${API}/users/me`).set('Cookie', `${pair}; WP_SESSION=1`);
    expect(refused.status).toBe(401);
    expect(sessionCookieOf(refused)).toMatch(/^WP_TOKEN=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/);
    expect(hintCookieOf(refused)).toBe('WP_SESSION=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict');
    // An API client's dead X-AuthToken is its own business: no cookie is touched.
    const client = await app.anonymous.get(`${API}/users/me`).set('X-AuthToken', pair.slice('WP_TOKEN='.length));
    expect(client.status).toBe(401);
    expect(client.get('Set-Cookie')).toBeUndefined();
  });

  it('item 14: the cookie is Secure when the request came over TLS through a trusted proxy', async () => {
    const proxied = await createTestApp({ http: { trustProxy: 'loopback' } });
    try {
      const plain = await proxied.anonymous.post(LOGIN).send({ username: 'assistenza', password: DEMO_PASSWORD });
      expect(sessionCookieOf(plain)).not.toContain('Secure');
      const tls = await proxied.anonymous.post(LOGIN).set('X-Forwarded-Proto', 'https').send({ username: 'assistenza', password: DEMO_PASSWORD });
      expect(sessionCookieOf(tls)).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
      expect(hintCookieOf(tls)).toMatch(/; Path=\/; Expires=[^;]+; Secure; SameSite=Strict$/);
    } finally {
      await proxied.close();
    }
    // Without trust proxy, X-Forwarded-Proto is anyone's to write: it changes nothing.
    const untrusted = await app.anonymous.post(LOGIN).set('X-Forwarded-Proto', 'https').send({ username: 'assistenza', password: DEMO_PASSWORD });
    expect(sessionCookieOf(untrusted)).not.toContain('Secure');
  });

  it('item 14: CSRF: a change authenticated by the cookie needs X-Requested-With, and no change may come from another site', async () => {
    const pair = present(sessionCookieOf(await login()), 'the session cookie').split(';')[0];
    const change = () => app.anonymous.put(`${API}/users/me/email`).set('Cookie', pair).send({ email: 'assistenza@webpos.example', password: DEMO_PASSWORD });

    const withoutHeader = await change();
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body).toEqual(CROSS_SITE);
    const foreign = await change().set('X-Requested-With', 'XMLHttpRequest').set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(CROSS_SITE);
    const crossSite = await change().set('X-Requested-With', 'XMLHttpRequest').set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
    const fromUi = await change().set('X-Requested-With', 'XMLHttpRequest').set('Host', 'webpos.example').set('Origin', 'http://webpos.example').set('Sec-Fetch-Site', 'same-origin');
    expect(fromUi.status).toBe(200);
    // Reading needs no header (a cross-site page cannot read the answer, and SameSite keeps the cookie home).
    expect((await app.anonymous.get(`${API}/users/me`).set('Cookie', pair)).status).toBe(200);
    // A login posted by another site's form is refused too (login CSRF).
    const foreignLogin = await app.anonymous.post(LOGIN).set('Origin', 'https://evil.example').send({ username: 'assistenza', password: DEMO_PASSWORD });
    expect(foreignLogin.status).toBe(403);
    // API clients authenticate with X-AuthToken and need no extra header.
    expect((await app.request.put(`${API}/users/me/email`).send({ email: 'assistenza@webpos.example', password: DEMO_PASSWORD })).status).toBe(200);
  });
});
