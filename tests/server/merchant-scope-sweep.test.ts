/**
 * Issue 18 proof: a merchant and its operator reach no other merchant's data, on EVERY list and read of an entity
 * with a merchant dimension (spec `scope.merchant`, read from generated/model.json and openapi.json, so a new
 * entity is swept without being named here): each list answers only rows of merchant 0001234 of bank 30480 (the
 * operator: of its store 1001 too), also when the query names another merchant; another merchant's row read by
 * its key is 404 (403 where the function is not held), never 200, and so is, for the operator, a row of its own
 * merchant on a store not assigned to it. Every write of those entities (create, update, delete, transition, child
 * replace, from openapi.json's x-operation) is tried on such a row with a body its input accepts and the row's
 * version: 404 (403 where the function is not held), a create naming another merchant or store 403, and the
 * entity's table unchanged (read from the database). Taking the write check out of server/crud/data-scope.ts
 * rowInScope makes it fail (a foreign contract confirmed, a pay-by-mail request created for merchant 0005678).
 * Every business report with a store filter, asked for another merchant's store, answers as for a store that does not
 * exist. tests/server/permission-matrix.test.ts checks the bank dimension of every operation; this file the merchant one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPeriod } from '../../common/search-period.js';
import type { EntityModel } from '../../common/model.js';
import { ROOT_DIR } from '../../server/config.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

interface Schema { $ref?: string; type?: string | string[]; format?: string; required?: string[]; properties?: Record<string, Schema>; enum?: unknown[]; minimum?: number }
interface DocOp { 'x-entity'?: string; 'x-operation'?: string; requestBody?: { content?: Record<string, { schema?: Schema } | undefined> } }
const DOC: { paths: Record<string, Record<string, DocOp | undefined>>; components: { schemas: Record<string, Schema> } } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'));
const MERCHANT = '0001234';
const OTHER_MERCHANT = '0002345';
const BANK = '30480';
const OPERATOR_STORE = '1001';
/** A list that needs one filter (api.requireOneFilter) is asked with the bank's, as its page does. */
const NEEDED: Partial<Record<string, string>> = { Esercente: `codAbi=${BANK}` };

let app: TestApp;
const as: Record<string, TestApp['request']> = {};
type Row = Record<string, unknown>;

beforeAll(async () => {
  app = await createTestApp();
  as.assistenza = app.request;
  for (const user of [`merchant.${MERCHANT}`, `operatore.${MERCHANT}`]) as[user] = await app.loginAs(user, 'merchant');
});
afterAll(() => app.close());

function pathOf(entity: string, operation: 'list' | 'get'): string | undefined {
  return Object.entries(DOC.paths).find(([, ops]) => Object.values(ops).some((o) => o?.['x-entity'] === entity && o['x-operation'] === operation))?.[0];
}

/** The query the list's page opens with: its period, or the filter it needs. */
function openingQuery(e: EntityModel): string {
  const today = new Date().toISOString().slice(0, 10);
  const period = e.api.period && defaultPeriod(e.api.period, today);
  const parts = [`size=${e.api.maxPageSize}`];
  if (e.api.period && period) parts.push(`${e.api.period.from}=${period.from}`, `${e.api.period.to}=${period.to}`);
  const needed = NEEDED[e.name];
  if (needed) parts.push(needed);
  return parts.join('&');
}

const swept = () => app.artifacts.model.entities.filter((e) => e.scope.merchant && pathOf(e.name, 'list'));

describe('every list and read of an entity with a merchant dimension', () => {
  it('sweeps the business portal\'s documents, movements, profile and pay-by-mail among others', () => {
    const names = swept().map((e) => e.name);
    for (const name of ['MovimentoEsercente', 'FatturaEsercente', 'LetteraAddebito', 'ContrattoAcquiring', 'ProfiloNegozio', 'PagamentoMail', 'MessaggioMail']) expect(names).toContain(name);
  });

  for (const user of [`merchant.${MERCHANT}`, `operatore.${MERCHANT}`]) {
    it(`${user}: only its own rows, whatever the query names; another merchant's row by key is never answered`, async () => {
      const seen: string[] = [];
      const refused: string[] = [];
      for (const e of swept()) {
        const merchantField = e.scope.merchant ?? '';
        const listPath = `${API}${pathOf(e.name, 'list') ?? ''}`;
        const query = openingQuery(e);
        const own = await as[user].get(`${listPath}?${query}`);
        expect([200, 403], `${user} ${e.name} ${JSON.stringify(own.body).slice(0, 200)}`).toContain(own.status);
        if (own.status === 403) continue;
        seen.push(e.name);
        const mine = (rows: Row[], what: string) => {
          for (const row of rows) {
            expect(String(row[merchantField]), `${user} ${e.name} ${what}`).toBe(MERCHANT);
            if (e.scope.bank && row[e.scope.bank] !== undefined) expect(String(row[e.scope.bank]), `${user} ${e.name} ${what}`).toBe(BANK);
            if (user.startsWith('operatore') && e.scope.store && row[e.scope.store] !== undefined) expect(String(row[e.scope.store]), `${user} ${e.name} ${what}`).toBe(OPERATOR_STORE);
          }
        };
        mine(own.body.results, 'list');
        // Naming another merchant (or store) finds nothing of it: an empty page, or a parameter the list refuses.
        const naming = [`${merchantField}=${OTHER_MERCHANT}`, ...(e.scope.store ? [`${e.scope.store}=2001`] : [])];
        for (const filter of naming) {
          const named = await as[user].get(`${listPath}?${query}&${filter}`);
          expect([200, 400], `${user} ${e.name} ?${filter}`).toContain(named.status);
          if (named.status === 200) mine(named.body.results, `?${filter}`);
        }
        // Another merchant's row, as assistance finds it, read by its key.
        const itemPath = pathOf(e.name, 'get');
        if (!itemPath) continue;
        const all = await app.request.get(`${listPath}?${query}`);
        expect(all.status, `assistenza ${e.name}`).toBe(200);
        const rows: Row[] = all.body.results;
        const foreign = rows.find((r) => String(r[merchantField]) !== MERCHANT && (!e.scope.bank || String(r[e.scope.bank]) === BANK))
          ?? rows.find((r) => String(r[merchantField]) !== MERCHANT);
        // The operator: also a row of its own merchant on a store not assigned to it.
        const storeField = e.scope.store;
        const otherStore = user.startsWith('operatore') && storeField
          ? rows.find((r) => String(r[merchantField]) === MERCHANT && typeof r[storeField] === 'string' && r[storeField] !== OPERATOR_STORE)
          : undefined;
        for (const row of [foreign, otherStore]) {
          if (!row) continue;
          const url = `${API}${itemPath.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(row[name])))}`;
          const read = await as[user].get(url);
          expect([403, 404], `${user} ${e.name} ${url}`).toContain(read.status);
          refused.push(`${e.name} ${row === foreign ? 'merchant' : 'store'}`);
        }
      }
      expect(seen).toContain('MovimentoEsercente');
      // The sweep did read foreign rows by key: another merchant's movement, and for the operator another store's.
      expect(refused).toContain('MovimentoEsercente merchant');
      if (user.startsWith('operatore')) expect(refused).toContain('MovimentoEsercente store');
    });
  }
});

/** The write operations of the API, per entity: [method, path template, operation]. */
const WRITES = ['create', 'update', 'delete', 'transition', 'childReplace'];
function writesOf(entity: string): Array<{ method: string; path: string; operation: string; schema?: Schema }> {
  return Object.entries(DOC.paths).flatMap(([path, ops]) => Object.entries(ops).flatMap(([method, o]) => {
    if (o?.['x-entity'] !== entity || !WRITES.includes(o['x-operation'] ?? '')) return [];
    const schema = o.requestBody?.content?.['application/json']?.schema;
    return [{ method, path, operation: o['x-operation'] ?? '', ...(schema ? { schema } : {}) }];
  }));
}

const resolve = (schema: Schema): Schema => schema.$ref ? DOC.components.schemas[schema.$ref.split('/').at(-1) ?? ''] ?? {} : schema;

/**
 * A body the operation's input accepts, so that what answers is the row's scope and not the input's check: the
 * row's own values where the input has them, the caller's password where one is asked, else a plain value.
 */
function bodyFor(schema: Schema | undefined, row: Row): object {
  if (!schema) return {};
  const s = resolve(schema);
  if (s.type === 'array') return [];
  const body: Row = {};
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const p = resolve(prop);
    if (row[name] !== undefined && row[name] !== null) body[name] = row[name];
    else if (/password/i.test(name)) body[name] = 'Demo-WebPos-2026';
    else if (s.required?.includes(name)) {
      const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
      body[name] = p.enum?.[0] ?? (type === 'number' || type === 'integer' ? Math.max(1, p.minimum ?? 1) : type === 'boolean' ? true : 'x');
    }
  }
  return body;
}

/** The whole table, to say that nothing was written. */
async function snapshot(table: string): Promise<string> {
  const rows: Row[] = await app.db(table).select();
  return rows.map((r) => JSON.stringify(r)).sort().join('\n');
}

describe('every write and transition of an entity with a merchant dimension', () => {
  for (const user of [`merchant.${MERCHANT}`, `operatore.${MERCHANT}`]) {
    it(`${user}: another merchant's row (the operator: another store's) by key is 404 or 403, a create naming it 403, and nothing is written`, async () => {
      const refused: string[] = [];
      for (const e of swept()) {
        const writes = writesOf(e.name);
        if (writes.length === 0) continue;
        const merchantField = e.scope.merchant ?? '';
        const storeField = e.scope.store;
        const listPath = `${API}${pathOf(e.name, 'list') ?? ''}`;
        const all = await app.request.get(`${listPath}?${openingQuery(e)}`);
        expect(all.status, `assistenza ${e.name}`).toBe(200);
        const rows: Row[] = all.body.results;
        const foreign = rows.find((r) => String(r[merchantField]) !== MERCHANT && (!e.scope.bank || String(r[e.scope.bank]) === BANK))
          ?? rows.find((r) => String(r[merchantField]) !== MERCHANT);
        const otherStore = user.startsWith('operatore') && storeField
          ? rows.find((r) => String(r[merchantField]) === MERCHANT && typeof r[storeField] === 'string' && r[storeField] !== OPERATOR_STORE)
          : undefined;
        for (const [which, row] of [['merchant', foreign], ['store', otherStore]] as const) {
          if (!row) continue;
          // The row as assistance reads it: the body of an update, and of a create that names it.
          const itemPath = pathOf(e.name, 'get');
          const read = itemPath ? await app.request.get(`${API}${itemPath.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(row[name])))}`) : undefined;
          const full: Row = read?.body ?? row;
          // Its current version, as an update must name it (If-Match): what answers is then the scope alone.
          const version = typeof read?.headers.etag === 'string' ? read.headers.etag : undefined;
          for (const { method, path, operation, schema } of writes) {
            const url = `${API}${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(row[name])))}`;
            const what = `${user} ${method.toUpperCase()} ${url} (${e.name} ${operation}, ${which})`;
            const before = await snapshot(e.table);
            const body = bodyFor(schema, full);
            const agent = as[user];
            const call = method === 'put' ? agent.put(url) : method === 'patch' ? agent.patch(url) : method === 'delete' ? agent.delete(url) : agent.post(url);
            const res = await call.set('X-Requested-With', 'XMLHttpRequest').set('If-Match', version ?? '*').send(body);
            expect(operation === 'create' ? [403] : [403, 404], `${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.status);
            expect(await snapshot(e.table), `${what}: nothing written`).toBe(before);
            refused.push(`${e.name} ${operation} ${which} ${res.status}`);
          }
        }
      }
      // The business portal's own writes were among those tried, and answered as a row that is not there: the
      // merchant's refund, and the pay-by-mail request the operator (MERCHANT_OP_PWM) may change on its store only.
      if (user.startsWith('merchant')) expect(refused).toContain('MovimentoEsercente transition merchant 404');
      else for (const which of ['merchant', 'store']) expect(refused).toContain(`PagamentoMail update ${which} 404`);
    });
  }
});

/**
 * Every business report a merchant opens (`/report/wpbusiness/...`, from the manifest) with a store filter: naming
 * another merchant's store answers exactly as naming a store that does not exist, so no figure of another merchant
 * is summed and the answer does not tell whether the store exists; naming its own store answers its own figures.
 */
describe("every business report, filtered by another merchant's store", () => {
  it(`merchant.${MERCHANT}: the same answer as for a store that does not exist, and its own store's figures`, async () => {
    const manifest: { reports: Record<string, { path: string; filters?: { param: string }[]; period?: { from: string; to: string; defaultMonths: number } }> } =
      JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'manifest.json'), 'utf8'));
    // A store of another merchant of the same bank, read as assistance from the entity whose rows the filter names.
    const stores = app.artifacts.model.entities.find((e) => e.name === 'Negozio');
    const column = (field: string) => stores?.fields.find((f) => f.name === field)?.column ?? field;
    const other: Row | undefined = stores && await app.db(stores.table).where(column('abi'), BANK).whereNot(column('codEser'), MERCHANT).first({ pdvid: column('pdvid') });
    const foreignStore = other?.pdvid;
    expect(foreignStore, 'a store of another merchant of the bank').toBeDefined();
    const today = new Date().toISOString().slice(0, 10);
    const probed: string[] = [];
    for (const [name, report] of Object.entries(manifest.reports).filter(([, r]) => r.path.startsWith('wpbusiness/'))) {
      if (!report.filters?.some((f) => f.param === 'codStab')) continue;
      const period = report.period ? defaultPeriod(report.period, today) : undefined;
      const base = report.period && period ? `${report.period.from}=${period.from}&${report.period.to}=${period.to}&` : '';
      const ask = (store: string) => as[`merchant.${MERCHANT}`].get(`${API}/report/${report.path}?${base}codStab=${store}`);
      const [foreign, missing, own] = await Promise.all([ask(String(foreignStore)), ask('9999999'), ask(OPERATOR_STORE)]);
      expect(foreign.status, `${name} foreign store: ${JSON.stringify(foreign.body).slice(0, 200)}`).toBe(missing.status);
      expect(foreign.body, `${name}: another merchant's store answers as a missing one`).toEqual(missing.body);
      // A report asked for more than a period and a store (a comparison's two periods) refuses all three alike.
      if (own.status === 400) continue;
      expect(own.status, `${name} own store: ${JSON.stringify(own.body).slice(0, 200)}`).toBe(200);
      // Its own store has figures in the period where the demo has some (not every report: no Ventis City movement).
      if (JSON.stringify(own.body) !== JSON.stringify(missing.body)) probed.push(name);
    }
    // The probe reads real figures: a store filter that found nothing everywhere would prove nothing.
    expect(probed.length, `reports with the own store's figures: ${probed.join(', ')}`).toBeGreaterThanOrEqual(3);
  });
});
