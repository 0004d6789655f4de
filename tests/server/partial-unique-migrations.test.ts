/**
 * The migrations of a partial unique rule (docs/spec-language.md#partial-unique-rules): `where` on a unique index
 * writes `CREATE UNIQUE INDEX ... WHERE` into the frozen migration; on a table with rows it holds at once (rows
 * outside the condition repeat freely); a change that makes SQLite rebuild the table keeps it; another condition
 * is a new index; down drops it as an index on both databases. On SQLite and, with TEST_DATABASE=postgres, on
 * PostgreSQL (tests/run-postgres-suite.ts).
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { constraintKind } from '../../server/db/db-errors.js';
import { migrateDown, migrateLatest } from '../../server/db/migrate.js';
import { closeOpened } from '../support/close-opened.js';
import { migrationProject, type MigrationProject } from '../support/migration-project.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

const SCONTO = (extra: string, noteLength = 20) => `entity: Sconto
table: sconto
key: id
fields:
  id: { type: integer, label: Id, required: true }
  negozio: { type: string, label: Negozio, required: true, maxLength: 10 }
  tipo: { type: enum, label: Tipo, required: true, values: { SI: Sconto immediato, VC: Ventis City } }
  stato: { type: enum, label: Stato, required: true, default: A, values: { A: Attivo, D: Disattivato } }
  note: { type: string, label: Note, maxLength: ${noteLength} }
${extra}`;
const RULE = (where: string) => `indexes:\n  - { fields: [negozio, tipo], unique: true, where: ${where}, message: "Servizio già attivo per il negozio" }\n`;

let project: MigrationProject;
let database: TestDatabase;
let db: Knex;

beforeAll(async () => {
  project = migrationProject();
  database = await openTestDatabase();
  db = database.db;
  expect((await project.gen({ 'spec/sconto.yaml': SCONTO('') })).diagnostics).toEqual([]);
  await migrateLatest(db, project.migrationsDir);
  // History the rule allows: two deactivated discounts of one store and service, and one active.
  await db('sconto').insert([{ id: 1, negozio: '1001', tipo: 'SI', stato: 'D' }, { id: 2, negozio: '1001', tipo: 'SI', stato: 'D' }, { id: 3, negozio: '1001', tipo: 'SI', stato: 'A' }]);
});
afterAll(() => closeOpened(database, project));

async function step(yaml: string): Promise<string> {
  const result = await project.gen({ 'spec/sconto.yaml': yaml });
  expect(result.diagnostics).toEqual([]);
  expect(result.created).toHaveLength(1);
  await migrateLatest(db, project.migrationsDir);
  return project.migration(result.created[0]);
}

/** Whether inserting the row breaks a unique index (the transaction is rolled back either way). */
async function refused(row: Record<string, unknown>): Promise<boolean> {
  try {
    await db.transaction(async (trx) => {
      await trx('sconto').insert(row);
      throw new Error('rollback');
    });
  } catch (error) {
    if (constraintKind(error) === 'unique') return true;
    if (error instanceof Error && error.message === 'rollback') return false;
    throw error;
  }
  return false;
}

it('adds the partial unique index on a table with rows: a second active row is refused, deactivated ones repeat', async () => {
  const migration = await step(SCONTO(RULE('{ stato: A }')));
  expect(migration).toContain("//   - adds partial unique index (where \"stato\" = 'A') sconto_negozio_tipo_when_stato_uq");
  expect(migration).toContain("t.unique(['negozio', 'tipo'], { indexName: 'sconto_negozio_tipo_when_stato_uq', predicate: knex.whereRaw('\"stato\" = \\'A\\'') });");
  expect(migration).toContain("t.dropIndex(['negozio', 'tipo'], 'sconto_negozio_tipo_when_stato_uq');");
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'A' })).toBe(true);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'D' })).toBe(false);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'VC', stato: 'A' })).toBe(false);
  expect(await refused({ id: 4, negozio: '1002', tipo: 'SI', stato: 'A' })).toBe(false);
});

it('still holds after a change that makes SQLite rebuild the table (a narrower column)', async () => {
  await step(SCONTO(RULE('{ stato: A }'), 30));
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'A' })).toBe(true);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'D' })).toBe(false);
});

it('another condition is another index: the old one goes, the new one holds', async () => {
  const result = await project.gen({ 'spec/sconto.yaml': SCONTO(RULE('{ stato: D }'), 30) });
  expect(result.diagnostics).toEqual([]);
  const migration = project.migration(result.created[0]);
  expect(migration).toContain('drops index sconto_negozio_tipo_when_stato_uq');
  // The old index and the new share a name: dropped, then built with the new condition.
  expect(migration.indexOf('dropIndex')).toBeLessThan(migration.indexOf("whereRaw('\"stato\" = \\'D\\'')"));
  // Two deactivated rows break the new rule: the migration fails naming them, before the new index is built.
  expect(migration).toContain("await refuseDuplicates(knex, 'sconto', ['negozio', 'tipo'], '\"stato\" = \\'D\\'', 'sconto_negozio_tipo_when_stato_uq');");
  await expect(migrateLatest(db, project.migrationsDir)).rejects.toThrow(
    `1 group(s) of sconto rows break the unique index sconto_negozio_tipo_when_stato_uq (negozio, tipo where "stato" = 'D'): negozio=1001, tipo=SI. Keep one row of each first.`);
  await db('sconto').where({ id: 2 }).delete();
  await migrateLatest(db, project.migrationsDir);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'D' })).toBe(true);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'A' })).toBe(false);
});

it('down drops the index: two active rows are taken again', async () => {
  await migrateDown(db, project.migrationsDir);
  await migrateDown(db, project.migrationsDir);
  await migrateDown(db, project.migrationsDir);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'A' })).toBe(false);
  expect(await refused({ id: 4, negozio: '1001', tipo: 'SI', stato: 'D' })).toBe(false);
});
