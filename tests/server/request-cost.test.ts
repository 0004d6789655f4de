/**
 * Issue 19: the cost of a request must not grow with the size of a table the caller is scoped by. The
 * rows the database hands back while one authenticated call is answered are counted (knex's
 * query-response event), once on the demo data and once after 2,000 more banks: for every kind of caller
 * the count stays the same. Before the fix, every call of an assistance user read every bank code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOfGroup } from '../../server/domain/auth/caller.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
const EXTRA_BANKS = 2000;
const CALLERS = ['assistenza', 'sede.30480', 'filiale.30480', 'federazione', 'merchant.0001234'] as const;

/** Rows returned by the database while `call` runs (one request at a time, so nothing else is counted). */
async function rowsRead(call: () => Promise<unknown>): Promise<number> {
  return (await steadyCost(call)).rows;
}

type Cost = Awaited<ReturnType<typeof cost>>;

/**
 * The cost of `call` once whatever it keeps (grants, scope, counts: 30 s at most) is in place: the cheaper of two
 * calls in a row. On a loaded machine a kept value may expire, or be refused because a write ran meanwhile, just
 * before one of them (stop 29 lost a CI run to one extra statement): a cost that grows with the data grows in both.
 */
async function steadyCost(call: () => Promise<unknown>): Promise<Cost> {
  const first = await cost(call);
  const second = await cost(call);
  return second.queries < first.queries || (second.queries === first.queries && second.rows < first.rows) ? second : first;
}

/** Rows returned, statements sent, the longest statement and the characters of all values bound to them while `call` runs. */
async function cost(call: () => Promise<unknown>): Promise<{ rows: number; queries: number; longestSql: number; boundChars: number }> {
  let rows = 0;
  let queries = 0;
  let longestSql = 0;
  let boundChars = 0;
  const count = (response: unknown) => {
    if (Array.isArray(response)) rows += response.length;
    else if (response && typeof response === 'object' && 'rows' in response && Array.isArray(response.rows)) rows += response.rows.length;
  };
  const sent = (q: { sql?: string; bindings?: unknown[] }) => {
    // A session is touched at most every touchEverySeconds (sessions.ts): on a loaded machine one of two measured
    // calls may be the one that does, which says nothing of the data's size.
    if (/^update [`"]?sessione[`"]? set [`"]?last_seen_at/i.test(q.sql ?? '')) return;
    queries++;
    longestSql = Math.max(longestSql, q.sql?.length ?? 0);
    for (const value of q.bindings ?? []) boundChars += String(value).length;
  };
  app.db.on('query-response', count);
  app.db.on('query', sent);
  try {
    await call();
  } finally {
    app.db.removeListener('query-response', count);
    app.db.removeListener('query', sent);
  }
  return { rows, queries, longestSql, boundChars };
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
        // The second call is measured: the first may fill the caller's kept grants and scope.
        expect((await agent.get(`${API}/funzioni`)).status).toBe(200);
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

/**
 * The warehouse lists leave out the empty rows of banks without warehouse management (`editable.hide`): the
 * database decides which banks those are, in the list's own statements. Before, every list call read every bank
 * and sent one OR term per bank without warehouse management: 2,000 more rows read and 2,000 more terms bound.
 */
describe('request cost of lists with hidden read-only rows does not grow with the number of banks', () => {
  it('the warehouse stock and movement lists cost the same with 6 banks as with 2,006, for assistance and a bank user', async () => {
    const agents = { assistenza: await app.loginAs('assistenza', 'banca'), 'sede.30480': await app.loginAs('sede.30480', 'banca') };
    const measure = async () => {
      const out: Record<string, unknown> = {};
      for (const [user, agent] of Object.entries(agents)) {
        for (const path of ['magazzino/giacenze', 'magazzino/movimenti']) {
          const call = async () => {
            const res = await agent.get(`${API}/${path}?size=5`);
            expect(`${user} ${path} ${res.status}`).toBe(`${user} ${path} 200`);
            return res.body.totalCount;
          };
          const total = await call();
          out[`${user} ${path}`] = { total, ...(await steadyCost(call)) };
        }
      }
      return out;
    };
    const before = await measure();
    await app.db.batchInsert('banca', Array.from({ length: EXTRA_BANKS }, (_, i) => ({
      cod_abi: `7${String(i).padStart(4, '0')}`, nome_bcc: `Banca senza magazzino ${i}`,
    })), 500);
    expect(await measure()).toEqual(before);
  });
});

/**
 * A federation user's scope is every group below its own (15000): 2 demo banks, then 2,002. Its lists are
 * restricted by a predicate over the group tree that the database evaluates, and its scope for single
 * rows is kept per group until a group or bank is written: a call reads as many rows, sends as many
 * statements and no longer statements with 2,000 more banks, each with its group and a branch, below it.
 * Before: every call listed every group below 15000 (2,002 rows) and sent it back as whereIn(cod_abi, ...).
 */
describe('request cost does not grow with the banks below a federation', () => {
  it('list, get and create of branches and the bank list cost the same with 2 and 2,002 banks below the federation', async () => {
    // BANCA_SEDE may not create branches in the demo; here it may, so a create is measured too.
    await app.db('ruolo_permesso').insert({ group_name: '11000', role_name: 'BANCA_SEDE', funzione: 'ANAG_BANCHE', azione: 'CREAZIONE' });
    const federation = await app.loginAs('federazione', 'banca');
    let created = 0;
    const calls: Record<string, () => Promise<{ status: number }>> = {
      'list branches': () => federation.get(`${API}/filiali?size=1&sort=nome,desc`),
      'list banks': () => federation.get(`${API}/banche?size=1`),
      'get branch': () => federation.get(`${API}/filiali/60855/10200`),
      'list groups': () => federation.get(`${API}/gruppi?size=1`),
    };
    // The second call is measured: the first after a change may fill per-group caches.
    const measureAll = async () => {
      const out: Record<string, { rows: number; queries: number; longestSql: number; boundChars: number }> = {};
      for (const [name, call] of Object.entries(calls)) {
        const first = await call();
        expect(`${name} ${first.status}`).toBe(`${name} 200`);
        out[name] = await steadyCost(async () => expect((await call()).status).toBe(200));
      }
      // A create writes: measured on its own, it is never cached.
      out.create = await cost(async () => {
        const res = await federation.post(`${API}/filiali`).send({ codAbi: '60855', cab: String(30000 + created++), nome: 'Filiale di prova' });
        expect(res.status).toBe(201);
      });
      return out;
    };
    // A list binds the federation's scope as one array the database reads as a set (caller.ts whereInScope): its
    // characters grow with the banks, its statements do not. A get and a create check their few rows here and
    // bind nothing of the scope: before, the bank's name beside a branch was read with the whole array bound.
    const lists = ['list branches', 'list banks', 'list groups'];
    const measure = async () => Object.fromEntries(Object.entries(await measureAll()).map(([name, c]) => [name, lists.includes(name) ? { ...c, boundChars: 0 } : c]));
    const before = await measure();
    const banks = Array.from({ length: EXTRA_BANKS }, (_, i) => `8${String(i).padStart(4, '0')}`);
    await app.db.batchInsert('gruppo', banks.map((abi) => ({ group_name: abi, description: `Banca ${abi}`, group_type: 'B', parent_group: '15000' })), 500);
    await app.db.batchInsert('banca', banks.map((abi) => ({ cod_abi: abi, nome_bcc: `Banca federata ${abi}` })), 500);
    await app.db.batchInsert('filiale', banks.map((abi) => ({ cod_abi: abi, cab: '00001', nome: `Filiale ${abi}` })), 500);
    const after = await measure();
    expect(after).toEqual(before);
    // The new banks are in the federation's scope at once, and a bank moved out of it leaves it at once.
    expect((await federation.get(`${API}/filiali/80007/00001`)).status).toBe(200);
    expect((await federation.get(`${API}/banche?size=1`)).body.totalCount).toBe(2 + EXTRA_BANKS);
    await app.db('gruppo').where({ group_name: '80007' }).update({ parent_group: '11000' });
    expect((await federation.get(`${API}/filiali/80007/00001`)).status).toBe(404);
    expect((await federation.get(`${API}/banche?size=1`)).body.totalCount).toBe(1 + EXTRA_BANKS);
  });
});

/**
 * Merchants and their operators (issue 14 item 8, issue 19): a merchant is restricted by equalities on its
 * own bank and merchant code, an operator also by a subquery over its assigned stores. A call reads as many
 * rows and sends as many and as long statements with the demo's 4 merchants as with 5,000 more merchants of
 * the same bank, each with a store and a terminal.
 */
describe('request cost does not grow with the number of merchants', () => {
  it('the merchant\'s and the operator\'s record, stores and terminals, and a branch user\'s terminals, cost the same with 4 and 5,004 merchants', async () => {
    const merchant = await app.loginAs('merchant.0001234', 'merchant');
    const operator = await app.loginAs('operatore.0001234', 'merchant');
    // A terminal's branch is its store's (scope branch through pdvid): a subquery on the stores, never a list of them.
    const branch = await app.loginAs('filiale.30480', 'banca');
    const calls: Record<string, () => Promise<{ status: number }>> = {
      'merchant: own record': () => merchant.get(`${API}/esercenti/0001234`),
      'merchant: stores': () => merchant.get(`${API}/esercenti/0001234/negozi?size=10`),
      'merchant: terminals': () => merchant.get(`${API}/terminali?size=10`),
      'operator: store': () => operator.get(`${API}/negozi/1001`),
      'operator: stores': () => operator.get(`${API}/negozi?size=10`),
      'operator: terminals of its store': () => operator.get(`${API}/negozi/1001/terminali`),
      'branch: terminals': () => branch.get(`${API}/terminali?size=5`),
      'branch: terminal': () => branch.get(`${API}/terminali/30480001`),
    };
    const measure = async () => {
      const out: Record<string, { rows: number; queries: number; longestSql: number; boundChars: number }> = {};
      for (const [name, call] of Object.entries(calls)) {
        const first = await call();
        expect(`${name} ${first.status}`).toBe(`${name} 200`);
        out[name] = await steadyCost(async () => expect((await call()).status).toBe(200));
      }
      return out;
    };
    const before = await measure();
    const codes = Array.from({ length: 5000 }, (_, i) => `8${String(i).padStart(6, '0')}`);
    await app.db.batchInsert('esercente', codes.map((c) => ({ cod_eser: c, cod_abi: '30480', cab: '01600', ds: `Esercente ${c}`, tipo_soggetto_eser: '2', piva_eser: '01234560124' })), 500);
    await app.db.batchInsert('negozio', codes.map((c, i) => ({ pdvid: String(800000 + i), cod_eser: c, abi: '30480', cab: '01600', insegna: `Negozio ${c}`, tipo_soggetto: '2', p_iva: '01234560124' })), 500);
    await app.db.batchInsert('terminale', codes.map((c, i) => ({ posid: `8${String(i).padStart(7, '0')}`, pdvid: String(800000 + i), cod_eser: c, abi: '30480', cod_modpos: 'G01' })), 500);
    const after = await measure();
    expect(after).toEqual(before);
  });
});

/**
 * Merchants' groups (issue 19): every merchant with a business-portal account has a group below its bank's,
 * so a federation over 10,000 banks may have a million of them below it. The scope kept for a bank-side
 * caller, and the tree its lists walk, stop above them; a bank still sees its merchants' users.
 */
describe('the scope of a bank-side caller does not grow with its merchants\' groups', () => {
  it('5,000 more merchant groups below 30480 add no group to the scope of 30480 or of the federation, and sede.30480 still lists and opens a merchant\'s user', async () => {
    const kept = async (group: string) => (await app.db.transaction((trx) => scopeOfGroup(trx, group))).groups.length;
    const before = { bank: await kept('30480'), federation: await kept('15000') };
    const codes = Array.from({ length: 5000 }, (_, i) => `7${String(i).padStart(6, '0')}`);
    await app.db.batchInsert('gruppo', codes.map((c) => ({ group_name: `30480-${c}`, description: `Esercente ${c}`, group_type: 'M', parent_group: '30480' })), 500);
    expect({ bank: await kept('30480'), federation: await kept('15000') }).toEqual(before);

    const bank = await app.loginAs('sede.30480', 'banca');
    const users = await bank.get(`${API}/users?username=merchant.0001234`);
    expect(users.status).toBe(200);
    expect(users.body.results.map((u: { username: string }) => u.username)).toEqual(['merchant.0001234']);
    expect((await bank.get(`${API}/users/merchant.0001234`)).status).toBe(200);
    // Another bank's user does not see 30480's merchants.
    const other = await app.loginAs('sede.60855', 'banca');
    expect((await other.get(`${API}/users?username=merchant.0001234`)).body.totalCount).toBe(0);
    expect((await other.get(`${API}/users/merchant.0001234`)).status).toBe(404);
  });
});

/**
 * What one call costs in statements once the caller's grants and scope are kept (server/domain/auth/kept-per-version.ts):
 * the session with its user, then the operation's own work. Before, every call also resolved the caller's
 * grants again (a recursive query over the group chain).
 */
describe('statements per call', () => {
  it('a get by key of a branch is 3 statements for a bank user: the session, the row, its bank\'s name', async () => {
    const bank = await app.loginAs('sede.30480', 'banca');
    const get = () => bank.get(`${API}/filiali/30480/01600`);
    expect((await get()).status).toBe(200);
    const { queries } = await steadyCost(async () => expect((await get()).status).toBe(200));
    expect(queries).toBe(3);
  });

  it('a create of a branch is one statement on the branches: the insert finds a taken key and returns the row (RETURNING)', async () => {
    const assistance = await app.loginAs('assistenza', 'banca');
    const sql: string[] = [];
    const sent = (q: { sql?: string }) => sql.push(q.sql ?? '');
    app.db.on('query', sent);
    let res;
    try {
      res = await assistance.post(`${API}/filiali`).send({ codAbi: '30480', cab: '40001', nome: 'Filiale Lodi Corso Roma', provincia: 'LO', cap: '26900' });
    } finally {
      app.db.removeListener('query', sent);
    }
    expect(res.status).toBe(201);
    // The answer is still the row as stored, with the fields the body left out.
    expect(res.body).toMatchObject({ codAbi: '30480', cab: '40001', nome: 'Filiale Lodi Corso Roma', provincia: 'LO', cap: '26900', indirizzo: null, mail: null });
    expect((await assistance.get(`${API}/filiali/30480/40001`)).body).toMatchObject({ ...res.body, _labels: expect.anything() });
    const onBranches = sql.map((q) => q.toLowerCase()).filter((q) => /\b(from|into) [`"]filiale[`"]/.test(q)).map((q) => q.split(' ')[0]);
    // Before: select (the key taken?), insert, select (the row read back); then select, insert. The insert now
    // finds a taken key itself (ON CONFLICT DO NOTHING): the duplicate's answer is tested in banche/filiali tests.
    expect(onBranches, sql.join('\n')).toEqual(['insert']);
  });
});

/**
 * The kept grants (server/domain/auth/caller.ts) end with any write to the user's roles, the roles' grants or
 * the groups: a role taken away, or a grant removed, refuses the very next call, and giving it back allows it.
 */
describe('kept grants follow every change', () => {
  it('filiale.30480 loses and gets back the branch list with its role and with the role\'s grant', async () => {
    const branch = await app.loginAs('filiale.30480', 'banca');
    const list = async () => (await branch.get(`${API}/filiali?size=1`)).status;
    expect(await list()).toBe(200);

    const roles = await app.db('utente_ruolo').where({ username: 'filiale.30480' });
    await app.db('utente_ruolo').where({ username: 'filiale.30480' }).delete();
    expect(await list()).toBe(403);
    await app.db('utente_ruolo').insert(roles);
    expect(await list()).toBe(200);

    const grants = await app.db('ruolo_permesso').where({ role_name: 'BANCA_FILIALE', funzione: 'ANAG_BANCHE' });
    expect(grants.length).toBeGreaterThan(0);
    await app.db('ruolo_permesso').where({ role_name: 'BANCA_FILIALE', funzione: 'ANAG_BANCHE' }).delete();
    expect(await list()).toBe(403);
    await app.db('ruolo_permesso').insert(grants);
    expect(await list()).toBe(200);
  });
});
