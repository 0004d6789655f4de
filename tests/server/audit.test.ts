/**
 * The audit trail (issue 5 item 5): every create, update and delete through the API is recorded with who,
 * when, entity, key, before and after, in the change's own transaction; it is read per row with
 * GET audit?entity=&key= under AUDIT:VISUALIZZAZIONE plus the entity's own read permission and data scope.
 * Secrets never reach it: `audit: false` entities are not recorded, `secret: true` fields are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityModel } from '../../common/model.js';
import { auditKey, recordAudit, withoutSecrets } from '../../server/crud/audit.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
type Entry = { id: string; changedAt: string; username: string | null; entity: string; entityKey: string; operation: string; transition: string | null; before: string | null; after: string | null };

beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

const trail = async (entity: string, key: string, agent = app.request) => {
  const res = await agent.get(`${API}/audit`).query({ entity, key });
  expect(res.status).toBe(200);
  return res.body as { results: Entry[]; totalCount: number };
};
const parse = (text: string | null) => (text === null ? null : JSON.parse(text) as Record<string, unknown>);

describe('what is recorded', () => {
  const BANK = `${API}/banche/71101`;

  it('a create: who, when, entity, key, no before, the row (with its children) after', async () => {
    const started = Date.now();
    expect((await app.request.post(`${API}/banche`).send({ codAbi: '71101', nomeBcc: 'Banca storico', group: { description: 'Gruppo storico' } })).status).toBe(201);
    const { results, totalCount } = await trail('Banca', '71101');
    expect(totalCount).toBe(1);
    const [entry] = results;
    expect(entry).toMatchObject({ username: 'assistenza', entity: 'Banca', entityKey: '71101', operation: 'create', transition: null, before: null });
    expect(Date.parse(entry.changedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(parse(entry.after)).toMatchObject({ codAbi: '71101', nomeBcc: 'Banca storico', group: { groupName: '71101', description: 'Gruppo storico' } });
  });

  it('an update: before and after, newest first', async () => {
    const current = (await app.request.get(BANK)).body;
    const res = await app.request.put(BANK).set('If-Match', await etagOf(app.request, BANK)).send({ ...current, nomeBcc: 'Banca storico rinominata' });
    expect(res.status).toBe(200);
    const { results } = await trail('Banca', '71101');
    expect(results.map((e) => e.operation)).toEqual(['update', 'create']);
    expect(parse(results[0].before)).toMatchObject({ nomeBcc: 'Banca storico' });
    expect(parse(results[0].after)).toMatchObject({ nomeBcc: 'Banca storico rinominata' });
  });

  it('a refused change leaves no trace (412, 400): the entry is written in the same transaction', async () => {
    const current = (await app.request.get(BANK)).body;
    expect((await app.request.put(BANK).set('If-Match', '"vecchia"').send(current)).status).toBe(412);
    expect((await app.request.put(BANK).set('If-Match', await etagOf(app.request, BANK)).send({ ...current, tipoSepa: 'Z' })).status).toBe(400);
    expect((await trail('Banca', '71101')).totalCount).toBe(2);
  });

  it('a child replace is an update of the parent', async () => {
    const url = `${BANK}/modelliPos`;
    expect((await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send([{ codModpos: 'A37' }])).status).toBe(200);
    const [latest] = (await trail('Banca', '71101')).results;
    expect(latest.operation).toBe('update');
    expect(parse(latest.before)).toMatchObject({ modelliPos: [] });
    expect(parse(latest.after)).toMatchObject({ modelliPos: [{ codAbi: '71101', codModpos: 'A37' }] });
  });

  it('a delete: before, no after; the history stays readable', async () => {
    expect((await app.request.delete(BANK).set('If-Match', await etagOf(app.request, BANK))).status).toBe(204);
    const { results } = await trail('Banca', '71101');
    expect(results.map((e) => e.operation)).toEqual(['delete', 'update', 'update', 'create']);
    expect(results[0].after).toBeNull();
    expect(parse(results[0].before)).toMatchObject({ codAbi: '71101', nomeBcc: 'Banca storico rinominata' });
  });

  it('a composite key is written like the item path (codAbi/cab)', async () => {
    const url = `${API}/filiali/30480/01600`;
    const current = (await app.request.get(url)).body;
    expect((await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...current, nome: 'Filiale storico' })).status).toBe(200);
    const { results } = await trail('Filiale', '30480/01600');
    expect(results[0]).toMatchObject({ entity: 'Filiale', entityKey: '30480/01600', operation: 'update' });
    expect(auditKey({ key: ['a', 'b'] }, { a: 'x/y', b: 'z' })).toBe('x%2Fy/z');
  });

  it('recordAudit records a state transition for hand-written code, with its name', async () => {
    await app.db.transaction((trx) => recordAudit(trx, app.artifacts.model, {
      entity: 'Banca', key: { codAbi: '30480' }, operation: 'transition', transition: 'disattiva', username: 'assistenza',
      before: { codAbi: '30480', flgAttiva: true }, after: { codAbi: '30480', flgAttiva: false },
    }));
    const [latest] = (await trail('Banca', '30480')).results;
    expect(latest).toMatchObject({ operation: 'transition', transition: 'disattiva', username: 'assistenza' });
    expect(parse(latest.after)).toEqual({ codAbi: '30480', flgAttiva: false });
  });

  it('pages newest first', async () => {
    const url = `${API}/filiali/30480/01600`;
    for (const nome of ['Uno', 'Due', 'Tre']) {
      const current = (await app.request.get(url)).body;
      await app.request.put(url).set('If-Match', await etagOf(app.request, url)).send({ ...current, nome });
    }
    const res = await app.request.get(`${API}/audit`).query({ entity: 'Filiale', key: '30480/01600', page: 0, size: 2 });
    expect(res.body.totalCount).toBe(4);
    expect((res.body.results as Entry[]).map((e) => parse(e.after)!.nome)).toEqual(['Tre', 'Due']);
  });
});

describe('secrets', () => {
  it('`secret: true` fields are left out of before and after, in children too', () => {
    const child = { name: 'Figlio', fields: [{ name: 'id' }, { name: 'token', secret: true }], children: [] } as unknown as EntityModel;
    const parent = { name: 'Padre', fields: [{ name: 'id' }, { name: 'hash', secret: true }], children: [{ name: 'figli', entity: 'Figlio' }] } as unknown as EntityModel;
    expect(withoutSecrets({ entities: [parent, child] }, parent, { id: 1, hash: 'h', figli: [{ id: 2, token: 't' }] })).toEqual({ id: 1, figli: [{ id: 2 }] });
  });

  it('the spec marks password and token hashes secret and their entities not audited', () => {
    const byName = (n: string) => app.artifacts.model.entities.find((e) => e.name === n)!;
    expect(byName('Credenziale').audit).toBe(false);
    expect(byName('Credenziale').fields.find((f) => f.name === 'passwordHash')!.secret).toBe(true);
    expect(byName('Sessione').audit).toBe(false);
    expect(byName('Sessione').fields.find((f) => f.name === 'tokenHash')!.secret).toBe(true);
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
    const sede = await app.loginAs('sede.30480');
    const res = await sede.get(`${API}/audit`).query({ entity: 'Banca', key: '30480' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
  });

  it("with AUDIT, only rows of the caller's scope, and only of entities the caller may read", async () => {
    await app.db('ruolo_permesso').insert([
      { group_name: '11000', role_name: 'BANCA_SEDE', funzione: 'AUDIT', azione: 'VISUALIZZAZIONE' },
      { group_name: '11000', role_name: 'BANCA_FILIALE', funzione: 'AUDIT', azione: 'VISUALIZZAZIONE' },
    ]);
    const bank60855 = `${API}/banche/60855`;
    const current = (await app.request.get(bank60855)).body;
    expect((await app.request.put(bank60855).set('If-Match', await etagOf(app.request, bank60855)).send({ ...current, nomeBcc: `${current.nomeBcc} (storico)` })).status).toBe(200);
    const sede = await app.loginAs('sede.30480');
    expect((await trail('Banca', '30480', sede)).totalCount).toBeGreaterThan(0);
    // Another bank's row: its history is not shown, as the row itself is not.
    expect(await trail('Banca', '60855', sede)).toEqual({ results: [], totalCount: 0 });
    expect((await trail('Banca', '60855')).totalCount).toBe(1);
    // A branch user sees the history of their branch only.
    const filiale = await app.loginAs('filiale.30480');
    expect((await trail('Filiale', '30480/01600', filiale)).totalCount).toBe(4);
    // The entity's own read permission is needed too: no GES_CONFIG, no history of the configuration.
    const config = await sede.get(`${API}/audit`).query({ entity: 'Configurazione', key: 'TRANSATO_DOWNLOAD_ASINCRONO_TIME' });
    expect(config.status).toBe(403);
  });

  it('entity and key are required: 400 in Italian', async () => {
    const res = await app.request.get(`${API}/audit`).query({ entity: 'Banca' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'key', message: "Questo campo e' obbligatorio" }] });
  });
});
