/**
 * Maintenance tickets (seed 000 §2 /anagrafiche/searchManutenzione, §3, §4, §7, §8, §9): the ticket list
 * (40 per page) and detail scoped to the caller's banks; the thread of messages; insertRisposta allowed only
 * on a suspended ticket ('Risposta inviata correttamente'), once even when two replies race; the history of a
 * terminal (30 per page) split into open (codes 0, 1, 2, 6, 7, 8) and closed requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../server/lookup.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // sede.30480: ANAG_MANUTENZIONI VISUALIZZAZIONE and AGGIORNAMENTO, bank 30480
let filiale: Agent; // filiale.30480: no ANAG_MANUTENZIONI

const SENT = 'Risposta inviata correttamente';
const FORBIDDEN = { code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] };
const NOT_SUSPENDED = {
  code: 'INVALID_TRANSITION', errorMessage: 'Operazione non consentita nello stato attuale',
  details: [{ field: 'idchiamata', message: "Il ticket non è in uno stato sospeso: non è possibile inviare una risposta" }],
};
const reply = (idchiamata: string, termid: string, risposta = "L'indirizzo è Via Roma 1, Trento") => ({ idchiamata, termid, motivo: 'Indirizzo incompleto', risposta });
let seq = 0;
/** A suspended ticket of bank 30480 inserted as the assistance system would leave it. */
async function suspended(): Promise<{ numeroTicket: string; idchiamata: string; termId: string }> {
  const n = ++seq;
  const row = { numeroTicket: `TT-${n}`, idchiamata: `TC-${n}`, termId: `3048090${n}` };
  await app.db('ticket_manutenzione').insert({ numero_ticket: row.numeroTicket, idchiamata: row.idchiamata, term_id: row.termId, cod_abi: '30480', data_apertura: '2026-11-01', stato: '6', domanda: 'Domanda di prova' });
  return row;
}

beforeAll(async () => {
  app = await createTestApp();
  sede = await app.loginAs('sede.30480');
  filiale = await app.loginAs('filiale.30480');
}, 120_000);
afterAll(() => app.close());

describe('ticket list and detail (GET manutenzioni/ticket)', () => {
  it('a bank user sees only his bank\'s tickets, 40 per page by default', async () => {
    const res = await sede.get(`${API}/manutenzioni/ticket`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { numeroTicket: string }) => r.numeroTicket).sort()).toEqual(['TK-0001', 'TK-0002', 'TK-0003']);
    const all = await app.request.get(`${API}/manutenzioni/ticket?codAbi=34256`);
    expect(all.body.results.map((r: { numeroTicket: string }) => r.numeroTicket)).toEqual(['TK-0004']);
    const manifest = await import('../../generated/manifest.json', { with: { type: 'json' } });
    expect(manifest.default.entities.TicketManutenzione.pageSize).toBe(40);
  });

  it('searches by terminal id, ticket number and status', async () => {
    expect((await sede.get(`${API}/manutenzioni/ticket?termId=30480001`)).body.totalCount).toBe(2);
    expect((await sede.get(`${API}/manutenzioni/ticket?numeroTicket=TK-0003`)).body.results[0].stato).toBe('1');
    expect((await sede.get(`${API}/manutenzioni/ticket?stato=6`)).body.results.map((r: { numeroTicket: string }) => r.numeroTicket)).toEqual(['TK-0001']);
  });

  it('searches by opening date range, both ends included', async () => {
    const numbers = async (q: string) => (await sede.get(`${API}/manutenzioni/ticket?${q}`)).body.results.map((r: { numeroTicket: string }) => r.numeroTicket).sort();
    expect(await numbers('dataAperturaDa=2026-11-02&dataAperturaA=2026-11-10')).toEqual(['TK-0001', 'TK-0003']);
    expect(await numbers('dataAperturaDa=2026-11-03')).toEqual(['TK-0003']);
    expect(await numbers('dataAperturaA=2026-10-01')).toEqual(['TK-0002']);
    const bad = await sede.get(`${API}/manutenzioni/ticket?dataAperturaDa=ieri`);
    expect(bad.status).toBe(400);
  });

  it('the ticket list can be exported (asynchronous CSV of the caller\'s tickets)', async () => {
    const start = await sede.post(`${API}/manutenzioni/ticket/esportazioni?formato=csv&stato=6`);
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ entity: 'TicketManutenzione', formato: 'csv', stato: 'P' });
  });

  it('the detail of his ticket; another bank\'s ticket is not found', async () => {
    const res = await sede.get(`${API}/manutenzioni/ticket/TK-0001`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ numeroTicket: 'TK-0001', idchiamata: 'CH-1001', termId: '30480001', stato: '6', motivo: 'Indirizzo incompleto' });
    expect((await sede.get(`${API}/manutenzioni/ticket/TK-0004`)).status).toBe(404);
  });

  it('the messages exchanged on a ticket, scoped like the ticket', async () => {
    const res = await sede.get(`${API}/manutenzioni/ticket/TK-0001/messaggi`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([expect.objectContaining({ progressivo: 1, tipo: 'D', testo: "Confermare l'indirizzo di installazione del terminale", autore: 'assistenza' })]);
    expect((await sede.get(`${API}/manutenzioni/ticket/TK-0004/messaggi`)).body).toEqual({ results: [], totalCount: 0 });
  });

  it('403 without ANAG_MANUTENZIONI', async () => {
    expect((await filiale.get(`${API}/manutenzioni/ticket`)).body).toEqual(FORBIDDEN);
    expect((await filiale.get(`${API}/manutenzioni/ticket/TK-0001/messaggi`)).status).toBe(403);
    expect((await filiale.get(`${API}/manutenzioni/storico/30480001`)).status).toBe(403);
    const res = await filiale.post(`${API}/manutenzioni/risposta`).send(reply('CH-1001', '30480001'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });
});

describe('insertRisposta (POST manutenzioni/risposta)', () => {
  it('a suspended ticket: the reply is recorded, the ticket goes back to the assistance', async () => {
    const res = await sede.post(`${API}/manutenzioni/risposta`).send(reply('CH-1001', '30480001'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SENT, numeroTicket: 'TK-0001', stato: '1' });
    const ticket = (await sede.get(`${API}/manutenzioni/ticket/TK-0001`)).body;
    expect(ticket).toMatchObject({ stato: '1', risposta: "L'indirizzo è Via Roma 1, Trento" });
    const thread = (await sede.get(`${API}/manutenzioni/ticket/TK-0001/messaggi`)).body.results;
    expect(thread.map((m: { progressivo: number; tipo: string; autore: string }) => [m.progressivo, m.tipo, m.autore])).toEqual([[1, 'D', 'assistenza'], [2, 'R', 'sede.30480']]);
    const audit = await app.request.get(`${API}/audit?entity=TicketManutenzione&key=TK-0001`);
    expect(audit.body.results[0]).toMatchObject({ username: 'sede.30480', operation: 'update' });
  });

  it('a ticket that is not suspended: 409 with the Italian message, nothing recorded', async () => {
    const res = await sede.post(`${API}/manutenzioni/risposta`).send(reply('CH-1003', '30480002'));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(NOT_SUSPENDED);
    expect((await sede.get(`${API}/manutenzioni/ticket/TK-0003/messaggi`)).body.totalCount).toBe(0);
  });

  it('a terminal that is not the ticket\'s: 400 with the Italian message', async () => {
    const t = await suspended();
    const res = await sede.post(`${API}/manutenzioni/risposta`).send(reply(t.idchiamata, '99999999'));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'termid', message: 'Il terminale indicato non corrisponde a quello del ticket' }]);
  });

  it('another bank\'s ticket is not found (404), even when suspended', async () => {
    const res = await sede.post(`${API}/manutenzioni/risposta`).send(reply('CH-1004', '34256001'));
    expect(res.status).toBe(404);
    expect(res.body.details).toEqual([{ field: 'idchiamata', message: "Nessun ticket con l'id chiamata indicato" }]);
    expect((await app.db('ticket_manutenzione').where({ numero_ticket: 'TK-0004' }).first()).stato).toBe('6');
  });

  it('two replies at once: one 200, one 409, one reply in the thread', async () => {
    const t = await suspended();
    const answers = await Promise.all([
      sede.post(`${API}/manutenzioni/risposta`).send(reply(t.idchiamata, t.termId, 'Prima')),
      sede.post(`${API}/manutenzioni/risposta`).send(reply(t.idchiamata, t.termId, 'Seconda')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(present(answers.find((a) => a.status === 409), 'the 409 answer').body).toEqual(NOT_SUSPENDED);
    const messages = await app.db('ticket_messaggio').where({ numero_ticket: t.numeroTicket });
    expect(messages).toHaveLength(1);
  });

  it('a reply without text is refused with the default Italian message', async () => {
    const res = await sede.post(`${API}/manutenzioni/risposta`).send({ idchiamata: 'CH-1001', termid: '30480001' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'risposta', message: "Questo campo e' obbligatorio" }]);
  });
});

describe('ticket history (GET manutenzioni/storico/{termId})', () => {
  it('all the tickets of a terminal, newest first, 30 per page by default', async () => {
    const res = await sede.get(`${API}/manutenzioni/storico/30480001`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { numeroTicket: string }) => r.numeroTicket)).toEqual(['TK-0001', 'TK-0002']);
    expect(res.body.totalCount).toBe(2);
  });

  it('open requests are codes 0, 1, 2, 6, 7, 8; the others are closed', async () => {
    for (const [i, stato] of ['0', '1', '2', '3', '4', '5', '6', '7', '8'].entries()) {
      await app.db('ticket_manutenzione').insert({ numero_ticket: `ST-${i}`, idchiamata: `SC-${i}`, term_id: '30480777', cod_abi: '30480', data_apertura: `2026-10-1${i}`, stato });
    }
    const open = await sede.get(`${API}/manutenzioni/storico/30480777?classe=aperti`);
    expect(open.body.results.map((r: { stato: string }) => r.stato).sort()).toEqual(['0', '1', '2', '6', '7', '8']);
    const closed = await sede.get(`${API}/manutenzioni/storico/30480777?classe=chiusi`);
    expect(closed.body.results.map((r: { stato: string }) => r.stato).sort()).toEqual(['3', '4', '5']);
    expect((await sede.get(`${API}/manutenzioni/storico/30480777?size=4&page=2`)).body).toMatchObject({ totalCount: 9, results: [expect.objectContaining({ stato: '0' })] });
  });

  it('30 per page when the caller gives no size', async () => {
    for (let i = 0; i < 32; i++) {
      await app.db('ticket_manutenzione').insert({ numero_ticket: `PG-${i}`, idchiamata: `PC-${i}`, term_id: '30480888', cod_abi: '30480', data_apertura: '2026-10-01', stato: '1' });
    }
    const res = await sede.get(`${API}/manutenzioni/storico/30480888`);
    expect(res.body.results).toHaveLength(30);
    expect(res.body.totalCount).toBe(32);
  });

  it('another bank\'s terminal shows nothing to a bank user', async () => {
    expect((await sede.get(`${API}/manutenzioni/storico/34256001`)).body).toEqual({ results: [], totalCount: 0 });
    expect((await app.request.get(`${API}/manutenzioni/storico/34256001`)).body.totalCount).toBe(1);
  });
});
