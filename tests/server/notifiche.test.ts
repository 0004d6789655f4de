/**
 * Notifications (issue 5; seed 000 §2 "notification ... optional do-not-show-again ... a custom notification
 * needs both titolo and messaggio", §3, §7 GET notifiche, PUT notifiche/{id}, GET notifiche/storico, the user
 * notification assignment find/insert/delete/insertAll/deleteAll, §9 page sizes 30 and 10).
 * A user receives the notifications of the banks he is assigned to (NotificaUtente) and those for every bank.
 * Demo data: two notifications of bank 30480 (spec/demo/20-notifiche.yaml), nobody assigned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { named } from '../../server/lookup.js';
import { binaryBody } from '../support/binary-body.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
const FIRST = '7d0c1f0e-0000-4000-8000-000000000001';
const SECOND = '7d0c1f0e-0000-4000-8000-000000000002';
const FORBIDDEN = { errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] };
const refusal = (code: string, errorMessage: string, field: string, message: string) => ({ code, errorMessage, details: [{ field, message }] });

beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

async function createNotifica(body: Record<string, unknown>): Promise<string> {
  const res = await app.request.post(`${API}/gestionenotifiche`).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const auditCount = async (entity: string) => Number((await app.db('storico_modifica').where('entity', entity).count({ n: '*' }))[0].n);

describe('Notifica (GES_NOTIFICHE)', () => {
  it('creates a notification: the server fills who and when, and refuses them in a body', async () => {
    const forged = await app.request.post(`${API}/gestionenotifiche`)
      .send({ titolo: 'Prova', messaggio: 'Testo', abi: '34256', dataInizio: '2026-01-05', creatoDa: 'altro' });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual(refusal('VALIDATION_ERROR', 'Dati non validi', 'creatoDa', 'Campo non previsto'));
    const res = await app.request.post(`${API}/gestionenotifiche`)
      .send({ titolo: 'Prova', messaggio: 'Testo', abi: '34256', dataInizio: '2026-01-05' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ titolo: 'Prova', abi: '34256', creatoDa: 'assistenza' });
    expect(res.body.creatoIl).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const url = `${API}/gestionenotifiche/${res.body.id}`;
    const { id: _id, creatoDa: _by, creatoIl: _at, ...editable } = res.body;
    const upd = await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...editable, titolo: 'Prova 2' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ titolo: 'Prova 2', creatoDa: 'assistenza', creatoIl: res.body.creatoIl });
    const del = await app.request.delete(url).set('If-Match', await etagOf(app.request, url));
    expect(del.status).toBe(204);
  });

  it('needs both titolo and messaggio, each with its Italian message', async () => {
    const res = await app.request.post(`${API}/gestionenotifiche`).send({ titolo: '  ', dataInizio: '2026-01-05' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('Dati non validi');
    expect(res.body.details).toEqual(expect.arrayContaining([
      { field: 'titolo', message: "Il titolo della notifica è obbligatorio" },
      { field: 'messaggio', message: "Il messaggio della notifica è obbligatorio" },
    ]));
  });

  it('lists 30 per page (seed 000 §9)', async () => {
    const res = await app.request.get(`${API}/gestionenotifiche`);
    expect(res.status).toBe(200);
    expect(named(app.artifacts.model.entities, 'Notifica', 'entities').api.pageSize).toBe(30);
    expect(res.body.results.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([FIRST, SECOND]));
  });

  it('a user without GES_NOTIFICHE: 403', async () => {
    const sede = await app.loginAs('sede.30480');
    expect((await sede.get(`${API}/gestionenotifiche`)).body).toEqual(FORBIDDEN);
    const post = await sede.post(`${API}/gestionenotifiche`).send({ titolo: 'x', messaggio: 'y', abi: '30480', dataInizio: '2026-01-01' });
    expect(post.status).toBe(403);
  });
});

describe('assignment of users to notifications (GES_NOTIFICA_UTENTI)', () => {
  it('insert, duplicate 409, find by userId and abi, delete, delete again 404: each in Italian', async () => {
    const sede = await app.loginAs('sede.30480');
    const before = await auditCount('NotificaUtente');
    const ins = await sede.post(`${API}/usersnotification`).send({ userId: 'filiale.30480', abi: '30480' });
    expect(ins.status).toBe(201);
    expect(ins.body).toEqual({ message: "Notifiche assegnate all'utente con successo", userId: 'filiale.30480', abi: '30480' });
    expect(await auditCount('NotificaUtente')).toBe(before + 1);

    const dup = await sede.post(`${API}/usersnotification`).send({ userId: 'filiale.30480', abi: '30480' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual(refusal('DUPLICATE_KEY', "Elemento già presente", 'userId', "Le notifiche della banca sono già assegnate all'utente"));

    const found = await sede.get(`${API}/usersnotification?userId=filiale.30480&abi=30480`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ results: [{ userId: 'filiale.30480', abi: '30480', _labels: { abi: '30480 - Banca di Credito Cooperativo di Esempio' } }], totalCount: 1 });

    const del = await sede.delete(`${API}/usersnotification/filiale.30480/30480`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Assegnazione delle notifiche rimossa con successo' });
    const again = await sede.delete(`${API}/usersnotification/filiale.30480/30480`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(refusal('NOT_FOUND', 'Elemento non trovato', 'userId', "L'utente non è assegnato alle notifiche della banca"));
    expect(await auditCount('NotificaUtente')).toBe(before + 2);
  });

  it('a user of another bank: 400; an unknown user or bank: 404; invalid input: 400 with the field message', async () => {
    const notOfBank = await app.request.post(`${API}/usersnotification`).send({ userId: 'sede.60855', abi: '30480' });
    expect(notOfBank.status).toBe(400);
    expect(notOfBank.body).toEqual(refusal('VALIDATION_ERROR', 'Dati non validi', 'userId', "L'utente non appartiene alla banca indicata"));
    const unknownUser = await app.request.post(`${API}/usersnotification`).send({ userId: 'nessuno', abi: '30480' });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body).toEqual(refusal('NOT_FOUND', 'Elemento non trovato', 'userId', 'Utente inesistente'));
    const unknownBank = await app.request.post(`${API}/usersnotification`).send({ userId: 'sede.30480', abi: '99998' });
    expect(unknownBank.status).toBe(404);
    expect(unknownBank.body).toEqual(refusal('NOT_FOUND', 'Elemento non trovato', 'abi', 'Banca inesistente'));
    const badAbi = await app.request.post(`${API}/usersnotification`).send({ userId: 'sede.30480', abi: '3048' });
    expect(badAbi.status).toBe(400);
    expect(badAbi.body.details).toEqual([{ field: 'abi', message: 'Il campo  deve essere di 5 cifre' }]);
  });

  it('bank scope: a bank user manages only his banks', async () => {
    const sede = await app.loginAs('sede.30480');
    expect((await sede.post(`${API}/usersnotification`).send({ userId: 'sede.60855', abi: '60855' })).body).toEqual(FORBIDDEN);
    expect((await sede.post(`${API}/usersnotificationall/60855`)).status).toBe(403);
    expect((await sede.delete(`${API}/usersnotificationall/60855`)).status).toBe(403);
    expect((await app.request.post(`${API}/usersnotification`).send({ userId: 'sede.60855', abi: '60855' })).status).toBe(201);
    // Somebody else's bank looks like nothing assigned, and its rows are not listed.
    expect((await sede.delete(`${API}/usersnotification/sede.60855/60855`)).status).toBe(404);
    expect((await sede.get(`${API}/usersnotification?abi=60855`)).body).toEqual({ results: [], totalCount: 0 });
    expect((await app.request.get(`${API}/usersnotification?abi=60855`)).body.totalCount).toBe(1);
    expect((await app.request.delete(`${API}/usersnotification/sede.60855/60855`)).status).toBe(200);
  });

  it("bank scope: another bank's user is unknown to a bank user (the handler reads users through the scoped service)", async () => {
    const sede = await app.loginAs('sede.30480');
    // Assistance learns the user exists and is of another bank; the bank user learns nothing about him.
    const other = await sede.post(`${API}/usersnotification`).send({ userId: 'sede.60855', abi: '30480' });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(refusal('NOT_FOUND', 'Elemento non trovato', 'userId', 'Utente inesistente'));
  });

  it('without GES_NOTIFICA_UTENTI every operation is 403', async () => {
    const filiale = await app.loginAs('filiale.30480');
    expect((await filiale.get(`${API}/usersnotification`)).status).toBe(403);
    expect((await filiale.post(`${API}/usersnotification`).send({ userId: 'filiale.30480', abi: '30480' })).status).toBe(403);
    expect((await filiale.delete(`${API}/usersnotification/filiale.30480/30480`)).status).toBe(403);
    expect((await filiale.post(`${API}/usersnotificationall/30480`)).status).toBe(403);
    expect((await filiale.delete(`${API}/usersnotificationall/30480`)).status).toBe(403);
  });

  it('insertAll assigns every user of the bank not yet assigned, deleteAll removes them all, with counts', async () => {
    const sede = await app.loginAs('sede.30480');
    const users30480 = (await app.db('utente').where('group', '30480').pluck('username')).length;
    expect(users30480).toBeGreaterThanOrEqual(2);
    await sede.post(`${API}/usersnotification`).send({ userId: 'sede.30480', abi: '30480' }).expect(201);
    const before = await auditCount('NotificaUtente');
    const all = await sede.post(`${API}/usersnotificationall/30480`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ message: 'Notifiche assegnate a tutti gli utenti della banca', count: users30480 - 1 });
    expect(await auditCount('NotificaUtente')).toBe(before + users30480 - 1);
    expect((await sede.post(`${API}/usersnotificationall/30480`)).body.count).toBe(0);
    expect((await sede.get(`${API}/usersnotification?abi=30480`)).body.totalCount).toBe(users30480);

    const none = await sede.delete(`${API}/usersnotificationall/30480`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ message: 'Assegnazioni delle notifiche della banca rimosse', count: users30480 });
    expect((await sede.delete(`${API}/usersnotificationall/30480`)).body.count).toBe(0);
    expect((await sede.get(`${API}/usersnotification?abi=30480`)).body.totalCount).toBe(0);
    const unknown = await app.request.post(`${API}/usersnotificationall/99998`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(refusal('NOT_FOUND', 'Elemento non trovato', 'abi', 'Banca inesistente'));
  });
});

describe("the logged-in user's notifications", () => {
  it('an unassigned user sees none; nobody anonymous', async () => {
    const other = await app.loginAs('sede.60855');
    expect((await other.get(`${API}/notifiche`)).body).toEqual([]);
    expect((await app.anonymous.get(`${API}/notifiche`)).status).toBe(401);
  });

  it("oldest first; 'Non mostrare piu'' is idempotent and holds in the next session", async () => {
    await app.request.post(`${API}/usersnotification`).send({ userId: 'sede.30480', abi: '30480' }).expect(201);
    const sede = await app.loginAs('sede.30480');
    const list = await sede.get(`${API}/notifiche`);
    expect(list.status).toBe(200);
    expect(list.body.map((n: { id: string }) => n.id)).toEqual([FIRST, SECOND]);
    expect(list.body[1]).toMatchObject({ titolo: 'Nuovo listino POS', nomeFile: 'listino-pos.pdf', versione: '1.0' });

    const put = await sede.put(`${API}/notifiche/${FIRST}`);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ message: "La notifica non sarà più mostrata" });
    expect((await sede.put(`${API}/notifiche/${FIRST}`)).status).toBe(200);
    expect(await app.db('notifica_letta').where({ notifica_id: FIRST, username: 'sede.30480' }).count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect(Number((await app.db('notifica_letta').where({ notifica_id: FIRST }).count({ n: '*' }))[0].n)).toBe(1);

    const again = await app.loginAs('sede.30480');
    expect((await again.get(`${API}/notifiche`)).body.map((n: { id: string }) => n.id)).toEqual([SECOND]);
    // The other user of the bank, once assigned, still sees both: the choice is per user.
    await app.request.post(`${API}/usersnotification`).send({ userId: 'filiale.30480', abi: '30480' }).expect(201);
    const filiale = await app.loginAs('filiale.30480');
    expect((await filiale.get(`${API}/notifiche`)).body.map((n: { id: string }) => n.id)).toEqual([FIRST, SECOND]);
    await app.request.delete(`${API}/usersnotification/filiale.30480/30480`).expect(200);
  });

  it('a notification for every bank reaches assigned users; future, expired and other banks do not', async () => {
    const sede = await app.loginAs('sede.30480');
    const all = await createNotifica({ titolo: 'Per tutti', messaggio: 'm', dataInizio: '2026-01-03' });
    const future = await createNotifica({ titolo: 'Futura', messaggio: 'm', abi: '30480', dataInizio: '2999-01-01' });
    const expired = await createNotifica({ titolo: 'Scaduta', messaggio: 'm', abi: '30480', dataInizio: '2020-01-01', dataFine: '2020-12-31' });
    const otherBank = await createNotifica({ titolo: 'Altra banca', messaggio: 'm', abi: '60855', dataInizio: '2026-01-01' });
    const ids = (await sede.get(`${API}/notifiche`)).body.map((n: { id: string }) => n.id);
    expect(ids).toEqual([SECOND, all]);
    for (const id of [future, otherBank, 'nessuna']) {
      const res = await sede.put(`${API}/notifiche/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    }
    // An expired one is in the history, so it may be dismissed there too.
    expect((await sede.put(`${API}/notifiche/${expired}`)).status).toBe(200);
    for (const id of [all, future, expired, otherBank]) {
      await app.request.delete(`${API}/gestionenotifiche/${id}`).set('If-Match', await etagOf(app.request, `${API}/gestionenotifiche/${id}`)).expect(204);
    }
  });
});

describe('GET notifiche/storico', () => {
  it('10 per page by default, 1-based pages, totalCount, newest first, dismissed ones included', async () => {
    const sede = await app.loginAs('sede.30480');
    const created: string[] = [];
    for (let d = 10; d < 22; d++) created.push(await createNotifica({ titolo: `Storico ${d}`, messaggio: 'm', abi: '30480', dataInizio: `2025-03-${d}` }));
    const first = await sede.get(`${API}/notifiche/storico`);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(14);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results[0].id).toBe(SECOND);
    expect(first.body.results[1].id).toBe(FIRST); // dismissed, still in the history
    expect(first.body.results[2].titolo).toBe('Storico 21');
    const second = await sede.get(`${API}/notifiche/storico?currentPage=2`);
    expect(second.body).toMatchObject({ totalCount: 14 });
    expect(second.body.results.map((n: { titolo: string }) => n.titolo)).toEqual(['Storico 13', 'Storico 12', 'Storico 11', 'Storico 10']);
    const sized = await sede.get(`${API}/notifiche/storico?currentPage=3&pageDimension=5`);
    expect(sized.body.results).toHaveLength(4);

    const range = await sede.get(`${API}/notifiche/storico?dataDa=2025-03-12&dataA=2025-03-14`);
    expect(range.body.totalCount).toBe(3);
    expect(range.body.results.map((n: { titolo: string }) => n.titolo)).toEqual(['Storico 14', 'Storico 13', 'Storico 12']);
    expect((await sede.get(`${API}/notifiche/storico?dataDa=2026-01-01`)).body.totalCount).toBe(2);
    expect((await sede.get(`${API}/notifiche/storico?dataA=2025-03-10`)).body.totalCount).toBe(1);
    for (const id of created) await app.request.delete(`${API}/gestionenotifiche/${id}`).set('If-Match', await etagOf(app.request, `${API}/gestionenotifiche/${id}`)).expect(204);
  });

  it('dataDa after dataA: 400 in Italian; invalid dates and pages: 400', async () => {
    const sede = await app.loginAs('sede.30480');
    const res = await sede.get(`${API}/notifiche/storico?dataDa=2026-02-01&dataA=2026-01-01`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal('VALIDATION_ERROR', 'Dati non validi', 'dataA', "La data di inizio non può essere successiva alla data di fine"));
    expect((await sede.get(`${API}/notifiche/storico?dataDa=2026-13-01`)).status).toBe(400);
    expect((await sede.get(`${API}/notifiche/storico?currentPage=0`)).status).toBe(400);
  });
});

describe("the attachment, downloaded by version (seed 000 §7 'Document download by version 1.0')", () => {
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x41)]);
  function multipart(name: string, type: string, bytes: Buffer) {
    const boundary = `----notifiche${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
  }

  it('the administrator uploads it; a user who receives the notification downloads version 1.0 only', async () => {
    const item = `${API}/gestionenotifiche/${SECOND}`;
    const { contentType, body } = multipart('listino.pdf', 'application/pdf', PDF);
    const check = await app.request.post(`${item}/allegato/check`).set('Content-Type', contentType).send(body);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true });
    const put = await app.request.put(`${item}/allegato`).set('Content-Type', contentType).set('If-Match', await etagOf(app.request, item)).send(body);
    expect(put.status).toBe(200);
    expect(put.body.allegato).toEqual(expect.any(String));
    const admin = await app.request.get(`${item}/allegato`).buffer(true).parse(binaryBody);
    expect(admin.status).toBe(200);
    expect(Buffer.compare(admin.body, PDF)).toBe(0);

    const sede = await app.loginAs('sede.30480'); // assigned to 30480 since the tests above
    const got = await sede.get(`${API}/notifiche/${SECOND}/allegato?versione=1.0`).buffer(true).parse(binaryBody);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="listino-pos.pdf"; filename*=UTF-8''listino-pos.pdf`);
    expect(Buffer.compare(got.body, PDF)).toBe(0);

    const other = await sede.get(`${API}/notifiche/${SECOND}/allegato?versione=2.0`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(refusal('NOT_FOUND', 'Elemento non trovato', 'versione', "Versione dell'allegato non disponibile"));
    const noFile = await sede.get(`${API}/notifiche/${FIRST}/allegato?versione=1.0`);
    expect(noFile.status).toBe(404); // FIRST names no version
    const stranger = await app.loginAs('sede.60855');
    expect((await stranger.get(`${API}/notifiche/${SECOND}/allegato?versione=1.0`)).body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    const badVersion = await sede.get(`${API}/notifiche/${SECOND}/allegato?versione=uno`);
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.details).toEqual([{ field: 'versione', message: 'Versione nel formato 1.0' }]);
  });

  it('a version without a stored file: 404 FILE_NOT_FOUND', async () => {
    const id = await createNotifica({ titolo: 'Senza file', messaggio: 'm', abi: '30480', dataInizio: '2026-01-04', nomeFile: 'x.pdf', versione: '1.0' });
    const sede = await app.loginAs('sede.30480');
    const res = await sede.get(`${API}/notifiche/${id}/allegato?versione=1.0`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('FILE_NOT_FOUND');
    await app.request.delete(`${API}/gestionenotifiche/${id}`).set('If-Match', await etagOf(app.request, `${API}/gestionenotifiche/${id}`)).expect(204);
  });
});
