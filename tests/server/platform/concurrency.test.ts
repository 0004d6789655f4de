/**
 * Optimistic concurrency on every generated resource (issue 5 item 6): GET, create and update answer the
 * row's ETag; update, delete and child replace need it back in If-Match: 428 without, 412 when the row
 * changed since it was read, both in Italian. Two writes with the same version: exactly one wins.
 * On the fixture (tests/fixtures/README.md): an order, with its delivery (a `one` child) and lines (`many`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../server/lookup.js';
import { expectRecord } from '../../../server/records.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
const ORDER = `${API}/ordini/10001/000001`;
const CONFLICT = { errorMessage: "L'elemento è stato modificato da un altro utente nel frattempo: ricaricare i dati e ripetere la modifica", code: 'VERSION_CONFLICT', details: [] };
const REQUIRED = { errorMessage: "Versione dell'elemento mancante: rileggere l'elemento e ripetere la richiesta con la sua versione (If-Match)", code: 'VERSION_REQUIRED', details: [] };
const newOrder = (numero: string, cliente: string) => ({ codAbi: '10001', numero, cliente, dataOrdine: '2026-03-01', consegna: { indirizzo: 'Via delle Versioni 1' } });

beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

const read = async (url: string): Promise<{ body: Record<string, unknown>; etag: string }> => {
  const res = await app.request.get(url);
  expect(res.status).toBe(200);
  return { body: res.body, etag: res.headers.etag };
};

describe('ETag', () => {
  it('GET by key answers a strong ETag that stays the same while the row does', async () => {
    const first = await read(ORDER);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect((await read(ORDER)).etag).toBe(first.etag);
    expect((await read(`${API}/ordini/10001/000002`)).etag).not.toBe(first.etag);
  });

  it('create answers the ETag that GET then answers', async () => {
    const res = await app.request.post(`${API}/ordini`).send(newOrder('710001', 'Cliente versioni'));
    expect(res.status).toBe(201);
    expect(res.headers.etag).toBe((await read(`${API}/ordini/10001/710001`)).etag);
  });

  it("a change of a child (the order's delivery) changes the parent's ETag", async () => {
    const before = await read(ORDER);
    const res = await app.request.put(ORDER).set('If-Match', before.etag).send({ ...before.body, consegna: { ...expectRecord(before.body.consegna, 'the delivery'), indirizzo: 'Indirizzo cambiato' } });
    expect(res.status).toBe(200);
    expect(res.headers.etag).not.toBe(before.etag);
    expect(res.headers.etag).toBe((await read(ORDER)).etag);
  });

  it("a list carries no ETag (its rows have no version, answers are no-store); a weak tag is never accepted by If-Match", async () => {
    const list = await app.request.get(`${API}/ordini`);
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBeUndefined();
    const { body } = await read(ORDER);
    expect((await app.request.put(ORDER).set('If-Match', 'W/"47-X4NdhUhUVpg4PzKpJy6jLZFH1UM"').send(body)).status).toBe(412);
  });
});

describe('If-Match on update', () => {
  it('without If-Match: 428 in Italian, nothing changes', async () => {
    const before = await read(ORDER);
    const res = await app.request.put(ORDER).send({ ...before.body, cliente: 'Senza versione' });
    expect(res.status).toBe(428);
    expect(res.body).toEqual(REQUIRED);
    expect((await read(ORDER)).body.cliente).toBe(before.body.cliente);
  });

  it("If-Match: * is no version: 428", async () => {
    const before = await read(ORDER);
    const res = await app.request.put(ORDER).set('If-Match', '*').send(before.body);
    expect(res.status).toBe(428);
    expect(res.body).toEqual(REQUIRED);
  });

  it('with the current ETag: 200 and the new ETag; with the old one afterwards: 412 in Italian', async () => {
    const before = await read(ORDER);
    const ok = await app.request.put(ORDER).set('If-Match', before.etag).send({ ...before.body, cliente: 'Prima modifica' });
    expect(ok.status).toBe(200);
    expect(ok.body.cliente).toBe('Prima modifica');
    const stale = await app.request.put(ORDER).set('If-Match', before.etag).send({ ...before.body, cliente: 'Modifica su dati vecchi' });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(CONFLICT);
    expect((await read(ORDER)).body.cliente).toBe('Prima modifica');
    // The ETag of the answer is the one to use next.
    const next = await app.request.put(ORDER).set('If-Match', ok.headers.etag).send({ ...before.body, cliente: 'Seconda modifica' });
    expect(next.status).toBe(200);
  });

  it('a list of ETags matches when one of them is current; a weak tag never does', async () => {
    const { body, etag } = await read(ORDER);
    expect((await app.request.put(ORDER).set('If-Match', `W/${etag}`).send(body)).status).toBe(412);
    const res = await app.request.put(ORDER).set('If-Match', `"vecchia", ${etag}`).send(body);
    expect(res.status).toBe(200);
  });

  it('two updates sent at once with the same ETag: exactly one 200, the other 412', async () => {
    const { body, etag } = await read(ORDER);
    const [a, b] = await Promise.all([
      app.request.put(ORDER).set('If-Match', etag).send({ ...body, cliente: 'Concorrente A' }),
      app.request.put(ORDER).set('If-Match', etag).send({ ...body, cliente: 'Concorrente B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body).toEqual(CONFLICT);
    expect((await read(ORDER)).body.cliente).toBe(winner.body.cliente);
  });

  it('three writers at once, three rounds: each round exactly one wins, and the winner\'s change is what is stored', async () => {
    for (let round = 0; round < 3; round++) {
      const { body, etag } = await read(ORDER);
      const answers = await Promise.all([0, 1, 2].map((i) => app.request.put(ORDER).set('If-Match', etag).send({ ...body, cliente: `Giro ${round} scrittore ${i}` })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
      const winner = present(answers.find((a) => a.status === 200), 'the 200 answer');
      const now = await read(ORDER);
      expect(now.body.cliente).toBe(winner.body.cliente);
      expect(now.etag).toBe(winner.headers.etag);
    }
  });

  it('a missing row is 404 whatever the version', async () => {
    const res = await app.request.put(`${API}/ordini/10001/799999`).set('If-Match', '"x"').send(newOrder('799999', 'x'));
    expect(res.status).toBe(404);
  });
});

describe('If-Match on delete and child replace', () => {
  it('delete: 428 without, 412 when stale, 204 with the current ETag', async () => {
    const url = `${API}/ordini/10001/710001`;
    const { body, etag } = await read(url);
    expect((await app.request.delete(url)).body).toEqual(REQUIRED);
    const changed = await app.request.put(url).set('If-Match', etag).send({ ...body, cliente: 'Cambiato prima di eliminarlo' });
    expect(changed.status).toBe(200);
    const stale = await app.request.delete(url).set('If-Match', etag);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(CONFLICT);
    expect((await app.request.delete(url).set('If-Match', changed.headers.etag)).status).toBe(204);
    expect((await app.request.get(url)).status).toBe(404);
  });

  it("child list and child replace carry the parent's version", async () => {
    const children = `${ORDER}/righe`;
    const list = await app.request.get(children);
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBe((await read(ORDER)).etag);
    expect((await app.request.put(children).send([])).status).toBe(428);
    const replaced = await app.request.put(children).set('If-Match', list.headers.etag).send([]);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual([]);
    expect(replaced.headers.etag).toBe((await read(ORDER)).etag);
    const stale = await app.request.put(children).set('If-Match', list.headers.etag).send([]);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(CONFLICT);
  });

  it('two deletes at once with the same ETag: one 204, the other 412 or 404', async () => {
    await app.request.post(`${API}/ordini`).send(newOrder('710002', 'Ordine da eliminare'));
    const url = `${API}/ordini/10001/710002`;
    const { etag } = await read(url);
    const statuses = (await Promise.all([app.request.delete(url).set('If-Match', etag), app.request.delete(url).set('If-Match', etag)])).map((r) => r.status).sort();
    expect(statuses[0]).toBe(204);
    expect([404, 412]).toContain(statuses[1]);
  });
});
