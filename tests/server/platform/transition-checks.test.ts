/**
 * A transition's prefill, lock and checks, re-authentication and idempotency (docs/spec-language.md#transition-checks),
 * on the fixture's complaints (tests/fixtures/spec/catalogo/reclamo.yaml, `rimborsaSubito`): the body carries the
 * caller's password, checked and counted like a login's; a locked input must be its prefill; each check refuses
 * with its own message (422); a request repeated with its Idempotency-Key gets the first answer and runs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

const PASSWORD = 'Demo-WebPos-2026';
let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent;
let made = 0;

const refused = (errorMessage: string, details: { field: string; message: string }[] = []) => ({ code: 'TRANSITION_REFUSED', errorMessage, details });

async function complaint(importo: number): Promise<string> {
  // One open complaint per subject (the fixture's partial unique rule): each its own.
  const res = await sede.post(`${API}/reclami`).send({ codAbi: '10001', oggetto: `Addebito doppio ${++made}`, importo });
  expect(res.status).toBe(201);
  return res.body.id;
}
const refund = (agent: Agent, id: string, body: Record<string, unknown>, key?: string) => {
  const req = agent.post(`${API}/reclami/${id}/rimborsaSubito`);
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};
const stateOf = async (id: string) => (await app.db('reclamo').where({ id }).first()).rimborso;
const trailOf = (id: string) => app.db('storico_modifica').where({ entity: 'Reclamo', operation: 'transition', entity_key: id });

beforeAll(async () => {
  // Three wrong passwords lock the username (the login's own limit), so the lockout is reached quickly.
  app = await createFixtureApp({ authLimits: { maxFailures: 3 } });
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

describe('checks and locks (422 with the spec\'s message)', () => {
  it('runs within the checks: the row moves and the answer is the success message', async () => {
    const id = await complaint(120);
    const res = await refund(sede, id, { importo: 80, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Rimborso erogato', row: { id, rimborso: 'E' } });
  });

  it('refuses an amount above the row\'s, on the input, and leaves the row as it was', async () => {
    const id = await complaint(120);
    const res = await refund(sede, id, { importo: 120.01, password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused("Il rimborso non può superare l'importo del reclamo", [{ field: 'importo', message: "Il rimborso non può superare l'importo del reclamo" }]));
    expect(await stateOf(id)).toBe('N');
  });

  it('holds a locked input at its prefill: another value is refused, the same one (as text or number) runs', async () => {
    const id = await complaint(40);
    const other = await refund(sede, id, { importo: 30, password: PASSWORD });
    expect(other.status).toBe(422);
    expect(other.body).toEqual(refused("Fino a 50 euro il rimborso è dell'intero importo", [{ field: 'importo', message: "Fino a 50 euro il rimborso è dell'intero importo" }]));
    expect((await refund(sede, id, { importo: 40.0, password: PASSWORD })).status).toBe(200);
  });

  it('a check over the row without a field refuses the whole request', async () => {
    const id = await complaint(120);
    expect((await sede.post(`${API}/reclami/${id}/chiudi`)).status).toBe(200);
    const res = await refund(sede, id, { importo: 10, password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused('Reclamo chiuso, rimborso non consentito'));
  });

  it("the state comes first: a refunded complaint is 409 whatever the amount, in the transition's own words (failure)", async () => {
    const id = await complaint(120);
    await refund(sede, id, { importo: 120, password: PASSWORD });
    const res = await refund(sede, id, { importo: 500, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVALID_TRANSITION', errorMessage: 'Rimborso già proposto o erogato' });
  });
});

describe('re-authentication', () => {
  it('needs the password in the body (the schema\'s required message), and a wrong one is 403 with nothing run', async () => {
    const id = await complaint(120);
    const none = await refund(sede, id, { importo: 10 });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ field: 'password', message: "Inserire la propria password per confermare l'operazione" }]);
    const wrong = await refund(sede, id, { importo: 10, password: 'Sbagliata-2026' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'REAUTHENTICATION_FAILED', errorMessage: 'Password non corretta', details: [] });
    expect(await stateOf(id)).toBe('N');
    // The password is not kept anywhere the transition writes.
    expect((await refund(sede, id, { importo: 10, password: PASSWORD })).status).toBe(200);
    const trail = await trailOf(id);
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
  });

  it('counts wrong passwords like the login: the one that reaches the limit ends the caller\'s sessions', async () => {
    const filiale = await app.loginAs('filiale.10001');
    const id = await complaint(120);
    for (let i = 0; i < 3; i++) expect((await refund(filiale, id, { importo: 10, password: `Sbagliata-${i}` })).status).toBe(403);
    // The third failure locked the username and revoked its session: the next call is not even authenticated.
    expect((await refund(filiale, id, { importo: 10, password: PASSWORD })).status).toBe(401);
    expect(await stateOf(id)).toBe('N');
  });
});

describe('idempotency', () => {
  it('a request repeated with its key gets the first answer; the transition ran once', async () => {
    const id = await complaint(120);
    const key = `k-${id}`;
    const first = await refund(sede, id, { importo: 60, password: PASSWORD }, key);
    const again = await refund(sede, id, { importo: 60, password: PASSWORD }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await trailOf(id)).toHaveLength(1);
    // The stored answer holds no password.
    const stored = await app.db('risposta_idempotente').where({ username: 'sede.10001' });
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('two requests at once with one key: one runs, both get its answer', async () => {
    const id = await complaint(120);
    const key = `c-${id}`;
    const [a, b] = await Promise.all([refund(sede, id, { importo: 70, password: PASSWORD }, key), refund(sede, id, { importo: 70, password: PASSWORD }, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await trailOf(id)).toHaveLength(1);
  });

  it('a key is one request\'s: on another row it is refused', async () => {
    const first = await complaint(120);
    const second = await complaint(120);
    expect((await refund(sede, first, { importo: 10, password: PASSWORD }, `r-${first}`)).status).toBe(200);
    const res = await refund(sede, second, { importo: 10, password: PASSWORD }, `r-${first}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', errorMessage: "Chiave di idempotenza già usata per un'altra richiesta", details: [] });
    expect(await stateOf(second)).toBe('N');
  });
});
