/**
 * A database migrated and loaded with the demo data once per test run, that each test app copies instead
 * of migrating and loading the demo rows itself (about 0.8 s on SQLite and 1.8 s on PostgreSQL per app,
 * some 65 apps per run). The global setup (demo-template-setup.ts) makes one for the real domain and one
 * for the fixture spec; the copy is the same database a start from empty would build, because it is built
 * by the same two calls.
 */
import type { Artifacts } from '../../server/artifacts.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { cheapenDemoPasswords } from './fast-demo-passwords.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

/** What the global setup hands to the test files: template location by artifacts' migrations folder. */
export type DemoTemplates = Record<string, string>;

declare module 'vitest' {
  interface ProvidedContext {
    demoTemplates: DemoTemplates;
  }
}

/** Migrated and loaded, connections closed: its `location` is ready to be copied. */
export async function makeDemoTemplate(artifacts: Artifacts): Promise<TestDatabase> {
  const database = await openTestDatabase();
  try {
    await prepareDemoDatabase(database, artifacts);
    await database.disconnect();
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The password of every demo user, of the domain and of the fixture spec. */
export const DEMO_PASSWORD = 'Demo-WebPos-2026';

/**
 * Brings a database to the latest migration with the demo rows, whose password is stored at a low scrypt
 * cost (fast-demo-passwords.ts); nothing to do on a template's copy.
 */
export async function prepareDemoDatabase({ db }: TestDatabase, artifacts: Artifacts): Promise<void> {
  await migrateLatest(db, artifacts.migrationsDir);
  await loadDemoDataIfEmpty(db, artifacts);
  await cheapenDemoPasswords(db, DEMO_PASSWORD);
}

/**
 * The template made for these artifacts in this run, if any: none outside vitest (a bench script using
 * the test app) or for a file run without the global setup.
 */
export async function demoTemplateOf(artifacts: Artifacts): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest'); // only inside a vitest worker, where inject has a context
  const templates: Partial<DemoTemplates> = inject('demoTemplates');
  return templates[artifacts.migrationsDir];
}
