/** Applies the generated Knex migrations; reports what ran so start-up says what it did. */
import type { Knex } from 'knex';

export async function migrateLatest(db: Knex, directory: string): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ directory, loadExtensions: ['.cjs'], tableName: 'knex_migrations' })) as [number, string[]];
  return applied;
}
