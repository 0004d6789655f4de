/**
 * The migrations of a `kind: trigram` index (docs/spec-language.md#text-search-indexes): added to a table with
 * rows, it indexes them at once; a later change that makes SQLite rebuild the table (knex copies it into a new
 * one, without its triggers and with new rowids) builds the index again, so it still finds what the table holds;
 * down takes it away. On SQLite and, with TEST_DATABASE=postgres, on PostgreSQL (tests/run-postgres-suite.ts).
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { foldCaseSql } from '../../common/fold-case.js';
import { migrateDown, migrateLatest } from '../../server/db/migrate.js';
import { closeOpened } from '../support/close-opened.js';
import { migrationProject, type MigrationProject } from '../support/migration-project.js';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from '../support/test-database.js';

const NEGOZIO = (extra: string, noteLength = 20) => `entity: Negozio
table: negozio
key: id
fields:
  id: { type: integer, label: Id, required: true }
  insegna: { type: string, label: Insegna, required: true, maxLength: 40, search: wildcard }
  note: { type: string, label: Note, maxLength: ${noteLength} }
${extra}`;
const TRIGRAM = 'indexes:\n  - { fields: [insegna], kind: trigram }\n';

let project: MigrationProject;
let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  project = migrationProject();
  database = await openTestDatabase();
  db = database.db;
  expect((await project.gen({ 'spec/negozio.yaml': NEGOZIO('') })).diagnostics).toEqual([]);
  await migrateLatest(db, project.migrationsDir);
  await db('negozio').insert([{ id: 1, insegna: 'Bar Rossi' }, { id: 2, insegna: 'Edicola Duomo' }, { id: 3, insegna: 'Ferramenta ROSSI' }]);
});
afterAll(() => closeOpened(database, project));

async function step(yaml: string): Promise<string> {
  const result = await project.gen({ 'spec/negozio.yaml': yaml });
  expect(result.diagnostics).toEqual([]);
  expect(result.created).toHaveLength(1);
  await migrateLatest(db, project.migrationsDir);
  return project.migration(result.created[0]);
}

/** The shops the index finds for `text`: SQLite's FTS5 table by itself; PostgreSQL's index by the plan and the rows. */
async function found(text: string): Promise<number[]> {
  if (TEST_DIALECT === 'postgres') {
    return db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const where = `${foldCaseSql('"insegna"')} LIKE ?`;
      const plan = (await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN SELECT id FROM negozio WHERE ${where}`, [`%${text}%`])).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('negozio_insegna_trgm');
      return (await trx.raw<{ rows: { id: number }[] }>(`SELECT id FROM negozio WHERE ${where} ORDER BY id`, [`%${text}%`])).rows.map((r) => r.id);
    });
  }
  const rows = await db.raw<{ id: number }[]>('SELECT id FROM negozio WHERE rowid IN (SELECT rowid FROM negozio_insegna_trgm WHERE negozio_insegna_trgm MATCH ?) ORDER BY id', [`"${text}"`]);
  return rows.map((r) => r.id);
}

const hasIndex = async () => (TEST_DIALECT === 'postgres'
  ? (await db.raw<{ rows: unknown[] }>("SELECT 1 FROM pg_indexes WHERE indexname = 'negozio_insegna_trgm'")).rows.length > 0
  : db.schema.hasTable('negozio_insegna_trgm'));

it('a new trigram index indexes the rows the table already has', async () => {
  const text = await step(NEGOZIO(TRIGRAM));
  expect(text).toContain('adds trigram index negozio_insegna_trgm');
  expect(await found('rossi')).toEqual([1, 3]);
});

it('a change that rebuilds the table on SQLite builds the index again: it follows later writes', async () => {
  const text = await step(NEGOZIO(TRIGRAM, 40));
  const [upCode, downCode] = text.split('exports.down');
  for (const code of [upCode, downCode]) expect(code).toMatch(/alter\([\s\S]*await trigramIndex\(knex, 'negozio', 'insegna', 'negozio_insegna_trgm'/);
  expect(await found('rossi')).toEqual([1, 3]);
  await db('negozio').insert({ id: 4, insegna: 'Pizzeria Rossini' });
  await db('negozio').where({ id: 1 }).update({ insegna: 'Bar Bianchi' });
  await db('negozio').where({ id: 2 }).delete();
  expect(await found('rossi')).toEqual([3, 4]);
  expect(await found('bianchi')).toEqual([1]);
  expect(await found('duomo')).toEqual([]);
});

it('down rebuilds it too, then takes it away', async () => {
  expect(await migrateDown(db, project.migrationsDir)).toHaveLength(1);
  await db('negozio').where({ id: 3 }).update({ insegna: 'Ferramenta Verdi' });
  expect(await found('rossi')).toEqual([4]);
  expect(await migrateDown(db, project.migrationsDir)).toHaveLength(1);
  expect(await hasIndex()).toBe(false);
  expect(await db('negozio').pluck('id')).toEqual(expect.arrayContaining([1, 3, 4]));
});
