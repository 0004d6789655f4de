/**
 * The audit trail (issue 5 item 5): every create, update and delete through the API is recorded with who,
 * when, entity, key, before and after, in the change's own transaction; it is read per row with
 * GET audit?entity=&key= under AUDIT:VISUALIZZAZIONE plus the entity's own read permission and data scope.
 * Secrets never reach it: `audit: false` entities are not recorded, `secret: true` fields are left out.
 * On the fixture (tests/fixtures/README.md): orders (a composite key, children, bank and branch scope).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel } from '../../../common/model.js';
import { auditKey, recordAudit, withoutSecrets } from '../../../server/crud/audit.js';
import { named, present } from '../../../server/lookup.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
type Entry = { id: string; changedAt: string; username: string | null; entity: string; entityKey: string; operation: string; transition: string | null; before: string | null; after: string | null };

beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

const trail = async (entity: string, key: string, agent = app.request): Promise<{ results: Entry[]; totalCount: number }> => {
  const res = await agent.get(`${API}/audit`).query({ entity, key });
  expect(res.status).toBe(200);
  return res.body;
};
const parse = (text: string | null): Record<string, unknown> | null => (text === null ? null : JSON.parse(text));

describe('what is recorded', () => {
  const ORDER = `${API}/ordini/10001/711101`;

  it('a create: who, when, entity, key, no before, the row (with its children) after', async () => {
    const started = Date.now();
    expect((await app.request.post(`${API}/ordini`).send({ codAbi: '10001', numero: '711101', cliente: 'Cliente storico', dataOrdine: '2026-03-01', consegna: { indirizzo: 'Via dello Storico 1' } })).status).toBe(201);
    const { results, totalCount } = await trail('Ordine', '10001/711101');
    expect(totalCount).toBe(1);
    const [entry] = results;
    expect(entry).toMatchObject({ username: 'assistenza', entity: 'Ordine', entityKey: '10001/711101', operation: 'create', transition: null, before: null });
    expect(Date.parse(entry.changedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(parse(entry.after)).toMatchObject({ numero: '711101', cliente: 'Cliente storico', consegna: { codAbi: '10001', numero: '711101', indirizzo: 'Via dello Storico 1' } });
  });

  it('an update: before and after, newest first', async () => {
    const current = (await app.request.get(ORDER)).body;
    const res = await app.request.put(ORDER).set('If-Match', await etagOf(app.request, ORDER)).send({ ...current, cliente: 'Cliente storico rinominato' });
    expect(res.status).toBe(200);
    const { results } = await trail('Ordine', '10001/711101');
    expect(results.map((e) => e.operation)).toEqual(['update', 'create']);
    expect(parse(results[0].before)).toMatchObject({ cliente: 'Cliente storico' });
    expect(parse(results[0].after)).toMatchObject({ cliente: 'Cliente storico rinominato' });
  });

  it('a refused change leaves no trace (412, 400): the entry is written in the same transaction', async () => {
    const current = (await app.request.get(ORDER)).body;
    expect((await app.request.put(ORDER).set('If-Match', '"vecchia"').send(current)).status).toBe(412);
    expect((await app.request.put(ORDER).set('If-Match', await etagOf(app.request, ORDER)).send({ ...current, canale: 'Z' })).status).toBe(400);
    expect((await trail('Ordine', '10001/711101')).totalCount).toBe(2);
  });

  it('a child replace is an update of the parent', async () => {
    const url = `${ORDER}/righe`;
    expect((await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send([{ riga: 1, articolo: 'ALFA01', quantita: 3 }])).status).toBe(200);
    const [latest] = (await trail('Ordine', '10001/711101')).results;
    expect(latest.operation).toBe('update');
    expect(parse(latest.before)).toMatchObject({ righe: [] });
    expect(parse(latest.after)).toMatchObject({ righe: [{ codAbi: '10001', numero: '711101', riga: 1, articolo: 'ALFA01', quantita: 3 }] });
  });

  it('a delete: before, no after; the history stays readable', async () => {
    expect((await app.request.delete(ORDER).set('If-Match', await etagOf(app.request, ORDER))).status).toBe(204);
    const { results } = await trail('Ordine', '10001/711101');
    expect(results.map((e) => e.operation)).toEqual(['delete', 'update', 'update', 'create']);
    expect(results[0].after).toBeNull();
    expect(parse(results[0].before)).toMatchObject({ numero: '711101', cliente: 'Cliente storico rinominato' });
  });

  it('a composite key is written like the item path (codAbi/numero)', async () => {
    const url = `${API}/ordini/10001/000001`;
    const current = (await app.request.get(url)).body;
    expect((await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...current, cliente: 'Cliente storico' })).status).toBe(200);
    const { results } = await trail('Ordine', '10001/000001');
    expect(results[0]).toMatchObject({ entity: 'Ordine', entityKey: '10001/000001', operation: 'update' });
    expect(auditKey({ key: ['a', 'b'] }, { a: 'x/y', b: 'z' })).toBe('x%2Fy/z');
  });

  it('recordAudit records a state transition for hand-written code, with its name', async () => {
    await app.db.transaction((trx) => recordAudit(trx, app.artifacts.model, {
      entity: 'Categoria', key: { codice: 'LIB' }, operation: 'transition', transition: 'disattiva', username: 'assistenza',
      before: { codice: 'LIB', attiva: true }, after: { codice: 'LIB', attiva: false },
    }));
    const [latest] = (await trail('Categoria', 'LIB')).results;
    expect(latest).toMatchObject({ operation: 'transition', transition: 'disattiva', username: 'assistenza' });
    expect(parse(latest.after)).toEqual({ codice: 'LIB', attiva: false });
  });

  it('pages newest first', async () => {
    const url = `${API}/ordini/10001/000001`;
    for (const cliente of ['Uno', 'Due', 'Tre']) {
      const current = (await app.request.get(url)).body;
      await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...current, cliente });
    }
    const res = await app.request.get(`${API}/audit`).query({ entity: 'Ordine', key: '10001/000001', page: 0, size: 2 });
    expect(res.body.totalCount).toBe(4);
    expect(res.body.results.map((e: Entry) => parse(e.after)?.cliente)).toEqual(['Tre', 'Due']);
  });
});

describe('secrets', () => {
  it('`secret: true` fields are left out of before and after, in children too', () => {
    // Two made-up entities, shaped like the fixture's order: only their names, secret fields and child link count here.
    const order = named(app.artifacts.model.entities, 'Ordine', 'fixture entities');
    const field = (name: string, secret?: true) => ({ ...order.fields[0], name, secret });
    const child: EntityModel = { ...order, name: 'Figlio', fields: [field('id'), field('token', true)], children: [] };
    const parent: EntityModel = { ...order, name: 'Padre', fields: [field('id'), field('hash', true)], children: [{ ...order.children[0], name: 'figli', entity: 'Figlio' }] };
    expect(withoutSecrets({ entities: [parent, child] }, parent, { id: 1, hash: 'h', figli: [{ id: 2, token: 't' }] })).toEqual({ id: 1, figli: [{ id: 2 }] });
  });

  it('a secret field changed through the API is not in the entry', async () => {
    const url = `${API}/articoli/ALFA02`;
    const { giacenza: _serverSet, ...current } = (await app.request.get(url)).body;
    expect(current.codiceSblocco).toBe('segreto-alfa');
    expect((await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...current, codiceSblocco: 'nuovo-segreto', nome: 'Disco jazz rimasterizzato' })).status).toBe(200);
    const [latest] = (await trail('Articolo', 'ALFA02')).results;
    expect(parse(latest.after)).toMatchObject({ nome: 'Disco jazz rimasterizzato' });
    expect(latest.before).not.toContain('segreto');
    expect(latest.after).not.toContain('segreto');
    expect(Object.keys(present(parse(latest.after), 'the entry after the change'))).not.toContain('codiceSblocco');
  });

  it('the spec marks password and token hashes secret and their entities not audited', () => {
    const byName = (n: string) => named(app.artifacts.model.entities, n, 'entities');
    expect(byName('Credenziale').audit).toBe(false);
    expect(named(byName('Credenziale').fields, 'passwordHash', 'Credenziale fields').secret).toBe(true);
    expect(byName('Sessione').audit).toBe(false);
    expect(named(byName('Sessione').fields, 'tokenHash', 'Sessione fields').secret).toBe(true);
  });

  it('recordAudit ignores an entity declared audit: false', async () => {
    await app.db.transaction((trx) => recordAudit(trx, app.artifacts.model, {
      entity: 'Credenziale', key: { username: 'assistenza' }, operation: 'update', username: 'assistenza', before: { passwordHash: 'x' }, after: { passwordHash: 'y' },
    }));
    expect(await app.db('storico_modifica').where({ entity: 'Credenziale' }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('an entity that is not audited has no history to read: 404', async () => {
    const res = await app.request.get(`${API}/audit`).query({ entity: 'Sessione', key: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    expect((await app.request.get(`${API}/audit`).query({ entity: 'Inesistente', key: 'x' })).status).toBe(404);
  });
});

describe('who may read it', () => {
  it('needs AUDIT:VISUALIZZAZIONE: 403 in Italian without it', async () => {
    const sede = await app.loginAs('sede.10001');
    const res = await sede.get(`${API}/audit`).query({ entity: 'Ordine', key: '10001/000001' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
  });

  it("with AUDIT, only rows of the caller's scope, and only of entities the caller may read", async () => {
    await app.db('ruolo_permesso').insert([
      { group_name: '11000', role_name: 'BANCA_SEDE', funzione: 'AUDIT', azione: 'VISUALIZZAZIONE' },
      { group_name: '11000', role_name: 'BANCA_FILIALE', funzione: 'AUDIT', azione: 'VISUALIZZAZIONE' },
    ]);
    const otherBank = `${API}/ordini/20002/000003`;
    const current = (await app.request.get(otherBank)).body;
    expect((await app.request.put(otherBank).set('If-Match', await etagOf(app.request, otherBank)).send({ ...current, cliente: `${current.cliente} (storico)` })).status).toBe(200);
    const sede = await app.loginAs('sede.10001');
    expect((await trail('Ordine', '10001/000001', sede)).totalCount).toBeGreaterThan(0);
    // Another bank's row: its history is not shown, as the row itself is not.
    expect(await trail('Ordine', '20002/000003', sede)).toEqual({ results: [], totalCount: 0 });
    expect((await trail('Ordine', '20002/000003')).totalCount).toBe(1);
    // A branch user sees the history of their branch only.
    const filiale = await app.loginAs('filiale.10001');
    expect((await trail('Ordine', '10001/000001', filiale)).totalCount).toBe(4);
    // The entity's own read permission is needed too: no GES_CONFIG, no history of the configuration.
    const config = await sede.get(`${API}/audit`).query({ entity: 'Configurazione', key: 'CATALOGO_INDICATORI_MINUTI' });
    expect(config.status).toBe(403);
  });

  it("a branch user does not see the history of another branch's row", async () => {
    const url = `${API}/ordini/10001/000002`;
    const current = (await app.request.get(url)).body;
    expect((await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...current, cliente: 'Altra filiale' })).status).toBe(200);
    expect((await trail('Ordine', '10001/000002')).totalCount).toBe(1);
    const filiale = await app.loginAs('filiale.10001');
    expect(await trail('Ordine', '10001/000002', filiale)).toEqual({ results: [], totalCount: 0 });
  });

  it('entity and key are required: 400 in Italian', async () => {
    const res = await app.request.get(`${API}/audit`).query({ entity: 'Ordine' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'key', message: "Questo campo e' obbligatorio" }] });
  });
});
