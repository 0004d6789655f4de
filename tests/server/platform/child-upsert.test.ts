/**
 * A `many` child list saved with its parent is an upsert (issue 14 item 5): lines matched by the child's key,
 * the new inserted, the changed updated, the removed deleted, the untouched not written at all; one transaction
 * with the parent, whose version changes with any line. On the fixture (tests/fixtures/README.md): an order and
 * its lines (`Ordine.righe`, key codAbi + numero + riga).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Repository } from '../../../server/crud/repository.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());
afterEach(() => { vi.restoreAllMocks(); });

type Line = { riga: number; articolo: string; quantita: number; prezzoUnitario?: number | null };
const THREE_LINES: Line[] = [
  { riga: 1, articolo: 'ALFA01', quantita: 2, prezzoUnitario: 12.5 },
  { riga: 2, articolo: 'ALFA02', quantita: 1, prezzoUnitario: null },
  { riga: 3, articolo: 'ALFA01', quantita: 5, prezzoUnitario: 3 },
];

/** A new order of Banca Alfa with three lines; answers its item path. */
async function newOrder(numero: string): Promise<string> {
  const res = await app.request.post(`${API}/ordini`).send({
    codAbi: '10001', numero, cliente: 'Cliente righe', dataOrdine: '2026-03-02', consegna: { indirizzo: 'Via delle Righe 1' }, righe: THREE_LINES,
  });
  expect(res.status).toBe(201);
  return `${API}/ordini/10001/${numero}`;
}

/** The statements that wrote the lines' table while `work` ran: what was physically touched. */
async function linesWritten(work: () => Promise<void>): Promise<{ sql: string; bindings: unknown[] }[]> {
  const seen: { sql: string; bindings: unknown[] }[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => {
    if (/^\s*(insert|update|delete)\b/i.test(q.sql) && /riga_ordine/.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  app.db.on('query', listener);
  try {
    await work();
  } finally {
    app.db.off('query', listener);
  }
  return seen;
}

const verb = (sql: string) => sql.trim().split(/\s+/)[0].toLowerCase();
const trail = async (key: string) => (await app.request.get(`${API}/audit`).query({ entity: 'Ordine', key })).body.results;

describe('saving an order with its lines', () => {
  it('changes one line, adds one and removes one: one update, one insert, one delete, the untouched line not written', async () => {
    const url = await newOrder('720001');
    const before = await app.request.get(url);
    const lines: Line[] = [THREE_LINES[0], { ...THREE_LINES[1], quantita: 4 }, { riga: 4, articolo: 'ALFA02', quantita: 7, prezzoUnitario: 1.25 }];
    let res = before;
    const written = await linesWritten(async () => {
      res = await app.request.put(url).set('If-Match', before.headers.etag).send({ ...before.body, righe: lines });
    });
    expect(res.status).toBe(200);
    const article: Record<string, string> = { ALFA01: 'ALFA01 - Romanzo giallo', ALFA02: 'ALFA02 - Disco jazz' };
    expect(res.body.righe).toEqual(lines.map((l) => ({ codAbi: '10001', numero: '720001', ...l, _labels: { articolo: article[l.articolo] } })));
    expect(written.map((w) => verb(w.sql)).sort()).toEqual(['delete', 'insert', 'update']);
    // Three statements, about lines 3, 2 and 4 (a delete's and an update's last value is the line's number):
    // line 1 is neither deleted and inserted again nor rewritten with its own values.
    expect(written.find((w) => verb(w.sql) === 'delete')?.bindings.at(-1)).toBe(3);
    expect(written.find((w) => verb(w.sql) === 'update')?.bindings.at(-1)).toBe(2);
    expect(written.find((w) => verb(w.sql) === 'insert')?.bindings).toContain('ALFA02');
    expect(res.headers.etag).not.toBe(before.headers.etag);

    // The order's history has the change, lines included, as one update of the order.
    const [latest] = await trail('10001/720001');
    expect(latest.operation).toBe('update');
    expect(JSON.parse(latest.before).righe.map((l: Line) => [l.riga, l.quantita])).toEqual([[1, 2], [2, 1], [3, 5]]);
    expect(JSON.parse(latest.after).righe.map((l: Line) => [l.riga, l.quantita])).toEqual([[1, 2], [2, 4], [4, 7]]);
  });

  it('the same lines sent back write nothing to the lines, and the version stays', async () => {
    const url = await newOrder('720002');
    const before = await app.request.get(url);
    let res = before;
    const written = await linesWritten(async () => {
      res = await app.request.put(`${url}/righe`).set('If-Match', before.headers.etag).send(before.body.righe);
    });
    expect(res.status).toBe(200);
    expect(written).toEqual([]);
    expect(res.headers.etag).toBe(before.headers.etag);
  });

  it('PUT <order>/righe is the same upsert; a line left out of an item is emptied, as the list replaces the stored one', async () => {
    const url = await newOrder('720003');
    const res = await app.request.put(`${url}/righe`).set('If-Match', await etagOf(app.request, url))
      .send([{ riga: 1, articolo: 'ALFA01', quantita: 2 }, { riga: 3, articolo: 'ALFA01', quantita: 5, prezzoUnitario: 3 }]);
    expect(res.status).toBe(200);
    expect(res.body.map((l: Line) => [l.riga, l.prezzoUnitario])).toEqual([[1, null], [3, 3]]);
  });

  it('two items with the same key: 409 naming the second, nothing written', async () => {
    const url = await newOrder('720004');
    const etag = await etagOf(app.request, url);
    const res = await app.request.put(`${url}/righe`).set('If-Match', etag).send([THREE_LINES[0], { ...THREE_LINES[1], riga: 1 }]);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'DUPLICATE_KEY', errorMessage: 'Elemento già presente', details: [{ field: '1.riga', message: 'Elemento già presente' }] });
    expect(await etagOf(app.request, url)).toBe(etag);
  });
});

describe('a failing line rolls back everything', () => {
  it('a line naming a missing article: 400 on that line, the order and its lines as they were', async () => {
    const url = await newOrder('720005');
    const before = await app.request.get(url);
    const res = await app.request.put(url).set('If-Match', before.headers.etag)
      .send({ ...before.body, cliente: 'Non salvato', righe: [THREE_LINES[0], { ...THREE_LINES[1], quantita: 9 }, { riga: 5, articolo: 'ZZZZ99', quantita: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'righe.2.articolo', message: 'Articolo inesistente' }]);
    const after = await app.request.get(url);
    expect(after.body).toEqual(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('the database failing on the last write, after a delete and an update ran: nothing of the save stays', async () => {
    const url = await newOrder('720006');
    const before = await app.request.get(url);
    const entries = (await trail('10001/720006')).length;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the real method, called below with its own `this`
    const realInsert = Repository.prototype.insert;
    vi.spyOn(Repository.prototype, 'insert').mockImplementation(function (this: Repository, db, data) {
      if (this.entity.name === 'RigaOrdine') return Promise.reject(new Error('disk I/O error'));
      return realInsert.call(this, db, data);
    });
    const res = await app.request.put(url).set('If-Match', before.headers.etag)
      .send({ ...before.body, cliente: 'Non salvato', righe: [{ ...THREE_LINES[0], quantita: 8 }, { riga: 6, articolo: 'ALFA02', quantita: 1 }] });
    expect(res.status).toBe(500);
    vi.restoreAllMocks();
    const after = await app.request.get(url);
    expect(after.body).toEqual(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(await trail('10001/720006')).toHaveLength(entries);
  });
});

describe('how many items a list holds (minItems, maxItems)', () => {
  const owner = (n: number) => ({ numeroTitolare: n, cognome: `Cognome ${n}`, nome: 'Nome' });
  const invalid = (field: string, message: string) => ({ code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field, message }] });

  it("a supplier without beneficial owners, or with more than four: 400 on the list with the child's own message", async () => {
    const supplier = { codice: 'T1', ragioneSociale: 'Titolari srl' };
    expect((await app.request.post(`${API}/fornitori`).send(supplier)).body).toEqual(invalid('titolari', 'Indicare almeno un titolare effettivo'));
    expect((await app.request.post(`${API}/fornitori`).send({ ...supplier, titolari: [] })).body).toEqual(invalid('titolari', 'Indicare almeno un titolare effettivo'));
    const five = [1, 2, 3, 4, 4].map(owner);
    expect((await app.request.post(`${API}/fornitori`).send({ ...supplier, titolari: five })).body).toEqual(invalid('titolari', 'Al massimo 4 titolari effettivi'));
    expect((await app.request.get(`${API}/fornitori/T1`)).status).toBe(404);
    const created = await app.request.post(`${API}/fornitori`).send({ ...supplier, titolari: [owner(1), owner(2)] });
    expect(created.status).toBe(201);
    expect(created.body.titolari.map((t: { numeroTitolare: number }) => t.numeroTitolare)).toEqual([1, 2]);
  });

  it('PUT <supplier>/titolari with no owner: 400 on the body; an update that leaves the list out keeps it', async () => {
    const url = `${API}/fornitori/T1`;
    const etag = await etagOf(app.request, url);
    expect((await app.request.put(`${url}/titolari`).set('If-Match', etag).send([])).body).toEqual(invalid('body', 'Indicare almeno un titolare effettivo'));
    const updated = await app.request.put(url).set('If-Match', etag).send({ codice: 'T1', ragioneSociale: 'Titolari spa' });
    expect(updated.status).toBe(200);
    expect(updated.body.titolari).toHaveLength(2);
  });

  it('items left empty (dropEmpty: [cognome, nome]) are dropped before the check: neither refused nor saved', async () => {
    const supplier = { codice: 'T2', ragioneSociale: 'Slot vuoti srl' };
    const blank = [{ numeroTitolare: 2, cognome: '', nome: '  ' }, { numeroTitolare: 3 }, { cognome: null, nome: null }];
    const created = await app.request.post(`${API}/fornitori`).send({ ...supplier, titolari: [owner(1), ...blank] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.titolari.map((t: { numeroTitolare: number }) => t.numeroTitolare)).toEqual([1]);
    // Only empty slots: as no owner at all; five items of which one empty are four (maxItems counts what is left).
    const url = `${API}/fornitori/T2`;
    const etag = await etagOf(app.request, url);
    expect((await app.request.put(`${url}/titolari`).set('If-Match', etag).send(blank)).body).toEqual(invalid('body', 'Indicare almeno un titolare effettivo'));
    const four = await app.request.put(`${url}/titolari`).set('If-Match', etag).send([...[1, 2, 3, 4].map(owner), { cognome: '' }]);
    expect(four.status, JSON.stringify(four.body)).toBe(200);
    expect(four.body.map((t: { numeroTitolare: number }) => t.numeroTitolare)).toEqual([1, 2, 3, 4]);
    // A half-filled item is no empty slot: refused on its own field.
    const half = await app.request.put(`${url}/titolari`).set('If-Match', await etagOf(app.request, url)).send([owner(1), { numeroTitolare: 2, cognome: 'Rossi' }]);
    expect(half.status).toBe(400);
    expect(half.body.details).toContainEqual({ field: '1.nome', message: expect.any(String) });
  });

  it("without a message of its own the list says the platform's, with the number (an order's 99 lines)", async () => {
    const url = await newOrder('720007');
    const lines = Array.from({ length: 100 }, (_, i) => ({ riga: (i % 99) + 1, articolo: 'ALFA01', quantita: 1 }));
    const res = await app.request.put(`${url}/righe`).set('If-Match', await etagOf(app.request, url)).send(lines);
    expect(res.body).toEqual(invalid('body', 'Numero massimo di elementi: 99'));
  });
});
