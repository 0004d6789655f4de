/**
 * Push agents (seed 000 §2 /anagrafiche/agentipush, §3, §7 "agentePush find with page, create, update, delete
 * by codAgente, GET reportAttivazioni by date range", §8 'Agente eliminato con successo', §9 page 30).
 * The report counts the demo activations of spec/demo/31-attivazioni-push.yaml, both range ends included.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const invalid = (...details: { field: string; message: string }[]) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details });
const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const openapi = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
const manifest = JSON.parse(readFileSync('generated/manifest.json', 'utf8'));
const form = JSON.parse(readFileSync('generated/forms/AgentePush.json', 'utf8'));

describe('GET /agentePush', () => {
  it('lists the agents 30 per page by default, sorted by name', async () => {
    const res = await app.request.get(`${API}/agentePush`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(4);
    expect(res.body.results.map((a: { codAgente: string }) => a.codAgente)).toEqual(['AG004', 'AG003', 'AG002', 'AG001']);
    expect(manifest.entities.AgentePush.pageSize).toBe(30);
  });

  it('pages and filters the name as a wildcard', async () => {
    const page = await app.request.get(`${API}/agentePush?page=1&size=3`);
    expect(page.body.results.map((a: { codAgente: string }) => a.codAgente)).toEqual(['AG001']);
    const res = await app.request.get(`${API}/agentePush?nome=ross`);
    expect(res.body.results).toEqual([{ codAgente: 'AG001', nome: 'Mario Rossi', email: 'mario.rossi@push.example', attivo: true }]);
  });

  it('answers one agent by code', async () => {
    const res = await app.request.get(`${API}/agentePush/AG002`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ codAgente: 'AG002', nome: 'Laura Bianchi', email: 'laura.bianchi@push.example', attivo: true });
  });

  it('is refused to a user without ANAG_AGENTI_PUSH (403)', async () => {
    const filiale = await app.loginAs('filiale.30480');
    const res = await filiale.get(`${API}/agentePush`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await filiale.get(`${API}/agentePush/reportAttivazioni`)).status).toBe(403);
  });
});

describe('create, update, delete', () => {
  it('creates, updates with If-Match and deletes an agent; delete says the seed message', async () => {
    const created = await app.request.post(`${API}/agentePush`).send({ codAgente: 'AG100', nome: 'Nuovo Agente' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ codAgente: 'AG100', nome: 'Nuovo Agente', email: null, attivo: true });

    const url = `${API}/agentePush/AG100`;
    const updated = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ codAgente: 'AG100', nome: 'Agente Rinominato', email: 'nuovo@push.example', attivo: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ nome: 'Agente Rinominato', email: 'nuovo@push.example' });

    const deleted = await app.request.delete(url).set('If-Match', await etagOf(app.request, url));
    expect(deleted.status).toBe(204);
    expect((await app.request.get(url)).status).toBe(404);
    // The success message the form and list show after the delete (seed 000 §8).
    expect(openapi.paths['/agentePush/{codAgente}'].delete['x-success-message']).toBe('Agente eliminato con successo');
    expect(form.success.delete).toBe('Agente eliminato con successo');
    expect(manifest.entities.AgentePush.deletedMessage).toBe('Agente eliminato con successo');
  });

  it('needs If-Match to update (428)', async () => {
    const res = await app.request.put(`${API}/agentePush/AG002`).send({ nome: 'X' });
    expect(res.status).toBe(428);
  });

  it('refuses a missing name and a malformed code and e-mail, in Italian', async () => {
    const res = await app.request.post(`${API}/agentePush`).send({ codAgente: 'AG 1', email: 'non-una-mail' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(expect.arrayContaining([
      { field: 'codAgente', message: "Il codice agente può contenere solo lettere, cifre, '-' e '_'" },
      { field: 'nome', message: "Questo campo e' obbligatorio" },
      { field: 'email', message: 'Indirizzo email non valido' },
    ]));
  });

  it('refuses a duplicate code (409)', async () => {
    const res = await app.request.post(`${API}/agentePush`).send({ codAgente: 'AG001', nome: 'Doppio' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DUPLICATE_KEY');
  });

  it('refuses deleting an agent with activations (409): retire it instead', async () => {
    const url = `${API}/agentePush/AG002`;
    const res = await app.request.delete(url).set('If-Match', await etagOf(app.request, url));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: "Elemento utilizzato altrove: impossibile eliminarlo", code: 'REFERENCED', details: [] });
  });

  it('is refused to a push agent, who may only look (403 on create, update, delete)', async () => {
    const agent = await app.loginAs('agente.push');
    expect((await agent.get(`${API}/agentePush`)).status).toBe(200);
    expect((await agent.post(`${API}/agentePush`).send({ codAgente: 'AG200', nome: 'X' })).status).toBe(403);
    const url = `${API}/agentePush/AG004`;
    expect((await agent.put(url).set('If-Match', await etagOf(agent, url)).send({ nome: 'X' })).status).toBe(403);
    expect((await agent.delete(url).set('If-Match', await etagOf(agent, url))).status).toBe(403);
  });
});

describe('GET /agentePush/reportAttivazioni', () => {
  const report = (query: string) => app.request.get(`${API}/agentePush/reportAttivazioni${query}`);

  it('counts each agent activations in March 2026, both ends included', async () => {
    const res = await report('?dataDa=2026-03-01&dataA=2026-03-31');
    expect(res.status).toBe(200);
    const range = { dataDa: '2026-03-01', dataA: '2026-03-31' };
    expect(res.body).toEqual([
      { codAgente: 'AG004', nome: 'Anna Neri', attivazioni: 0, ...range },
      { codAgente: 'AG003', nome: 'Giorgio Verdi', attivazioni: 1, ...range },
      { codAgente: 'AG002', nome: 'Laura Bianchi', attivazioni: 1, ...range },
      { codAgente: 'AG001', nome: 'Mario Rossi', attivazioni: 3, ...range },
    ]);
  });

  it('a one-day range counts the activations of that day only', async () => {
    const res = await report('?dataDa=2026-03-31&dataA=2026-03-31');
    const counts = Object.fromEntries(res.body.map((r: { codAgente: string; attivazioni: number }) => [r.codAgente, r.attivazioni]));
    expect(counts).toEqual({ AG001: 1, AG002: 0, AG004: 0 });
  });

  it('leaves out retired agents without activations in the range', async () => {
    const res = await report('?dataDa=2026-04-01&dataA=2026-04-30');
    expect(res.body.map((r: { codAgente: string }) => r.codAgente)).toEqual(['AG004', 'AG002', 'AG001']);
    expect(res.body.find((r: { codAgente: string }) => r.codAgente === 'AG001').attivazioni).toBe(1);
  });

  it('defaults to the current month up to today', async () => {
    const res = await report('');
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body[0]).toMatchObject({ dataDa: `${today.slice(0, 7)}-01`, dataA: today });
  });

  it("refuses a start after the end, in Italian", async () => {
    const res = await report('?dataDa=2026-03-31&dataA=2026-03-01');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalid({ field: 'dataDa', message: "La data iniziale non può essere successiva alla data finale" }));
  });

  it('refuses a date that is not a date', async () => {
    const res = await report('?dataDa=31-03-2026');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details[0].field).toBe('dataDa');
  });

  it('counts for a bank user only the activations of their banks', async () => {
    const sede = await app.loginAs('sede.30480');
    const res = await sede.get(`${API}/agentePush/reportAttivazioni?dataDa=2026-03-01&dataA=2026-03-31`);
    // sede.30480 holds no ANAG_AGENTI_PUSH: the report is refused like the list.
    expect(res.status).toBe(403);
    const agent = await app.loginAs('agente.push');
    const mine = await agent.get(`${API}/agentePush/reportAttivazioni?dataDa=2026-03-01&dataA=2026-03-31`);
    expect(mine.status).toBe(200);
    // The agent's only bank is the push aggregate 99999, which has no activations in the demo: it counts none.
    expect(mine.body.every((r: { attivazioni: number }) => r.attivazioni === 0)).toBe(true);
  });
});
