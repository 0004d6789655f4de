/**
 * Single sign-on and one-time login (issue 18; seed 000 §1, §4, §7; docs/federated-login.md): a signed,
 * short-lived, single-use assertion logs its user in with the session a password login opens; every other
 * assertion is the one 401 ASSERTION_REFUSED, audited with its reason (accesso_federato), and the assertion
 * reaches no log and no table.
 */
import { generateKeyPair, exportJWK, base64url } from 'jose';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.js';
import { AuthThrottle } from '../../../server/domain/auth/throttle.js';
import { DEMO_PUBLIC_JWK } from '../../../server/domain/auth/federation/demo-key.js';
import { signAssertion } from '../../../scripts/demo-idp/sign.js';
import { closeOpened } from '../../support/close-opened.js';
import { API, createTestApp, DEMO_PASSWORD, exportWorkerOf, type TestApp } from '../../support/test-app.js';

const REFUSED = {
  errorMessage: 'Accesso non riuscito: il collegamento usato non è valido o è scaduto. Accedere di nuovo dal portale di provenienza',
  code: 'ASSERTION_REFUSED',
  details: [],
};

let app: TestApp;
/** Every line the server wrote to the console while a test ran. */
let logged: string[] = [];
/** Every assertion a test sent: none may be found in a log or in the audit. */
const sent: string[] = [];

const sso = (assertion: string, feu = 'banca') => {
  sent.push(assertion);
  return app.anonymous.post(`${API}/authorization/auth/${assertion}/feu/${feu}`);
};
const otf = (assertion: string, tipo = 'merchant') => {
  sent.push(assertion);
  return app.anonymous.post(`${API}/authorization/otf/${tipo}/id/${assertion}`);
};

interface AuditRow { tipo: string; esito: string; motivo: string | null; username: string | null; user_type: string | null; indirizzo: string | null }
const lastAudit = async (): Promise<AuditRow> => app.db('accesso_federato').orderBy('id', 'desc').first();

/** A refusal: the answer the client gets, and the reason the audit keeps. */
async function expectRefused(answer: Promise<supertest.Response>, motivo: string, username: string | null) {
  const res = await answer;
  expect(res.status).toBe(401);
  expect(res.body).toEqual(REFUSED);
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(await lastAudit()).toMatchObject({ esito: 'rifiutato', motivo, username });
}

async function addUser(username: string, group: string, flags: { enabled?: boolean; locked?: boolean } = {}) {
  await app.db('utente').insert({ username, full_name: `Utente ${username}`, email: `${username}@test.example`, group, locked: flags.locked ?? false, enabled: flags.enabled ?? true });
}

beforeAll(async () => {
  app = await createTestApp();
});
beforeEach(() => {
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const assertion of sent) expect(logged.filter((line) => [assertion, ...pieces(assertion)].some((p) => line.includes(p)))).toEqual([]);
});
afterAll(async () => {
  await closeOpened(app);
});

describe('POST authorization/auth/{sinergiaId}/feu/{feu} (single sign-on)', () => {
  it('logs in with the session a password login opens: token, cookie, users/me, audited', async () => {
    const res = await sso(await signAssertion('sede.30480'));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expire_in']);
    expect(res.body.expire_in).toBe(28800);
    expect(res.headers['set-cookie'][0]).toMatch(/^WP_TOKEN=[^;]+;.*HttpOnly/);
    const me = await app.anonymous.get(`${API}/users/me`).set('X-AuthToken', res.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'sede.30480', userType: 'banca', isMerchant: false });
    // The same session row a password login writes.
    const password = await app.anonymous.post(`${API}/authorization/auth?userType=banca`).send({ username: 'sede.30480', password: DEMO_PASSWORD });
    const rows = await app.db('sessione').where({ username: 'sede.30480' }).whereNull('revoked_at').orderBy('created_at');
    expect(rows.map((r: { user_type: string }) => r.user_type)).toEqual(['banca', 'banca']);
    expect(password.body.expire_in).toBe(res.body.expire_in);
    expect(await lastAudit()).toMatchObject({ tipo: 'sso', esito: 'ok', motivo: null, username: 'sede.30480', user_type: 'banca' });
  });

  it('logs a merchant in through FEU merchant', async () => {
    const res = await sso(await signAssertion('merchant.0001234'), 'merchant');
    expect(res.status).toBe(200);
    const me = await app.anonymous.get(`${API}/users/me`).set('X-AuthToken', res.body.access_token);
    expect(me.body).toMatchObject({ username: 'merchant.0001234', isMerchant: true });
  });

  it('refuses the same assertion a second time (replay), also on a restarted server', async () => {
    const assertion = await signAssertion('sede.30480');
    expect((await sso(assertion)).status).toBe(200);
    await expectRefused(sso(assertion), 'replay', 'sede.30480');
    // Another server on the same database (a restart, a second instance): the jti is still used.
    sent.push(assertion);
    const other = createApp({ db: app.db, artifacts: app.artifacts, exports: { run: false }, mail: { smtpUrl: null } });
    try {
      await expectRefused(supertest(other).post(`${API}/authorization/auth/${assertion}/feu/banca`), 'replay', 'sede.30480');
    } finally {
      exportWorkerOf(other).stop();
      const throttle: unknown = other.locals.authThrottle;
      if (throttle instanceof AuthThrottle) throttle.close();
    }
  });

  it('refuses an expired assertion, one not yet valid, one issued in the future and one living too long', async () => {
    await expectRefused(sso(await signAssertion('sede.30480', { issuedAt: -600 })), 'expired', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { notBefore: 300 })), 'notYetValid', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { issuedAt: 300 })), 'notYetValid', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { lifetime: 600 })), 'lifetime', 'sede.30480');
  });

  it('refuses another audience, the one-time-login kind, another issuer, a missing claim', async () => {
    await expectRefused(sso(await signAssertion('sede.30480', { audience: 'altro-servizio' })), 'audience', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { kind: 'otf' })), 'type', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { typ: 'webpos-sso+jwt', audience: 'webpos-otf' })), 'audience', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { issuer: 'https://idp.altrove.example' })), 'issuer', 'sede.30480');
    await expectRefused(sso(await signAssertion('sede.30480', { claims: { jti: undefined } })), 'claims', 'sede.30480');
  });

  it('refuses an assertion signed by another key, even with the demo key id', async () => {
    for (const alg of ['EdDSA', 'ES256'] as const) {
      const { privateKey } = await generateKeyPair(alg);
      await expectRefused(sso(await signAssertion('assistenza', { key: { key: privateKey, alg, kid: DEMO_PUBLIC_JWK.kid } })), 'signature', 'assistenza');
      await expectRefused(sso(await signAssertion('assistenza', { key: { key: privateKey, alg } })), 'signature', 'assistenza');
    }
  });

  it("refuses alg none and HS256 with the public key as the secret (algorithm confusion)", async () => {
    const payload = { iss: 'webpos-demo-idp', aud: 'webpos-sso', sub: 'assistenza', jti: 'x-none', iat: now(), nbf: now(), exp: now() + 60 };
    const unsigned = `${encode({ alg: 'none', typ: 'webpos-sso+jwt' })}.${encode(payload)}.`;
    await expectRefused(sso(unsigned), 'algorithm', 'assistenza');
    const publicKey = await exportJWK(await importDemoPublic());
    for (const secret of [new TextEncoder().encode(JSON.stringify(DEMO_PUBLIC_JWK)), base64url.decode(String(publicKey.x))]) {
      const forged = await signAssertion('assistenza', { key: { key: secret, alg: 'HS256', kid: DEMO_PUBLIC_JWK.kid } });
      await expectRefused(sso(forged), 'algorithm', 'assistenza');
    }
    await expectRefused(sso('abc.def.ghi'), 'malformed', null);
  });

  it('refuses an unknown user, a disabled one and a locked one', async () => {
    await expectRefused(sso(await signAssertion('nessuno.qui')), 'unknownUser', 'nessuno.qui');
    await addUser('sso.disabilitato', '30480', { enabled: false });
    await expectRefused(sso(await signAssertion('sso.disabilitato')), 'userDisabled', 'sso.disabilitato');
    await addUser('sso.bloccato', '30480', { locked: true });
    await expectRefused(sso(await signAssertion('sso.bloccato')), 'userDisabled', 'sso.bloccato');
  });

  it('refuses a bank user through FEU merchant and a merchant through FEU banca', async () => {
    await expectRefused(sso(await signAssertion('sede.30480'), 'merchant'), 'wrongUserType', 'sede.30480');
    await expectRefused(sso(await signAssertion('merchant.0001234'), 'banca'), 'wrongUserType', 'merchant.0001234');
  });
});

describe('POST authorization/otf/{otfTipo}/id/{otfId} (one-time login)', () => {
  it('logs a merchant in once, and refuses the replay', async () => {
    const assertion = await signAssertion('operatore.0001234', { kind: 'otf' });
    const res = await otf(assertion);
    expect(res.status).toBe(200);
    const me = await app.anonymous.get(`${API}/users/me`).set('X-AuthToken', res.body.access_token);
    expect(me.body).toMatchObject({ username: 'operatore.0001234', isMerchant: true });
    expect(await lastAudit()).toMatchObject({ tipo: 'otf', esito: 'ok', username: 'operatore.0001234' });
    await expectRefused(otf(assertion), 'replay', 'operatore.0001234');
  });

  it('refuses a single-sign-on assertion, a bank user through otftipo merchant, an expired one', async () => {
    await expectRefused(otf(await signAssertion('merchant.0001234')), 'type', 'merchant.0001234');
    await expectRefused(otf(await signAssertion('merchant.0001234', { kind: 'otf', audience: 'webpos-sso' })), 'audience', 'merchant.0001234');
    await expectRefused(otf(await signAssertion('sede.30480', { kind: 'otf' })), 'wrongUserType', 'sede.30480');
    await expectRefused(otf(await signAssertion('merchant.0001234', { kind: 'otf', issuedAt: -600 })), 'expired', 'merchant.0001234');
  });
});

describe('the audit and the logs', () => {
  it('has one row per attempt, and no assertion in any column', async () => {
    const rows: Record<string, unknown>[] = await app.db('accesso_federato');
    expect(rows.length).toBe(sent.length);
    const text = JSON.stringify(rows);
    for (const assertion of sent) expect(pieces(assertion).filter((p) => text.includes(p))).toEqual([]);
    expect(rows.filter((r) => r.esito === 'ok')).toHaveLength(4);
  });
});

describe('throttle', () => {
  it('answers 429 after LOGIN_IP_MAX_FAILURES refused attempts from one address, audited as throttled', async () => {
    const limited = await createTestApp({ authLimits: { ipMaxFailures: 2 } });
    try {
      for (let i = 0; i < 2; i++) expect((await limited.anonymous.post(`${API}/authorization/auth/${await signAssertion('nessuno')}/feu/banca`)).status).toBe(401);
      const res = await limited.anonymous.post(`${API}/authorization/auth/${await signAssertion('sede.30480')}/feu/banca`);
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('TOO_MANY_REQUESTS');
      expect(await limited.db('accesso_federato').orderBy('id', 'desc').first()).toMatchObject({ esito: 'rifiutato', motivo: 'throttled' });
    } finally {
      await limited.close();
    }
  });
});

/** The payload and signature of a compact JWS: either found somewhere means the assertion leaked. */
const pieces = (assertion: string) => assertion.split('.').slice(1).filter((p) => p.length > 8);
const now = () => Math.floor(Date.now() / 1000);
const encode = (value: object) => base64url.encode(JSON.stringify(value));
async function importDemoPublic() {
  const { importJWK } = await import('jose');
  const key = await importJWK({ ...DEMO_PUBLIC_JWK }, 'EdDSA');
  if (key instanceof Uint8Array) throw new Error('not an asymmetric key');
  return key;
}
