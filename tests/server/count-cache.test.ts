/**
 * The list's totalCount comes from a cache between writes (server/crud/count-cache.ts): paging through
 * a filter counts once, and a write of any kind (API, domain code, raw SQL, a transaction) is seen by
 * the very next list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTables, writtenTable } from '../../server/crud/count-cache.js';
import { TEST_DIALECT } from '../support/test-database.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { etagOf } from '../support/versions.js';

let app: TestApp;
let counts = 0;
beforeAll(async () => {
  app = await createTestApp();
  app.db.on('query', (q: { sql: string }) => { if (/^select count\(\*\)/i.test(q.sql) && q.sql.includes('filiale')) counts++; });
});
afterAll(() => app.close());

const totalOf = async (query = 'codAbi=30480') => {
  const res = await app.request.get(`${API}/filiali?${query}`);
  expect(res.status).toBe(200);
  return res.body.totalCount as number;
};

describe('totalCount of a list', () => {
  it('counts a filter once while its table is not written, whatever the page', async () => {
    const before = counts;
    expect(await totalOf('codAbi=30480&page=0&size=1')).toBe(2);
    expect(await totalOf('codAbi=30480&page=1&size=1')).toBe(2);
    expect(await totalOf('codAbi=30480&size=1&page=0')).toBe(2);
    expect(counts - before).toBe(1);
  });

  it('sees a branch created and then deleted through the API', async () => {
    expect(await totalOf()).toBe(2);
    const created = await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '01699', nome: 'Nuova filiale' });
    expect(created.status).toBe(201);
    expect(await totalOf()).toBe(3);
    expect((await app.request.delete(`${API}/filiali/30480/01699`).set('If-Match', await etagOf(app.request, `${API}/filiali/30480/01699`))).status).toBe(204);
    expect(await totalOf()).toBe(2);
  });

  it('sees rows written outside the entity service, by a query builder and by raw SQL', async () => {
    expect(await totalOf()).toBe(2);
    await app.db('filiale').insert({ cod_abi: '30480', cab: '01700', nome: 'Scritta da codice' });
    expect(await totalOf()).toBe(3);
    await app.db.raw("DELETE FROM filiale WHERE cab = '01700'");
    expect(await totalOf()).toBe(2);
  });

  it('sees a committed transaction and ignores a rolled back one', async () => {
    expect(await totalOf()).toBe(2);
    await app.db.transaction(async (trx) => { await trx('filiale').insert({ cod_abi: '30480', cab: '01701', nome: 'In transazione' }); });
    expect(await totalOf()).toBe(3);
    await app.db.transaction(async (trx) => {
      await trx('filiale').where({ cab: '01701' }).delete();
      throw new Error('rollback');
    }).catch(() => undefined);
    expect(await totalOf()).toBe(3);
    await app.db('filiale').where({ cab: '01701' }).delete();
    expect(await totalOf()).toBe(2);
  });

  // PostgreSQL only: SQLite has one connection, so a list waits for the open transaction to end.
  it.runIf(TEST_DIALECT === 'postgres')('does not keep a count taken while a transaction that wrote the table is open', async () => {
    expect(await totalOf()).toBe(2);
    await app.db.transaction(async (trx) => {
      await trx('filiale').insert({ cod_abi: '30480', cab: '01702', nome: 'Non ancora confermata' });
      expect(await totalOf()).toBe(2); // the uncommitted row is not visible to the list's connection
    });
    expect(await totalOf()).toBe(3);
    await app.db('filiale').where({ cab: '01702' }).delete();
    expect(await totalOf()).toBe(2);
  });

  it('keeps one count per filter and per caller scope', async () => {
    expect(await totalOf('localita=milano')).toBe(1);
    const branchUser = await app.loginAs('filiale.30480');
    const res = await branchUser.get(`${API}/filiali?codAbi=30480`);
    expect(res.body.totalCount).toBe(1);
    expect(await totalOf()).toBe(2);
  });
});

describe('writtenTable', () => {
  it('names the table an insert, update, delete or truncate writes, in either dialect', () => {
    expect(writtenTable('insert into `filiale` (`cab`) values (?)')).toBe('filiale');
    expect(writtenTable('INSERT OR REPLACE INTO "Filiale" values (1)')).toBe('filiale');
    expect(writtenTable('update "public"."filiale" set "nome" = $1')).toBe('filiale');
    expect(writtenTable('  delete from `filiale` where `cab` = ?')).toBe('filiale');
    expect(writtenTable('truncate "filiale" restart identity')).toBe('filiale');
  });

  it('treats reads as reads and any other statement as a write of every table', () => {
    expect(writtenTable('select count(*) as `count` from `filiale`')).toBeUndefined();
    expect(writtenTable('COMMIT;')).toBeUndefined();
    expect(writtenTable('\nWITH RECURSIVE chain(g) AS (SELECT group_name FROM gruppo) SELECT g FROM chain')).toBeUndefined();
    expect(writtenTable('with x as (delete from filiale returning *) select 1')).toBe('*');
    expect(writtenTable('WITH x AS (SELECT 1) INSERT INTO filiale SELECT * FROM x')).toBe('*');
    expect(writtenTable('alter table "filiale" add column "x" int')).toBe('*');
  });

  it('tells which tables a count reads, so a write to any of them is seen', () => {
    expect(readTables('select count(*) as "count" from "filiale" where "cod_abi" in (select "cod_abi" from "public"."banca")')).toEqual(['filiale', 'banca']);
    expect(readTables('select count(*) from `utente` as `u` left join `gruppo` as `g` on 1 = 1')).toEqual(['utente', 'gruppo']);
  });
});
