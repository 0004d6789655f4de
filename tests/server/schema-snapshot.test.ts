/**
 * generated/schema-snapshot.json is what the next migration is diffed against, so it must describe the
 * database the committed migrations really build: same tables, columns, nullability and text lengths.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SchemaSnapshot } from '../../generator/migrations/snapshot.js';
import { ROOT_DIR } from '../../server/config.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from '../support/test-database.js';
import { closeOpened } from '../support/close-opened.js';

const snapshot: SchemaSnapshot = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'schema-snapshot.json'), 'utf8'));
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateLatest(database.db, join(ROOT_DIR, 'generated', 'migrations'));
});
afterAll(() => closeOpened(database));

it('lists every committed migration', async () => {
  const applied = (await database.db<{ id: number; name: string }>('knex_migrations').select('name').orderBy('id')).map((r) => r.name);
  expect(applied).toEqual(snapshot.migrations.map((m) => m.file));
});

it.each(snapshot.tables.map((t) => [t.name, t] as const))('table %s has the snapshot\'s columns', async (name, table) => {
  const info = await database.db(name).columnInfo();
  expect(Object.keys(info).sort()).toEqual(table.columns.map((c) => c.name).sort());
  for (const column of table.columns) {
    expect(info[column.name].nullable, `${name}.${column.name} nullable`).toBe(column.nullable);
    // SQLite keeps the declared length only as text; PostgreSQL reports it.
    if (TEST_DIALECT === 'postgres' && column.type === 'string') expect(info[column.name].maxLength, `${name}.${column.name} length`).toBe(column.length);
  }
});

it.runIf(TEST_DIALECT === 'postgres')('on PostgreSQL every text column sorts by code point (COLLATE "C"), as on SQLite', async () => {
  const { rows } = await database.db.raw<{ rows: { table_name: string; column_name: string }[] }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type = 'character varying' and coalesce(collation_name, '') <> 'C' and table_name not like 'knex_%'",
  );
  expect(rows).toEqual([]);
});
