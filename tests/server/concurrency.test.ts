/**
 * Optimistic concurrency on every generated resource (issue 5 item 6): GET, create and update answer the
 * row's ETag; update, delete and child replace need it back in If-Match: 428 without, 412 when the row
 * changed since it was read, both in Italian. Two writes with the same version: exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
const BANK = `${API}/banche/30480`;
const CONFLICT = { errorMessage: "L'elemento è stato modificato da un altro utente nel frattempo: ricaricare i dati e ripetere la modifica", code: 'VERSION_CONFLICT', details: [] };
const REQUIRED = { errorMessage: "Versione dell'elemento mancante: rileggere l'elemento e ripetere la richiesta con la sua versione (If-Match)", code: 'VERSION_REQUIRED', details: [] };

beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const read = async (url: string) => {
  const res = await app.request.get(url);
  expect(res.status).toBe(200);
  return { body: res.body as Record<string, unknown>, etag: res.headers.etag };
};

describe('ETag', () => {
  it('GET by key answers a strong ETag that stays the same while the row does', async () => {
    const first = await read(BANK);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect((await read(BANK)).etag).toBe(first.etag);
    expect((await read(`${API}/banche/60855`)).etag).not.toBe(first.etag);
  });

  it('create answers the ETag that GET then answers', async () => {
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '71001', nomeBcc: 'Banca versioni', group: { description: 'Gruppo versioni' } });
    expect(res.status).toBe(201);
    expect(res.headers.etag).toBe((await read(`${API}/banche/71001`)).etag);
  });

  it('a change of a child (the bank\'s group) changes the parent\'s ETag', async () => {
    const before = await read(BANK);
    const res = await app.request.put(BANK).set('If-Match', before.etag).send({ ...before.body, group: { ...(before.body.group as object), description: 'Gruppo rinominato' } });
    expect(res.status).toBe(200);
    expect(res.headers.etag).not.toBe(before.etag);
    expect(res.headers.etag).toBe((await read(BANK)).etag);
  });

  it("a list carries no ETag (its rows have no version, answers are no-store); a weak tag is never accepted by If-Match", async () => {
    const list = await app.request.get(`${API}/banche`);
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBeUndefined();
    const { body } = await read(BANK);
    expect((await app.request.put(BANK).set('If-Match', 'W/"47-X4NdhUhUVpg4PzKpJy6jLZFH1UM"').send(body)).status).toBe(412);
  });
});

describe('If-Match on update', () => {
  it('without If-Match: 428 in Italian, nothing changes', async () => {
    const before = await read(BANK);
    const res = await app.request.put(BANK).send({ ...before.body, nomeBcc: 'Senza versione' });
    expect(res.status).toBe(428);
    expect(res.body).toEqual(REQUIRED);
    expect((await read(BANK)).body.nomeBcc).toBe(before.body.nomeBcc);
  });

  it("If-Match: * is no version: 428", async () => {
    const before = await read(BANK);
    const res = await app.request.put(BANK).set('If-Match', '*').send(before.body);
    expect(res.status).toBe(428);
    expect(res.body).toEqual(REQUIRED);
  });

  it('with the current ETag: 200 and the new ETag; with the old one afterwards: 412 in Italian', async () => {
    const before = await read(BANK);
    const ok = await app.request.put(BANK).set('If-Match', before.etag).send({ ...before.body, nomeBcc: 'Prima modifica' });
    expect(ok.status).toBe(200);
    expect(ok.body.nomeBcc).toBe('Prima modifica');
    const stale = await app.request.put(BANK).set('If-Match', before.etag).send({ ...before.body, nomeBcc: 'Modifica su dati vecchi' });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(CONFLICT);
    expect((await read(BANK)).body.nomeBcc).toBe('Prima modifica');
    // The ETag of the answer is the one to use next.
    const next = await app.request.put(BANK).set('If-Match', ok.headers.etag).send({ ...before.body, nomeBcc: 'Seconda modifica' });
    expect(next.status).toBe(200);
  });

  it('a list of ETags matches when one of them is current; a weak tag never does', async () => {
    const { body, etag } = await read(BANK);
    expect((await app.request.put(BANK).set('If-Match', `W/${etag}`).send(body)).status).toBe(412);
    const res = await app.request.put(BANK).set('If-Match', `"vecchia", ${etag}`).send(body);
    expect(res.status).toBe(200);
  });

  it('two updates sent at once with the same ETag: exactly one 200, the other 412', async () => {
    const { body, etag } = await read(BANK);
    const [a, b] = await Promise.all([
      app.request.put(BANK).set('If-Match', etag).send({ ...body, nomeBcc: 'Concorrente A' }),
      app.request.put(BANK).set('If-Match', etag).send({ ...body, nomeBcc: 'Concorrente B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body).toEqual(CONFLICT);
    expect((await read(BANK)).body.nomeBcc).toBe(winner.body.nomeBcc);
  });

  it('three writers at once, three rounds: each round exactly one wins, and the winner\'s change is what is stored', async () => {
    for (let round = 0; round < 3; round++) {
      const { body, etag } = await read(BANK);
      const answers = await Promise.all([0, 1, 2].map((i) => app.request.put(BANK).set('If-Match', etag).send({ ...body, nomeBcc: `Giro ${round} scrittore ${i}` })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
      const winner = answers.find((a) => a.status === 200)!;
      const now = await read(BANK);
      expect(now.body.nomeBcc).toBe(winner.body.nomeBcc);
      expect(now.etag).toBe(winner.headers.etag);
    }
  });

  it('a missing row is 404 whatever the version', async () => {
    const res = await app.request.put(`${API}/banche/79999`).set('If-Match', '"x"').send({ codAbi: '79999', nomeBcc: 'x', group: { description: 'x' } });
    expect(res.status).toBe(404);
  });
});

describe('If-Match on delete and child replace', () => {
  it('delete: 428 without, 412 when stale, 204 with the current ETag', async () => {
    const url = `${API}/banche/71001`;
    const { body, etag } = await read(url);
    expect((await app.request.delete(url)).body).toEqual(REQUIRED);
    const changed = await app.request.put(url).set('If-Match', etag).send({ ...body, nomeBcc: 'Cambiata prima di eliminarla' });
    expect(changed.status).toBe(200);
    const stale = await app.request.delete(url).set('If-Match', etag);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(CONFLICT);
    expect((await app.request.delete(url).set('If-Match', changed.headers.etag)).status).toBe(204);
    expect((await app.request.get(url)).status).toBe(404);
  });

  it("child list and child replace carry the parent's version", async () => {
    const children = `${API}/banche/30480/modelliPos`;
    const list = await app.request.get(children);
    expect(list.status).toBe(200);
    expect(list.headers.etag).toBe((await read(BANK)).etag);
    expect((await app.request.put(children).send([])).status).toBe(428);
    const replaced = await app.request.put(children).set('If-Match', list.headers.etag).send([]);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual([]);
    expect(replaced.headers.etag).toBe((await read(BANK)).etag);
    const stale = await app.request.put(children).set('If-Match', list.headers.etag).send([]);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(CONFLICT);
  });

  it('two deletes at once with the same ETag: one 204, the other 412 or 404', async () => {
    await app.request.post(`${API}/banche`).send({ codAbi: '71002', nomeBcc: 'Banca da eliminare', group: { description: 'G' } });
    const url = `${API}/banche/71002`;
    const { etag } = await read(url);
    const statuses = (await Promise.all([app.request.delete(url).set('If-Match', etag), app.request.delete(url).set('If-Match', etag)])).map((r) => r.status).sort();
    expect(statuses[0]).toBe(204);
    expect([404, 412]).toContain(statuses[1]);
  });
});
