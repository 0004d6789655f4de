/**
 * Several state machines on one entity and the transition effects that reach other entities and systems
 * (docs/spec-language.md#several-state-machines, #transition-effects), on the fixture's complaints
 * (tests/fixtures/spec/catalogo/reclamo.yaml): the complaint's `stato` and its refund's `rimborso` move
 * independently; answering inserts a RispostaReclamo row through its scoped service and queues an outbox
 * message, paying the refund queues another; the outbox worker posts them to a real local HTTP server with
 * retries and backoff, and keeps the status, the attempts and the last error.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxWorker } from '../../../server/outbox/worker.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // head office of 10001: CAT_RECLAMI view, create, update
let filiale: Agent; // branch of 10001: CAT_RECLAMI view and update, stopped by the refund's guard (it has a cab)
let made = 0;

const error = (code: string, errorMessage: string, details: { field: string; message: string }[] = []) => ({ code, errorMessage, details });
const INVALID_TRANSITION = error('INVALID_TRANSITION', 'Operazione non consentita nello stato attuale');
const FORBIDDEN = error('FORBIDDEN', 'Operazione non consentita');

async function complaint(body: Record<string, unknown> = {}): Promise<string> {
  // One open complaint per subject (the fixture's partial unique rule): each test's its own.
  const res = await sede.post(`${API}/reclami`).send({ codAbi: '10001', oggetto: `Addebito doppio ${++made}`, importo: 12.5, ...body });
  expect(res.status).toBe(201);
  return res.body.id;
}
const row = async (id: string) => app.db('reclamo').where({ id }).first();
const outboxOf = (id: string) => app.db('messaggio_uscita').where({ entity_key: id }).orderBy('created_at');

/** A local HTTP server standing for the external system: the first post of each message fails (500), the next succeeds. */
interface Receiver { url: string; received: { body: unknown; headers: IncomingHttpHeaders }[]; close: () => Promise<void> }
async function receiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const seen = new Set<string>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      received.push({ body: JSON.parse(text), headers: req.headers });
      const id = String(req.headers['idempotency-key']);
      res.statusCode = seen.has(id) ? 200 : 500;
      seen.add(id);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the receiver listens on no port');
  const { port } = address;
  return { url: `http://127.0.0.1:${port}/notifiche`, received, close: () => new Promise((resolve) => { server.close(() => { resolve(); }); }) };
}

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
  filiale = await app.loginAs('filiale.10001');
});
afterAll(() => app.close());

describe('two machines on one row', () => {
  it('a new complaint starts in the initial state of each machine, and each offers its own actions', async () => {
    const id = await complaint();
    const res = await sede.get(`${API}/reclami/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stato: 'A', rimborso: 'N', _actions: ['rispondi', 'chiudi', 'proponiRimborso', 'rimborsaSubito', 'update'] });
  });

  it('a create in a state that is not initial is refused for that machine', async () => {
    const res = await sede.post(`${API}/reclami`).send({ codAbi: '10001', oggetto: 'Altro', rimborso: 'E' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'rimborso', message: 'Valore non ammesso' }]);
  });

  it('a transition moves its own machine only; the other keeps its state and its actions', async () => {
    const id = await complaint();
    const proposed = await sede.post(`${API}/reclami/${id}/proponiRimborso`);
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ message: 'Rimborso proposto', row: { stato: 'A', rimborso: 'P', _actions: ['rispondi', 'chiudi', 'eroga', 'update'] } });
    const closed = await sede.post(`${API}/reclami/${id}/chiudi`);
    expect(closed.body).toMatchObject({ message: 'Reclamo chiuso', row: { stato: 'C', rimborso: 'P', _actions: ['annotaChiusura', 'eroga', 'update'] } });
    // Each machine checks its own `from`: the refund was proposed already, the complaint is closed.
    expect((await sede.post(`${API}/reclami/${id}/proponiRimborso`)).body).toEqual(INVALID_TRANSITION);
    expect((await sede.post(`${API}/reclami/${id}/chiudi`)).body).toEqual(INVALID_TRANSITION);
  });

  it("each machine's guard is its own: the branch may answer but not pay the refund", async () => {
    const id = await complaint();
    await sede.post(`${API}/reclami/${id}/proponiRimborso`);
    const seen = await filiale.get(`${API}/reclami/${id}`);
    expect(seen.body._actions).toEqual(['rispondi', 'chiudi', 'update']);
    const res = await filiale.post(`${API}/reclami/${id}/eroga`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await row(id)).rimborso).toBe('P');
  });

  it('no plain update changes the state of any machine: 400 naming each field, nothing saved', async () => {
    const id = await complaint();
    const etag = (await sede.get(`${API}/reclami/${id}`)).headers.etag;
    const res = await sede.put(`${API}/reclami/${id}`).set('If-Match', etag).send({ codAbi: '10001', oggetto: 'Cambiato', stato: 'C', rimborso: 'E' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error('VALIDATION_ERROR', 'Dati non validi', [
      { field: 'stato', message: 'Campo non previsto' }, { field: 'rimborso', message: 'Campo non previsto' },
    ]));
    expect(await row(id)).toMatchObject({ oggetto: expect.stringMatching(/^Addebito doppio \d+$/), stato: 'A', rimborso: 'N' });
    const plain = await sede.put(`${API}/reclami/${id}`).set('If-Match', etag).send({ codAbi: '10001', oggetto: 'Cambiato', stato: 'A', rimborso: 'N' });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ oggetto: 'Cambiato', stato: 'A', rimborso: 'N' });
  });
});

describe('an action that keeps the state (keepState)', () => {
  it('runs its input and effects in its state only, leaving the row there; the audit trail records it', async () => {
    const id = await complaint();
    expect((await sede.post(`${API}/reclami/${id}/annotaChiusura`).send({ nota: 'Cliente richiamato' })).body).toEqual(INVALID_TRANSITION);
    expect((await row(id)).nota_chiusura).toBeNull();
    await sede.post(`${API}/reclami/${id}/chiudi`);
    const missing = await sede.post(`${API}/reclami/${id}/annotaChiusura`).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ field: 'nota', message: 'Scrivere la nota' }]);
    const first = await sede.post(`${API}/reclami/${id}/annotaChiusura`).send({ nota: 'Cliente richiamato' });
    expect(first.body).toMatchObject({ message: 'Nota registrata', row: { stato: 'C', notaChiusura: 'Cliente richiamato', _actions: ['annotaChiusura', 'proponiRimborso', 'rimborsaSubito', 'update'] } });
    // The same note again changes nothing but is still answered: the action ran in its state.
    const again = await sede.post(`${API}/reclami/${id}/annotaChiusura`).send({ nota: 'Cliente richiamato' });
    expect(again.body).toMatchObject({ message: 'Nota registrata', row: { stato: 'C', notaChiusura: 'Cliente richiamato' } });
    const audit = await app.db('storico_modifica').where({ entity: 'Reclamo', entity_key: id, operation: 'transition' });
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});

describe('effects: insert a row, queue an outbox message', () => {
  it("answering inserts the reply through RispostaReclamo's service (audited as the caller) and queues a message", async () => {
    const id = await complaint();
    const res = await filiale.post(`${API}/reclami/${id}/rispondi`).send({ testo: 'Rimborseremo la differenza' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Risposta inviata', row: { stato: 'R', rispostoDa: 'filiale.10001' } });
    const replies = await filiale.get(`${API}/risposte-reclami?reclamo=${id}`);
    expect(replies.body.results).toEqual([expect.objectContaining({ reclamo: id, codAbi: '10001', testo: 'Rimborseremo la differenza', autore: 'filiale.10001' })]);
    const trail = await app.db('storico_modifica').where({ entity: 'RispostaReclamo', operation: 'create' }).whereLike('after', `%${id}%`);
    expect(trail.map((t: { username: string }) => t.username)).toEqual(['filiale.10001']);
    const queued = await outboxOf(id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ target: 'CATALOGO_ASSISTENZA_URL', entity: 'Reclamo', transition: 'rispondi', stato: 'P', tentativi: 0, ultimo_errore: null });
    expect(JSON.parse(queued[0].payload)).toEqual({ reclamo: id, codAbi: '10001', testo: 'Rimborseremo la differenza' });
  });

  it('an insert that fails undoes the whole transition: no state change, no field set, no message, no reply', async () => {
    const id = await complaint();
    const res = await sede.post(`${API}/reclami/${id}/rispondi`).send({ testo: 'x'.repeat(301) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'testo', message: 'La risposta può contenere al massimo 300 caratteri' }]);
    expect(await row(id)).toMatchObject({ stato: 'A', risposto_da: null });
    expect(await outboxOf(id)).toEqual([]);
    expect(await app.db('risposta_reclamo').where({ reclamo: id })).toEqual([]);
    expect(await app.db('storico_modifica').where({ entity: 'Reclamo', operation: 'transition' }).whereLike('entity_key', id)).toEqual([]);
  });
});

describe('the outbox worker', () => {
  it('posts a message to its configured target: a failure is retried after the backoff, then it is sent', async () => {
    const target = await receiver();
    try {
      expect((await app.request.put(`${API}/config/CATALOGO_ASSISTENZA_URL`).send({ value: target.url })).status).toBe(200);
      const id = await complaint();
      await sede.post(`${API}/reclami/${id}/rispondi`).send({ testo: 'Ricevuto' });
      const { outboxWorker } = app;
      const now = new Date();
      await outboxWorker.runOnce(now);
      const [first] = await outboxOf(id);
      expect(first).toMatchObject({ stato: 'P', tentativi: 1, ultimo_errore: 'Risposta HTTP 500 dalla destinazione', inviato_at: null });
      const retryAt = new Date(now.getTime() + outboxWorker.options.baseDelayMs);
      expect(new Date(first.prossimo_tentativo).toISOString()).toBe(retryAt.toISOString());
      const posts = () => target.received.filter((r) => r.headers['idempotency-key'] === first.id);
      expect(posts()).toHaveLength(1);
      // Not due before its backoff: the round leaves it alone.
      await outboxWorker.runOnce(new Date(retryAt.getTime() - 1));
      expect(posts()).toHaveLength(1);
      await outboxWorker.runOnce(retryAt);
      const [sent] = await outboxOf(id);
      expect(sent).toMatchObject({ stato: 'S', tentativi: 2, ultimo_errore: null, prossimo_tentativo: null });
      expect(sent.inviato_at).not.toBeNull();
      expect(posts()).toHaveLength(2);
      expect(posts()[1].body).toEqual({ id: sent.id, entity: 'Reclamo', entityKey: id, transition: 'rispondi', payload: { reclamo: id, codAbi: '10001', testo: 'Ricevuto' } });
      // Sent is final: later rounds post nothing more.
      await outboxWorker.runOnce(new Date(retryAt.getTime() + 3_600_000));
      expect(posts()).toHaveLength(2);
    } finally {
      await target.close();
    }
  });

  it('a message whose target never answers is failed after the last attempt, with its last error; the list shows it', async () => {
    const id = await complaint();
    await sede.post(`${API}/reclami/${id}/proponiRimborso`);
    expect((await sede.post(`${API}/reclami/${id}/eroga`)).status).toBe(200);
    const worker = new OutboxWorker(app.db, app.artifacts.model, { maxAttempts: 2, baseDelayMs: 1000, intervalMs: 60_000, timeoutMs: 2000 });
    const now = new Date();
    await worker.runOnce(now);
    expect((await outboxOf(id))[0]).toMatchObject({ stato: 'P', tentativi: 1 });
    await worker.runOnce(new Date(now.getTime() + 1000));
    const [failed] = await outboxOf(id);
    expect(failed).toMatchObject({ stato: 'F', tentativi: 2, prossimo_tentativo: null, ultimo_errore: 'Indirizzo della destinazione non configurato (CATALOGO_PAGAMENTI_URL)' });
    await worker.runOnce(new Date(now.getTime() + 3_600_000));
    expect((await outboxOf(id))[0].tentativi).toBe(2);
    const listed = await app.request.get(`${API}/messaggiuscita?entityKey=${id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([expect.objectContaining({ target: 'CATALOGO_PAGAMENTI_URL', transition: 'eroga', stato: 'F', tentativi: 2 })]);
    // The outbox is the administrators' (GES_CONFIG): a bank's head office does not read it.
    expect((await sede.get(`${API}/messaggiuscita`)).status).toBe(403);
  });
});
