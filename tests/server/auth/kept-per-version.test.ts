/**
 * Values kept per version (server/domain/auth/kept-per-version.ts: a caller's scope and grants): a write by this
 * process ends the value at once; past the ttl, on SQLite, the value is read again only when another connection
 * (another process) committed since it was read. Before, it was read again every ttl whatever happened, and a
 * federation's scope (a walk of 10,000 banks on the event loop) held up every request in flight each time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCountCache } from '../../../server/crud/count-cache.js';
import { connect } from '../../../server/db/connect.js';
import { KeptPerVersion } from '../../../server/domain/auth/kept-per-version.js';

const TTL_MS = 30_000;
/** The kept values' clock, moved by the test: no waiting, whatever the machine's load. */
let clock = 0;
const dir = mkdtempSync(join(tmpdir(), 'webpos-kept-'));
const file = join(dir, 'kept.sqlite');
let db: Knex;
/** Another process's connection to the same file, as a second server or a manual SQL session would be. */
let other: Knex;

const pastTtl = () => { clock += TTL_MS + 1; };

beforeAll(async () => {
  db = connect({ sqliteFile: file });
  installCountCache(db);
  await db.schema.createTable('gruppo', (t) => { t.string('group_name').primary(); });
  await db('gruppo').insert({ group_name: '15000' });
  other = connect({ sqliteFile: file });
});
afterAll(async () => {
  await other.destroy();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('a kept value on SQLite', () => {
  it('is read once per change, not once per ttl, and again after another connection writes', async () => {
    const kept = new KeptPerVersion<number>(['gruppo'], TTL_MS, 10, () => clock);
    let reads = 0;
    const groups = () => kept.get(db, 'federazione', async () => {
      reads++;
      const rows: { group_name: string }[] = await db('gruppo').select('group_name');
      return rows.length;
    });

    expect(await groups()).toBe(1);
    expect(await groups()).toBe(1);
    expect(reads).toBe(1);
    // The first time past the ttl it is read again (nothing known yet of other connections), then no more.
    pastTtl();
    expect(await groups()).toBe(1);
    expect(reads).toBe(2);
    for (let i = 0; i < 3; i++) {
      pastTtl();
      expect(await groups()).toBe(1);
    }
    expect(reads).toBe(2);

    // Another process adds a group: seen after the ttl, not before.
    await other('gruppo').insert({ group_name: '80007' });
    expect(await groups()).toBe(1);
    pastTtl();
    expect(await groups()).toBe(2);
    expect(reads).toBe(3);

    // This process's own write ends the value at once.
    await db('gruppo').insert({ group_name: '80008' });
    expect(await groups()).toBe(3);
    expect(reads).toBe(4);
  });
});
