/**
 * Passkeys (seed 000 §4 "Biometric login can be registered, used and deleted from settings", §7 Biometric, §8;
 * seed 002 §4 refund re-authentication), driven as real ceremonies with a software authenticator
 * (tests/support/soft-authenticator.ts) that the server verifies with @simplewebauthn/server: registration,
 * login as a bank user and as a merchant, re-authentication of a refund, deletion; and the attacks: a replayed
 * or expired challenge, another origin, another user's passkey, a cloned authenticator's old counter, a proof
 * used twice or by someone else, someone else's passkeys deleted, the public key in any answer.
 */
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator, type Tampering } from '../support/soft-authenticator.js';
import { API, DEMO_PASSWORD, createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://localhost:3000';
const REGISTERED = 'Registrazione effettuata con successo';
const DISABLED = 'Disattivazione effettuata con successo';
const REGISTRATION_REFUSED = 'Impossibile effettuare la registrazione biometrica';
const BAD_LOGIN = { code: 'INVALID_CREDENTIALS', errorMessage: 'Nome utente o password non validi', details: [] };
const BAD_REAUTH = { code: 'REAUTHENTICATION_FAILED', errorMessage: 'Password non corretta', details: [] };

type Agent = TestApp['request'];
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ authLimits: { maxFailures: 4 } });
}, 240_000);
afterAll(() => app.close());

/** Registers a new software passkey for the user behind `agent`. */
async function register(agent: Agent, tampering: Tampering = {}): Promise<{ key: SoftAuthenticator; res: supertest.Response }> {
  const key = new SoftAuthenticator(ORIGIN);
  const start = await agent.get(`${API}/webauthn/registration/start`);
  expect(start.status).toBe(200);
  const res = await agent.post(`${API}/webauthn/registration/finish`).send({ credential: key.register(start.body.options, tampering) });
  return { key, res };
}

const assertionOptions = async (username: string): Promise<string> => {
  const res = await app.anonymous.get(`${API}/webauthn/assertion/start/${encodeURIComponent(username)}`);
  expect(res.status).toBe(200);
  return res.body.options;
};

const passkeyLogin = (username: string, credential: string, userType = 'banca') =>
  app.anonymous.post(`${API}/webauthn/assertion/finish/auth?userType=${userType}`).send({ userHandle: username, credential });

async function loginWith(key: SoftAuthenticator, username: string, userType = 'banca', tampering: Tampering = {}) {
  return passkeyLogin(username, key.assert(await assertionOptions(username), tampering), userType);
}

async function proofOf(agent: Agent, username: string, key: SoftAuthenticator, tampering: Tampering = {}) {
  return agent.post(`${API}/webauthn/assertion/finish`).send({ credential: key.assert(await assertionOptions(username), tampering) });
}

describe('registration and login (seed 000 §4)', () => {
  it('a bank user registers a passkey from the settings and logs in with it: a session like a password login', async () => {
    const agent = await app.loginAs('sede.30480');
    expect((await agent.get(`${API}/webauthn/registration`)).body).toEqual({ registered: false, count: 0 });
    const { key, res } = await register(agent);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: REGISTERED });
    const status = await agent.get(`${API}/webauthn/registration`);
    expect(status.body).toMatchObject({ registered: true, count: 1 });
    expect(Date.parse(status.body.createdAt)).not.toBeNaN();

    const login = await loginWith(key, 'sede.30480');
    expect(login.status).toBe(200);
    const me = await app.anonymous.get(`${API}/users/me`).set('X-AuthToken', login.body.access_token);
    expect(me.body).toMatchObject({ username: 'sede.30480', userType: 'banca' });
    // The trail of logins (table sessione) says how each was made.
    const methods = await app.db('sessione').where({ username: 'sede.30480' }).orderBy('created_at').pluck('auth_method');
    expect(methods).toEqual(['password', 'passkey']);
    expect((await agent.get(`${API}/webauthn/registration`)).body.lastUsedAt).toBeDefined();
  });

  it('a merchant logs in with its passkey as a merchant, and not as a bank user', async () => {
    const { key } = await register(await app.loginAs('merchant.0001234', 'merchant'));
    expect((await loginWith(key, 'merchant.0001234', 'banca')).body).toEqual(BAD_LOGIN);
    const login = await loginWith(key, 'merchant.0001234', 'merchant');
    expect(login.status).toBe(200);
    const me = await app.anonymous.get(`${API}/users/me`).set('X-AuthToken', login.body.access_token);
    expect(me.body).toMatchObject({ username: 'merchant.0001234', isMerchant: true });
  });

  it('the assertion options are the same for a user without passkeys and for an unknown one: no credential list', async () => {
    for (const user of ['filiale.30480', 'nessuno.inesistente']) {
      const options = JSON.parse(await assertionOptions(user));
      expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
    }
  });

  it('refuses a registration from another origin, with a replayed challenge or without user verification, with the seed message', async () => {
    const agent = await app.loginAs('filiale.30480');
    const refused = { code: 'VALIDATION_ERROR', details: [{ field: 'credential', message: REGISTRATION_REFUSED }] };
    expect((await register(agent, { origin: 'https://phishing.example' })).res.body).toMatchObject(refused);
    expect((await register(agent, { userVerified: false })).res.body).toMatchObject(refused);
    const start = await agent.get(`${API}/webauthn/registration/start`);
    const key = new SoftAuthenticator(ORIGIN);
    expect((await agent.post(`${API}/webauthn/registration/finish`).send({ credential: key.register(start.body.options) })).status).toBe(200);
    // The same answer again: its challenge was used.
    const again = new SoftAuthenticator(ORIGIN);
    expect((await agent.post(`${API}/webauthn/registration/finish`).send({ credential: again.register(start.body.options) })).body).toMatchObject(refused);
    expect((await agent.post(`${API}/webauthn/registration/finish`).send({ credential: 'non json' })).body).toMatchObject(refused);
    expect((await agent.get(`${API}/webauthn/registration`)).body.count).toBe(1);
  });
});

describe('attacks on the login (single-use, expiring challenges; counters; owners)', () => {
  let key: SoftAuthenticator;
  beforeAll(async () => {
    ({ key } = await register(await app.loginAs('sede.60855')));
  });

  it('refuses an assertion sent twice, and one over an old challenge', async () => {
    const options = await assertionOptions('sede.60855');
    const credential = key.assert(options);
    expect((await passkeyLogin('sede.60855', credential)).status).toBe(200);
    expect((await passkeyLogin('sede.60855', credential)).body).toEqual(BAD_LOGIN);
    await assertionOptions('sede.60855');
    expect((await passkeyLogin('sede.60855', key.assert(await assertionOptions('sede.60855'), { challenge: JSON.parse(options).challenge }))).body).toEqual(BAD_LOGIN);
    expect((await loginWith(key, 'sede.60855')).status).toBe(200);
  });

  it('refuses an expired challenge', async () => {
    const options = await assertionOptions('sede.60855');
    await app.db('passkey_sfida').where({ username: 'sede.60855' }).whereNull('used_at').update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await passkeyLogin('sede.60855', key.assert(options))).body).toEqual(BAD_LOGIN);
    expect((await loginWith(key, 'sede.60855')).status).toBe(200);
  });

  it('refuses an assertion made for another origin', async () => {
    expect((await loginWith(key, 'sede.60855', 'banca', { origin: 'https://phishing.example' })).body).toEqual(BAD_LOGIN);
    expect((await loginWith(key, 'sede.60855')).status).toBe(200);
  });

  it('refuses a cloned authenticator: a counter not above the last one', async () => {
    const last = key.counter;
    expect((await loginWith(key, 'sede.60855', 'banca', { counter: last - 1 })).body).toEqual(BAD_LOGIN);
    expect((await loginWith(key, 'sede.60855', 'banca', { counter: last })).body).toEqual(BAD_LOGIN);
    expect((await loginWith(key, 'sede.60855', 'banca', { counter: last + 5 })).status).toBe(200);
    // Beyond the stored column's range (a signed 32-bit integer): refused, not a server error.
    expect((await loginWith(key, 'sede.60855', 'banca', { counter: 2 ** 31 })).body).toEqual(BAD_LOGIN);
  });

  it("refuses someone's passkey for another username, and a challenge given to another username", async () => {
    expect((await loginWith(key, 'sede.30480')).body).toEqual(BAD_LOGIN);
    const othersChallenge = await assertionOptions('sede.30480');
    expect((await passkeyLogin('sede.60855', key.assert(othersChallenge))).body).toEqual(BAD_LOGIN);
  });

  it('counts failed assertions like wrong passwords: the one that reaches the limit locks the username', async () => {
    const { key: own } = await register(await app.loginAs('federazione'));
    for (let i = 0; i < 4; i++) expect((await loginWith(own, 'federazione', 'banca', { origin: 'https://phishing.example' })).status).toBe(401);
    const locked = await loginWith(own, 'federazione');
    expect(locked.status).toBe(429);
    const password = await app.anonymous.post(`${API}/authorization/auth?userType=banca`).send({ username: 'federazione', password: DEMO_PASSWORD });
    expect(password.status).toBe(429);
  });
});

describe('re-authentication of a refund with a passkey (seed 002 §4)', () => {
  let merchant: Agent;
  let key: SoftAuthenticator;
  let template: Record<string, unknown>;
  let sequence = 0;
  beforeAll(async () => {
    merchant = await app.loginAs('merchant.0001234', 'merchant');
    await merchant.post(`${API}/webauthn/registration/delete`);
    ({ key } = await register(merchant));
    template = await app.db('transazione').where({ cod_stab: '1001' }).first();
  });

  const movement = async () => {
    sequence += 1;
    const id = `P${Date.now()}${sequence}`.slice(0, 36);
    await app.db('transazione').insert({
      ...template, id, data_operazione: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), importo: 100, cod_circuito: '01', dcc: false,
      flag_storno: false, flag_preautorizzazione: false, storno_richiesto: false, stornato: false, preaut_azione: null, stato: 'AP',
    });
    return id;
  };
  const storna = (agent: Agent, id: string, password: string) => agent.post(`${API}/movimenti/${id}/storna`).send({ importo: 10, password });

  it('a proof of a fresh assertion confirms one refund, once', async () => {
    const proof = await proofOf(merchant, 'merchant.0001234', key);
    expect(proof.status).toBe(200);
    const first = await storna(merchant, await movement(), proof.body.proof);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Storno eseguito con successo');
    const second = await storna(merchant, await movement(), proof.body.proof);
    expect(second.status).toBe(403);
    expect(second.body).toEqual(BAD_REAUTH);
  });

  it("refuses another user's proof, an expired proof and an assertion of someone else's passkey", async () => {
    const operator = await app.loginAs('operatore.0001234', 'merchant');
    // The movement's bank may refund it too, but not with the merchant's proof.
    const bank = await app.loginAs('sede.30480');
    const proof = (await proofOf(merchant, 'merchant.0001234', key)).body.proof;
    expect((await storna(bank, await movement(), proof)).body).toEqual(BAD_REAUTH);
    await app.db('passkey_sfida').where({ kind: 'P', used_at: null }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await storna(merchant, await movement(), proof)).body).toEqual(BAD_REAUTH);
    // The operator asserts with the merchant's passkey: not its own.
    expect((await proofOf(operator, 'operatore.0001234', key)).body).toEqual(BAD_REAUTH);
    expect((await proofOf(operator, 'merchant.0001234', key)).body).toEqual(BAD_REAUTH);
  });
});

describe('deletion and secrecy', () => {
  it("deletes only the caller's own passkeys", async () => {
    const owner = await app.loginAs('filiale.30480');
    const { key } = await register(owner);
    const other = await app.loginAs('sede.30480');
    expect((await other.post(`${API}/webauthn/registration/delete`)).body).toEqual({ message: DISABLED });
    expect((await loginWith(key, 'filiale.30480')).status).toBe(200);
    expect((await owner.post(`${API}/webauthn/registration/delete`)).body).toEqual({ message: DISABLED });
    expect((await owner.get(`${API}/webauthn/registration`)).body).toEqual({ registered: false, count: 0 });
    expect((await loginWith(key, 'filiale.30480')).body).toEqual(BAD_LOGIN);
  });

  it('never answers a public key, a counter or a credential id', async () => {
    const agent = await app.loginAs('assistenza');
    const { key, res } = await register(agent);
    const stored = await app.db('passkey').where({ username: 'assistenza' }).first();
    const answers = [res, await agent.get(`${API}/webauthn/registration`), await loginWith(key, 'assistenza'), await proofOf(agent, 'assistenza', key),
      await agent.get(`${API}/users/assistenza`), await agent.get(`${API}/users?username=assistenza`)];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(stored.public_key);
      expect(text).not.toContain(stored.credential_id);
      expect(text).not.toMatch(/publicKey|counter/);
    }
    // Nor in the audit trail (Passkey is `audit: false`).
    const trail = await app.db('storico_modifica').select('*');
    expect(JSON.stringify(trail)).not.toContain(stored.public_key);
  });
});

describe('the public start of a passkey ceremony is limited per client address (PASSKEY_STARTS_PER_IP)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authLimits: { passkeyStartsPerIp: 3 } });
  }, 240_000);
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, whatever the username, and stores no more challenges', async () => {
    for (const user of ['sede.30480', 'nessuno.1', 'nessuno.2']) expect((await limited.anonymous.get(`${API}/webauthn/assertion/start/${user}`)).status).toBe(200);
    const over = await limited.anonymous.get(`${API}/webauthn/assertion/start/nessuno.3`);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 'TOO_MANY_REQUESTS', errorMessage: 'Troppi tentativi: riprovare tra qualche minuto', details: [] });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n }] = await limited.db('passkey_sfida').count({ n: '*' });
    expect(Number(n)).toBe(3);
  });
});
