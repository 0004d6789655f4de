/**
 * A request's three state machines (seed 001 §4, spec/richieste/richiesta.yaml): stato (letters), statoPos
 * (0-8) and statoFattDir (direct billing), each with its actions and who may run them (seed 001 §6); pausing,
 * resuming and closing an installation queue a message for the external system (seed 001 §7), which the outbox
 * worker posts to the configured address (a local HTTP server here) with retries.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let assistenza: Agent; // every grant, every bank
let sede: Agent; // head office of 30480: GES_ESER VARIAZIONE, GES_POS CREAZIONE, RIC_SOSPESI_BANCHE; no RIC_SOSPESI_SOAR, no AUT_LISTINI
let filiale: Agent; // branch 01600 of 30480: no RIC_SOSPESI_BANCHE

const FORBIDDEN = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] };
const INVALID_TRANSITION = { code: 'INVALID_TRANSITION', errorMessage: 'Operazione non consentita nello stato attuale', details: [] };

let seq = 0;
/** A request of 30480 in the given states (columns); answers its id. */
async function request(states: Record<string, unknown> = {}): Promise<string> {
  const id = `RQ-T${String(++seq).padStart(3, '0')}`;
  await app.db('richiesta').insert({ id_richiesta: id, cod_abi: '30480', tipo_richiesta: 'NC', stato: 'S', stato_pos: '1', data_richiesta: '2026-11-20', ...states });
  return id;
}
const stored = async (id: string) => app.db('richiesta').where({ id_richiesta: id }).first();
const messagesOf = (id: string) => app.db('messaggio_uscita').where({ entity: 'Richiesta', entity_key: id }).orderBy('created_at');

beforeAll(async () => {
  app = await createTestApp();
  assistenza = app.request;
  sede = await app.loginAs('sede.30480');
  filiale = await app.loginAs('filiale.30480');
  // A fresh database of the whole domain: on PostgreSQL on a busy machine, more than the default minute.
}, 120_000);
afterAll(() => app.close());

describe('GET richieste', () => {
  it("a bank's head office lists its own requests, each with the three states and the actions it may run", async () => {
    const res = await sede.get(`${API}/richieste?sort=idRichiesta`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { codAbi: string }) => r.codAbi)).not.toContain('34256');
    expect(res.body.results).toContainEqual(expect.objectContaining({ idRichiesta: 'RQ-0002', stato: 'S', statoPos: '6', statoFattDir: '2', _actions: [] }));
  });

  it('a request answers the actions of each machine the caller may run now', async () => {
    const id = await request({ stato: 'I', stato_pos: '2', stato_fatt_dir: '2' });
    expect((await sede.get(`${API}/richieste/${id}`)).body._actions).toEqual(['completa']);
    expect((await assistenza.get(`${API}/richieste/${id}`)).body._actions).toEqual(['completa', 'chiudiIntervento', 'autorizzaFattDir', 'rifiutaFattDir']);
    expect((await assistenza.get(`${API}/richieste/RQ-0004`)).body).toMatchObject({ codAbi: '34256', _actions: ['sospendi'] });
    expect((await sede.get(`${API}/richieste/RQ-0004`)).status).toBe(404);
    expect((await filiale.get(`${API}/richieste/${id}`)).status).toBe(403);
  });
});

describe('stato: complete, unblock, pause and resume', () => {
  it('the bank completes a draft (I or W) and it is archived (A); a pending one cannot be completed', async () => {
    const id = await request({ stato: 'W' });
    const res = await sede.post(`${API}/richieste/${id}/completa`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Richiesta completata', row: { stato: 'A', esitoDa: 'sede.30480' } });
    const pending = await request({ stato: 'S' });
    expect((await sede.post(`${API}/richieste/${pending}/completa`)).body).toEqual(INVALID_TRANSITION);
  });

  it('only assistance unblocks a blocked request, though the bank holds the send-request grant', async () => {
    const id = await request({ stato: 'H' });
    expect((await sede.get(`${API}/richieste/${id}`)).body._actions).toEqual([]);
    expect((await sede.post(`${API}/richieste/${id}/sblocca`)).body).toEqual(FORBIDDEN);
    const res = await assistenza.post(`${API}/richieste/${id}/sblocca`);
    expect(res.body).toMatchObject({ message: 'Richiesta sbloccata', row: { stato: 'S' } });
  });

  it('the central body pauses a pending request and the external system gets a message; resuming sends another', async () => {
    const id = await request({ stato: 'S', stato_pos: '6' });
    expect((await sede.post(`${API}/richieste/${id}/sospendi`)).status).toBe(403);
    const paused = await assistenza.post(`${API}/richieste/${id}/sospendi`);
    expect(paused.body).toMatchObject({ message: 'Richiesta messa in pausa', row: { stato: 'P', statoPos: '6', esitoDa: 'assistenza' } });
    const resumed = await assistenza.post(`${API}/richieste/${id}/riprendi`);
    expect(resumed.body).toMatchObject({ message: 'Richiesta ripresa', row: { stato: 'S' } });
    const messages = await messagesOf(id);
    expect(messages.map((m: { transition: string; stato: string }) => [m.transition, m.stato])).toEqual([['sospendi', 'P'], ['riprendi', 'P']]);
    expect(JSON.parse(messages[0].payload)).toEqual({ operazione: 'sospendi', idRichiesta: id, codAbi: '30480', stato: 'P', utente: 'assistenza' });
  });

  it('a request already extracted cannot be paused: 403, no message queued', async () => {
    const id = await request({ stato: 'S', estratto: true });
    expect((await assistenza.post(`${API}/richieste/${id}/sospendi`)).body).toEqual(FORBIDDEN);
    expect((await stored(id)).stato).toBe('S');
    expect(await messagesOf(id)).toEqual([]);
  });
});

describe('statoPos: close an installation, cancel a replacement (assistance only)', () => {
  it('closing an intervention makes the terminal installed (3), leaves stato alone and tells the external system', async () => {
    const id = await request({ stato: 'S', stato_pos: '8' });
    const res = await assistenza.post(`${API}/richieste/${id}/chiudiIntervento`);
    expect(res.body).toMatchObject({ message: 'Intervento chiuso', row: { stato: 'S', statoPos: '3' } });
    const [message] = await messagesOf(id);
    expect(JSON.parse(message.payload)).toMatchObject({ operazione: 'chiudiIntervento', statoPos: '3' });
    expect((await assistenza.post(`${API}/richieste/${id}/chiudiIntervento`)).body).toEqual(INVALID_TRANSITION);
  });

  it('a replacement (4) is cancelled: discarded (5)', async () => {
    const id = await request({ stato_pos: '4' });
    const res = await assistenza.post(`${API}/richieste/${id}/annullaSostituzione`);
    expect(res.body).toMatchObject({ message: 'Sostituzione annullata', row: { statoPos: '5' } });
    expect(await messagesOf(id)).toEqual([]);
  });

  it('the pending-requests indicator still counts the suspended terminals (statoPos 6)', async () => {
    const before = Number((await sede.get(`${API}/indicatori/sospesiBanca`)).body.count);
    await request({ stato_pos: '6' });
    expect((await sede.get(`${API}/indicatori/sospesiBanca`)).body.count).toBe(before + 1);
  });
});

describe('statoFattDir: authorising direct billing (AUT_LISTINI)', () => {
  it('authorised (1) or refused (3) from to-authorise (2); a bank user without AUT_LISTINI is refused', async () => {
    const a = await request({ stato_fatt_dir: '2' });
    expect((await sede.post(`${API}/richieste/${a}/autorizzaFattDir`)).body).toEqual(FORBIDDEN);
    expect((await assistenza.post(`${API}/richieste/${a}/autorizzaFattDir`)).body).toMatchObject({ message: 'Fatturazione diretta autorizzata', row: { statoFattDir: '1' } });
    const b = await request({ stato_fatt_dir: '2' });
    expect((await assistenza.post(`${API}/richieste/${b}/rifiutaFattDir`)).body).toMatchObject({ message: 'Fatturazione diretta non autorizzata', row: { statoFattDir: '3' } });
  });

  it('a request without direct billing has no billing state and no billing action', async () => {
    const id = await request();
    const res = await assistenza.get(`${API}/richieste/${id}`);
    expect(res.body.statoFattDir).toBeNull();
    expect(res.body._actions).not.toContain('autorizzaFattDir');
    expect((await assistenza.post(`${API}/richieste/${id}/autorizzaFattDir`)).body).toEqual(INVALID_TRANSITION);
  });
});

describe('the messages to the external system', () => {
  it('are posted to RICHIESTE_SISTEMA_ESTERNO_URL: the first failure is retried, then sent; the outbox shows it', async () => {
    const seen = new Set<string>();
    const bodies: unknown[] = [];
    const server: Server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
      req.on('end', () => {
        bodies.push(JSON.parse(text));
        const key = String(req.headers['idempotency-key']);
        res.statusCode = seen.has(key) ? 204 : 503;
        seen.add(key);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('the receiver listens on no port');
      const { port } = address;
      expect((await assistenza.put(`${API}/config/RICHIESTE_SISTEMA_ESTERNO_URL`).send({ value: `http://127.0.0.1:${port}/richieste` })).status).toBe(200);
      const id = await request({ stato: 'S' });
      await assistenza.post(`${API}/richieste/${id}/sospendi`);
      const [queued] = await messagesOf(id);
      const now = new Date();
      await app.outboxWorker.runOnce(now);
      const failed = await assistenza.get(`${API}/messaggiuscita/${queued.id}`);
      expect(failed.body).toMatchObject({ stato: 'P', tentativi: 1, ultimoErrore: 'Risposta HTTP 503 dalla destinazione' });
      await app.outboxWorker.runOnce(new Date(now.getTime() + app.outboxWorker.options.baseDelayMs));
      const listed = await assistenza.get(`${API}/messaggiuscita?entityKey=${id}`);
      expect(listed.body.results).toEqual([expect.objectContaining({ id: queued.id, target: 'RICHIESTE_SISTEMA_ESTERNO_URL', transition: 'sospendi', stato: 'S', tentativi: 2 })]);
      expect(bodies).toContainEqual({ id: queued.id, entity: 'Richiesta', entityKey: id, transition: 'sospendi', payload: { operazione: 'sospendi', idRichiesta: id, codAbi: '30480', stato: 'P', utente: 'assistenza' } });
      expect((await sede.get(`${API}/messaggiuscita`)).status).toBe(403);
    } finally {
      await new Promise((resolve) => { server.close(resolve); });
    }
  });
});
