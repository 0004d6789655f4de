/**
 * The merchant record's stores as tabs with their terminals (seed 001 §2, §9; docs/spec-language.md#related-lists-as-tabs):
 * the stores ten a page, and the nested path GET esercenti/{codEser}/negozi/{pdvid}/terminali, which checks
 * every level against the caller's scope: the merchant, the store (and that it is the merchant's), the terminals.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const codes = (res: { body: { results: Record<string, unknown>[] } }, key: string) => res.body.results.map((r) => r[key]);

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480'], merchant: ['merchant.0001234', 'operatore.0001234'] });
const { as } = demo;

describe('the stores of a merchant, ten a page (seed 001 §9)', () => {
  it('pages the twelve stores of Supermercati Lombardi: ten, then two, with the total', async () => {
    const first = await as['sede.30480'].get(`${API}/esercenti/0005678/negozi?sort=pdvid`);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(12);
    expect(codes(first, 'pdvid')).toEqual(['5001', '5002', '5003', '5004', '5005', '5006', '5007', '5008', '5009', '5010']);
    const second = await as['sede.30480'].get(`${API}/esercenti/0005678/negozi?sort=pdvid&page=1`);
    expect(codes(second, 'pdvid')).toEqual(['5011', '5012']);
    expect(codes(second, 'insegna')).toEqual(['Supermercato Lombardi Cremona', 'Supermercato Lombardi Lecco']);
  });
});

describe('GET esercenti/{codEser}/negozi/{pdvid}/terminali', () => {
  it("lists the terminals of a store of the merchant, for the bank, its branch and the merchant itself", async () => {
    for (const user of ['assistenza', 'sede.30480', 'filiale.30480']) {
      const res = await as[user].get(`${API}/esercenti/0005678/negozi/5011/terminali?sort=posid`);
      expect(res.status, user).toBe(200);
      expect(codes(res, 'posid'), user).toEqual(['30480511', '30480512']);
    }
    const own = await as['merchant.0001234'].get(`${API}/esercenti/0001234/negozi/1001/terminali?sort=posid`);
    expect(own.status).toBe(200);
    expect(codes(own, 'posid')).toEqual(['30480001', '30480002']);
    expect(own.body.results[0]._labels).toMatchObject({ pdvid: '1001 - Bar Centrale' });
  });

  it("answers 404 for a store that is not the merchant's, even one the caller may read on its own", async () => {
    // 1002 is Bar Centrale's: under Supermercati Lombardi it does not exist.
    const wrong = await as['sede.30480'].get(`${API}/esercenti/0005678/negozi/1002/terminali`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await as['sede.30480'].get(`${API}/negozi/1002/terminali`)).status).toBe(200);
    expect((await as['sede.30480'].get(`${API}/esercenti/0001234/negozi/9999/terminali`)).status).toBe(404);
  });

  it("a merchant user cannot reach another merchant's store by URL, under its own merchant or the other one", async () => {
    const me = as['merchant.0001234'];
    expect((await me.get(`${API}/esercenti/0005678/negozi/5011/terminali`)).status).toBe(404);
    expect((await me.get(`${API}/esercenti/0001234/negozi/5011/terminali`)).status).toBe(404);
    expect((await me.get(`${API}/esercenti/0002345/negozi/2001/terminali`)).status).toBe(404);
  });

  it("the operator reaches its assigned store's terminals only", async () => {
    const op = as['operatore.0001234'];
    expect(codes(await op.get(`${API}/esercenti/0001234/negozi/1001/terminali?sort=posid`), 'posid')).toEqual(['30480001', '30480002']);
    expect((await op.get(`${API}/esercenti/0001234/negozi/1002/terminali`)).status).toBe(404);
  });

  it("a branch user reaches only its branch's merchants and stores; a bank user not another bank's", async () => {
    // 0002345 and its store 2001 are of branch 01601; 0003456 of bank 34256.
    expect((await as['filiale.30480'].get(`${API}/esercenti/0002345/negozi/2001/terminali`)).status).toBe(404);
    expect((await as['sede.30480'].get(`${API}/esercenti/0002345/negozi/2001/terminali`)).status).toBe(200);
    expect((await as['sede.30480'].get(`${API}/esercenti/0003456/negozi/3001/terminali`)).status).toBe(404);
    // Store 1003 is of branch 01601 though its merchant is of 01600: the branch user finds the merchant, not the store.
    expect((await as['filiale.30480'].get(`${API}/esercenti/0001234/negozi/1003/terminali`)).status).toBe(404);
  });

  it('pages and filters like the terminal list, its link fields fixed by the path', async () => {
    const res = await as['sede.30480'].get(`${API}/esercenti/0005678/negozi/5011/terminali?tipoConn=G`);
    expect(codes(res, 'posid')).toEqual(['30480512']);
    expect((await as['sede.30480'].get(`${API}/esercenti/0005678/negozi/5011/terminali?size=1&page=1&sort=posid`)).body).toMatchObject({ totalCount: 2, results: [{ posid: '30480512' }] });
  });
});
