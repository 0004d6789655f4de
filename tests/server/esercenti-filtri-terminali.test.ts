/**
 * Seed 001 §2, §5, §7 Merchant find: a merchant is found by one of its terminals' id (posId), MID or contract
 * number (numContratto), filters over the Terminale rows (Esercente's existsFilters), each enough for the search's
 * one-field rule, read in the caller's scope on terminals and by the terminal table's indexes. Demo data: terminals
 * 30480001 and 30480002 of merchant 0001234 (contract 30480000012345, MID 6500123401), 30480101 of 0002345 (branch
 * 01601; MID 6500234501), 34256001 of 0003456 (bank 34256; contract 34256000034567).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../server/db/dialect.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let as: Record<string, TestApp['request']>;
const codes = async (user: string, query: string) => {
  const res = await as[user].get(`${API}/esercenti?${query}`);
  expect(res.status, `${user} ${query}`).toBe(200);
  return res.body.results.map((r: { codEser: string }) => r.codEser);
};

beforeAll(async () => {
  app = await createTestApp();
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'filiale.30480']) as[user] = await app.loginAs(user);
});
afterAll(() => app.close());

describe("merchant search by its terminals' data (seed 001 §7)", () => {
  it('finds the merchant by a terminal id, a MID or a contract number, alone: each is a field of the search', async () => {
    expect(await codes('sede.30480', 'posId=30480003')).toEqual(['0001234']);
    expect(await codes('sede.30480', 'mid=6500234501')).toEqual(['0002345']);
    // Two terminals with that contract: the merchant once.
    const byContract = await as['sede.30480'].get(`${API}/esercenti?numContratto=30480000012345`);
    expect(byContract.body.results.map((r: { codEser: string }) => r.codEser)).toEqual(['0001234']);
    expect(byContract.body.totalCount).toBe(1);
    expect(await codes('sede.30480', 'posId=99999999')).toEqual([]);
  });

  it('narrows with the other filters', async () => {
    expect(await codes('sede.30480', 'mid=6500123401&ds=centrale')).toEqual(['0001234']);
    expect(await codes('sede.30480', 'mid=6500123401&tipo=PW')).toEqual([]);
  });

  it("finds nothing through a terminal outside the caller's scope", async () => {
    expect(await codes('assistenza', 'numContratto=34256000034567')).toEqual(['0003456']);
    expect(await codes('sede.30480', 'numContratto=34256000034567')).toEqual([]);
    expect(await codes('filiale.30480', 'posId=30480001')).toEqual(['0001234']);
    expect(await codes('filiale.30480', 'mid=6500234501')).toEqual([]);
  });

  it('offers the three filters in the search form, named as the API names them', () => {
    const entity = app.artifacts.model.entities.find((e) => e.name === 'Esercente');
    expect(entity?.api.requireOneFilter?.params).toEqual(['codAbi', 'pIvaEser', 'codFiscaleEser', 'codEser', 'posId', 'mid', 'numContratto']);
    expect(entity?.existsFilters?.map((x) => [x.param, x.label])).toEqual([['posId', 'Codice terminale'], ['mid', 'MID'], ['numContratto', 'Numero contratto']]);
  });

  it('reads the terminals by the index of the filtered field, not the whole table', async () => {
    for (const column of ['posid', 'mid', 'num_contratto']) {
      const sql = `select cod_eser from terminale where ${column} = '1'`;
      const plan = await app.db.transaction(async (trx) => {
        if (!isPostgres(trx)) return JSON.stringify(await trx.raw(`explain query plan ${sql}`));
        // PostgreSQL scans so small a table anyway: forbid that to see whether an index serves the filter.
        await trx.raw('set local enable_seqscan = off');
        return JSON.stringify((await trx.raw(`explain ${sql}`)).rows);
      });
      expect(plan, column).toMatch(/USING (COVERING )?INDEX|Index (Only )?Scan|Bitmap Index Scan/);
    }
  });
});
