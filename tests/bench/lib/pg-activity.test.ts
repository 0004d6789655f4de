/**
 * The database half of the bench's drain (bench/lib/pg-activity.ts) on a real PostgreSQL server: a statement left
 * running by a finished cell is seen from the admin connection and cancelled, and the drain then finds it idle.
 * PostgreSQL only (tests/run-postgres-suite.ts); SQLite has no statement outside the server's process.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drain } from '../../../bench/lib/drain.js';
import { activeStatements, cancelStatements, databaseOf } from '../../../bench/lib/pg-activity.js';
import { openTestDatabase, TEST_DIALECT, TEST_POSTGRES_URL, type TestDatabase } from '../../support/test-database.js';

describe('databaseOf', () => {
  it('is the database a connection URL names', () => {
    expect(databaseOf('postgres://postgres@127.0.0.1:5432/webpos_bench_vol_generated_1')).toBe('webpos_bench_vol_generated_1');
  });
});

describe.skipIf(TEST_DIALECT !== 'postgres')('a statement left running in a server\'s database', () => {
  let test: TestDatabase;
  let admin: pg.Client;
  let name: string;
  beforeAll(async () => {
    test = await openTestDatabase();
    name = (await test.db.raw<{ rows: { name: string }[] }>('SELECT current_database() AS name')).rows[0].name;
    admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await test.close();
  });

  it('is counted, cancelled after the wait, and the database drains', async () => {
    expect(await activeStatements(admin, name)).toBe(0);
    const left = test.db.raw('SELECT pg_sleep(60)').then(() => 'finished', (error: unknown) => (error instanceof pg.DatabaseError ? error.code : String(error)));
    for (let i = 0; i < 50 && (await activeStatements(admin, name)) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await activeStatements(admin, name)).toBe(1);

    const probe = { poll: async () => ({ connections: 0, cpuMs: 0, activeQueries: await activeStatements(admin, name) }), cancel: () => cancelStatements(admin, name) };
    const result = await drain(probe, { waitMs: 300, cancelMs: 5000, pollMs: 50, quietPolls: 3, busyShare: 0.25 });

    expect(result).toMatchObject({ outcome: 'idle', cancelled: 1 });
    expect(result.ms).toBeLessThan(5000);
    expect(await left).toBe('57014'); // query_canceled: the server's request fails, its connection is free again
    expect(await activeStatements(admin, name)).toBe(0);
  });
});
