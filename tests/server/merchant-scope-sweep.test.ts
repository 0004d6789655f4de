/**
 * Issue 18 proof: a merchant and its operator reach no other merchant's data, on EVERY list and read of an entity
 * with a merchant dimension (spec `scope.merchant`, read from generated/model.json and openapi.json, so a new
 * entity is swept without being named here): each list answers only rows of merchant 0001234 of bank 30480 (the
 * operator: of its store 1001 too), also when the query names another merchant; another merchant's row read by
 * its key is 404 (403 where the function is not held), never 200, and so is, for the operator, a row of its own
 * merchant on a store not assigned to it. tests/server/permission-matrix.test.ts checks
 * the bank dimension of every operation; this file the merchant one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPeriod } from '../../common/search-period.js';
import type { EntityModel } from '../../common/model.js';
import { ROOT_DIR } from '../../server/config.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

interface DocOp { 'x-entity'?: string; 'x-operation'?: string }
const DOC: { paths: Record<string, Record<string, DocOp | undefined>> } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'));
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
