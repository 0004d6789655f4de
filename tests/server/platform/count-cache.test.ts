/**
 * The list's totalCount comes from a cache between writes (server/crud/count-cache.ts): paging through
 * a filter counts once, and a write of any kind (API, domain code, raw SQL, a transaction) is seen by
 * the very next list. On the fixture's orders (tests/fixtures/README.md): two of bank 10001, one per branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTables, writtenTable } from '../../../server/crud/count-cache.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { TEST_DIALECT } from '../../support/test-database.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

let app: TestApp;
let counts = 0;
beforeAll(async () => {
  app = await createFixtureApp();
  app.db.on('query', (q: { sql: string }) => { if (/^select count\(\*\)/i.test(q.sql) && q.sql.includes('ordine')) counts++; });
});
afterAll(() => app.close());

const totalOf = async (query = 'codAbi=10001'): Promise<number> => {
  const res = await app.request.get(`${API}/ordini?${query}`);
  expect(res.status).toBe(200);
  return res.body.totalCount;
};
/** An order row as code outside the entity service writes it. */
const row = (numero: string, cliente: string) => ({ cod_abi: '10001', numero, cliente, data_ordine: '2026-03-01', canale: 'N' });

describe('totalCount of a list', () => {
  it('counts a filter once while its table is not written, whatever the page', async () => {
    const before = counts;
    expect(await totalOf('codAbi=10001&page=0&size=1')).toBe(2);
    expect(await totalOf('codAbi=10001&page=1&size=1')).toBe(2);
    expect(await totalOf('codAbi=10001&size=1&page=0')).toBe(2);
    expect(counts - before).toBe(1);
  });

  it('sees an order created and then deleted through the API', async () => {
    expect(await totalOf()).toBe(2);
    const created = await app.request.post(`${API}/ordini`).send({ codAbi: '10001', numero: '000099', cliente: 'Nuovo cliente', dataOrdine: '2026-03-01', consegna: { indirizzo: 'Via Nuova 1' } });
    expect(created.status).toBe(201);
    expect(await totalOf()).toBe(3);
    expect((await app.request.delete(`${API}/ordini/10001/000099`).set('If-Match', await etagOf(app.request, `${API}/ordini/10001/000099`))).status).toBe(204);
    expect(await totalOf()).toBe(2);
  });

  it('sees rows written outside the entity service, by a query builder and by raw SQL', async () => {
    expect(await totalOf()).toBe(2);
    await app.db('ordine').insert(row('000100', 'Scritto da codice'));
    expect(await totalOf()).toBe(3);
    await app.db.raw("DELETE FROM ordine WHERE numero = '000100'");
    expect(await totalOf()).toBe(2);
  });

  it('sees a committed transaction and ignores a rolled back one', async () => {
    expect(await totalOf()).toBe(2);
    await app.db.transaction(async (trx) => { await trx('ordine').insert(row('000101', 'In transazione')); });
    expect(await totalOf()).toBe(3);
    await app.db.transaction(async (trx) => {
      await trx('ordine').where({ numero: '000101' }).delete();
      throw new Error('rollback');
    }).catch(() => undefined);
    expect(await totalOf()).toBe(3);
    await app.db('ordine').where({ numero: '000101' }).delete();
    expect(await totalOf()).toBe(2);
  });

  // PostgreSQL only: SQLite has one connection, so a list waits for the open transaction to end.
  it.runIf(TEST_DIALECT === 'postgres')('does not keep a count taken while a transaction that wrote the table is open', async () => {
    expect(await totalOf()).toBe(2);
    await app.db.transaction(async (trx) => {
      await trx('ordine').insert(row('000102', 'Non ancora confermato'));
      expect(await totalOf()).toBe(2); // the uncommitted row is not visible to the list's connection
    });
    expect(await totalOf()).toBe(3);
    await app.db('ordine').where({ numero: '000102' }).delete();
    expect(await totalOf()).toBe(2);
  });

  it('keeps one count per filter and per caller scope', async () => {
    expect(await totalOf('cliente=rossi')).toBe(1);
    const branchUser = await app.loginAs('filiale.10001');
    const res = await branchUser.get(`${API}/ordini?codAbi=10001`);
    expect(res.body.totalCount).toBe(1);
    expect(await totalOf()).toBe(2);
  });
});

describe('writtenTable', () => {
  it('names the table an insert, update, delete or truncate writes, in either dialect', () => {
    expect(writtenTable('insert into `ordine` (`numero`) values (?)')).toBe('ordine');
    expect(writtenTable('INSERT OR REPLACE INTO "Ordine" values (1)')).toBe('ordine');
    expect(writtenTable('update "public"."ordine" set "cliente" = $1')).toBe('ordine');
    expect(writtenTable('  delete from `ordine` where `numero` = ?')).toBe('ordine');
    expect(writtenTable('truncate "ordine" restart identity')).toBe('ordine');
  });

  it('treats reads as reads and any other statement as a write of every table', () => {
    expect(writtenTable('select count(*) as `count` from `ordine`')).toBeUndefined();
    expect(writtenTable('COMMIT;')).toBeUndefined();
    expect(writtenTable('\nWITH RECURSIVE chain(g) AS (SELECT group_name FROM gruppo) SELECT g FROM chain')).toBeUndefined();
    expect(writtenTable('with x as (delete from ordine returning *) select 1')).toBe('*');
    expect(writtenTable('WITH x AS (SELECT 1) INSERT INTO ordine SELECT * FROM x')).toBe('*');
    expect(writtenTable('alter table "ordine" add column "x" int')).toBe('*');
  });

  it('tells which tables a count reads, so a write to any of them is seen', () => {
    expect(readTables('select count(*) as "count" from "ordine" where "cod_abi" in (select "cod_abi" from "public"."banca")')).toEqual(['ordine', 'banca']);
    expect(readTables('select count(*) from `utente` as `u` left join `gruppo` as `g` on 1 = 1')).toEqual(['utente', 'gruppo']);
  });
});
