/**
 * Applies, reverts and lists the generated Knex migrations (generated/migrations). Each migration runs
 * in its own transaction, recorded in knex_migrations inside it.
 *
 * SQLite alters most columns by rebuilding the table; with foreign keys enforced, dropping the old
 * copy of a referenced table would fail (and SQLite ignores switching them off inside a transaction).
 * So on SQLite foreign keys are switched off around the run, and every migration checks them itself
 * (PRAGMA foreign_key_check) before it commits: a migration that would leave a dangling reference
 * rolls back. The SQLite pool has a single connection, so the pragma covers every migration statement.
 */
import type { Knex } from 'knex';
import { isRecord } from '../records.js';
import { configuredClient } from './dialect.js';

const TABLE = 'knex_migrations';

const isSqlite = (db: Knex) => configuredClient(db).includes('sqlite');

async function checkForeignKeys(trx: Knex | Knex.Transaction): Promise<void> {
  const broken = await trx.raw<{ table: string; parent: string }[]>('PRAGMA foreign_key_check');
  if (broken.length) {
    const first = broken[0];
    throw new Error(`Migration would leave ${broken.length} row(s) with a dangling foreign key (first: ${first.table} -> ${first.parent}); nothing was changed.`);
  }
}

async function run(db: Knex, directory: string, action: (config: Knex.MigratorConfigWithLifecycleHooks) => Promise<unknown>): Promise<unknown> {
  const config: Knex.MigratorConfigWithLifecycleHooks = { directory, loadExtensions: ['.cjs'], tableName: TABLE };
  if (!isSqlite(db)) return action(config);
  await db.raw('PRAGMA foreign_keys = OFF');
  try {
    return await action({ ...config, afterEach: async (trx) => checkForeignKeys(trx) });
  } finally {
    await db.raw('PRAGMA foreign_keys = ON');
  }
}

/** Applies every pending migration; returns their file names. */
export async function migrateLatest(db: Knex, directory: string): Promise<string[]> {
  return migratedFiles(await run(db, directory, (config) => db.migrate.latest(config)));
}

/** Reverts the most recent migration; returns its file name (none when nothing was applied). */
export async function migrateDown(db: Knex, directory: string): Promise<string[]> {
  return migratedFiles(await run(db, directory, (config) => db.migrate.down(config)));
}

/** knex answers latest() and down() with [batch number, file names] (typed any). */
function migratedFiles(answer: unknown): string[] {
  const files: unknown = Array.isArray(answer) ? answer[1] : undefined;
  if (!Array.isArray(files)) throw new Error('knex migrate answered no list of files');
  return files.map(String);
}

export interface MigrationStatus { applied: string[]; pending: string[] }

export async function migrationStatus(db: Knex, directory: string): Promise<MigrationStatus> {
  const listed: unknown = await db.migrate.list({ directory, loadExtensions: ['.cjs'], tableName: TABLE });
  // knex answers [completed: { name }[], pending: { file }[]] (typed any).
  const lists: unknown[] = Array.isArray(listed) ? listed : [];
  const [completed, pending] = lists;
  return { applied: textsAt(completed, 'name'), pending: textsAt(pending, 'file') };
}

function textsAt(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) throw new Error('knex migrate list answered no lists');
  return list.map((item) => String(isRecord(item) ? item[key] : undefined));
}
