/**
 * Test apps start from the run's demo template (demo-template.ts), and a copy of it holds what a start
 * from an empty database builds: the same rows in every table.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadArtifacts } from '../../server/artifacts.js';
import { demoTemplateOf, prepareDemoDatabase } from './demo-template.js';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './test-database.js';

const artifacts = loadArtifacts();
const opened: TestDatabase[] = [];
afterAll(() => Promise.all(opened.map((database) => database.close())));

async function rowCounts(database: TestDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entity of artifacts.model.entities) {
    const [{ count }] = await database.db(entity.table).count({ count: '*' });
    counts[entity.table] = Number(count);
  }
  return counts;
}

describe(`demo template (${TEST_DIALECT})`, () => {
  it('is made by the global setup for the real domain', async () => {
    expect(await demoTemplateOf(artifacts)).toEqual(expect.any(String));
  });

  it('copies to the same rows as a database migrated and loaded from empty', async () => {
    const copy = await openTestDatabase(await demoTemplateOf(artifacts));
    const fresh = await openTestDatabase();
    opened.push(copy, fresh);
    await prepareDemoDatabase(fresh, artifacts);
    await prepareDemoDatabase(copy, artifacts); // a no-op on a copy: the same calls as a test app's start
    const counts = await rowCounts(copy);
    expect(Object.values(counts).some((count) => count > 0)).toBe(true);
    expect(counts).toEqual(await rowCounts(fresh));
  });
});
