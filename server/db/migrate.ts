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

const TABLE = 'knex_migrations';

const isSqlite = (db: Knex) => String(db.client.config.client).includes('sqlite');

async function checkForeignKeys(trx: Knex.Transaction): Promise<void> {
  const broken = await trx.raw<{ table: string; parent: string }[]>('PRAGMA foreign_key_check');
  if (broken.length) {
    const first = broken[0];
    throw new Error(`Migration would leave ${broken.length} row(s) with a dangling foreign key (first: ${first.table} -> ${first.parent}); nothing was changed.`);
  }
}

async function run<T>(db: Knex, directory: string, action: (config: Knex.MigratorConfig) => Promise<T>): Promise<T> {
  const config: Knex.MigratorConfig = { directory, loadExtensions: ['.cjs'], tableName: TABLE };
  if (!isSqlite(db)) return action(config);
  await db.raw('PRAGMA foreign_keys = OFF');
  try {
    return await action({ ...config, afterEach: async (trx: Knex.Transaction) => checkForeignKeys(trx) } as Knex.MigratorConfig);
  } finally {
    await db.raw('PRAGMA foreign_keys = ON');
  }
}

/** Applies every pending migration; returns their file names. */
export async function migrateLatest(db: Knex, directory: string): Promise<string[]> {
  const [, applied] = (await run(db, directory, (config) => db.migrate.latest(config))) as [number, string[]];
  return applied;
}

/** Reverts the most recent migration; returns its file name (none when nothing was applied). */
export async function migrateDown(db: Knex, directory: string): Promise<string[]> {
  const [, reverted] = (await run(db, directory, (config) => db.migrate.down(config))) as [number, string[]];
  return reverted;
}

export interface MigrationStatus { applied: string[]; pending: string[] }

export async function migrationStatus(db: Knex, directory: string): Promise<MigrationStatus> {
  const [completed, pending] = (await db.migrate.list({ directory, loadExtensions: ['.cjs'], tableName: TABLE })) as [{ name: string }[], { file: string }[]];
  return { applied: completed.map((m) => m.name), pending: pending.map((m) => m.file) };
}
