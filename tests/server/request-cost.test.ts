/**
 * Issue 19: the cost of a request must not grow with the size of a table the caller is scoped by. The
 * rows the database hands back while one authenticated call is answered are counted (knex's
 * query-response event), once on the demo data and once after 2,000 more banks: for every kind of caller
 * the count stays the same. Before the fix, every call of an assistance user read every bank code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
const EXTRA_BANKS = 2000;
const CALLERS = ['assistenza', 'sede.30480', 'filiale.30480', 'federazione', 'merchant.0001234'] as const;

/** Rows returned by the database while `call` runs (one request at a time, so nothing else is counted). */
async function rowsRead(call: () => Promise<unknown>): Promise<number> {
  let rows = 0;
  const count = (response: unknown) => {
    if (Array.isArray(response)) rows += response.length;
    else if (response && typeof response === 'object' && 'rows' in response && Array.isArray(response.rows)) rows += response.rows.length;
  };
  app.db.on('query-response', count);
  try {
    await call();
  } finally {
    app.db.removeListener('query-response', count);
  }
  return rows;
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('request cost does not grow with the number of banks', () => {
  it('GET funzioni reads as many rows with 6 banks as with 2,006, for assistance, bank, branch, federation and merchant callers', async () => {
    const agents = await Promise.all(CALLERS.map((u) => app.loginAs(u, u.startsWith('merchant') ? 'merchant' : 'banca')));
    const measure = async () => {
      const out: Record<string, number> = {};
      for (const [i, agent] of agents.entries()) {
        out[CALLERS[i]] = await rowsRead(async () => {
          const res = await agent.get(`${API}/funzioni`);
          expect(res.status).toBe(200);
        });
      }
      return out;
    };
    const before = await measure();
    await app.db.batchInsert('banca', Array.from({ length: EXTRA_BANKS }, (_, i) => ({
      cod_abi: `9${String(i).padStart(4, '0')}`, nome_bcc: `Banca di volume ${i}`,
    })), 500);
    const after = await measure();
    expect(after).toEqual(before);
  });
});
