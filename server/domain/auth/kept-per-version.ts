/**
 * Values computed from a few tables (a group's scope, a user's grants), kept per key until one of those
 * tables is written. Whether a table was written comes from the versions the list count cache keeps of
 * every table this Knex instance writes (server/crud/count-cache.ts, installed by createApp): a write by
 * this process ends the kept value at once, a write by another process (a second server, a manual SQL
 * session) after `ttlMs` at most, as for list counts. Inside a transaction, or on a database whose writes
 * are not observed, the value is computed every time.
 */
import type { Knex } from 'knex';
import { countCacheOf } from '../../crud/count-cache.js';

interface Entry<T> { value: T; version: string; at: number }

export class KeptPerVersion<T> {
  private readonly kept = new WeakMap<Knex | Knex.Transaction, Map<string, Entry<T>>>();

  constructor(private readonly tables: readonly string[], private readonly ttlMs: number, private readonly max: number) {}

  async get(db: Knex | Knex.Transaction, key: string, load: () => Promise<T>): Promise<T> {
    const versions = db.isTransaction ? undefined : countCacheOf(db);
    if (!versions) return load();
    let entries = this.kept.get(db);
    if (!entries) this.kept.set(db, (entries = new Map<string, Entry<T>>()));
    const version = versions.versionOf(this.tables);
    const hit = entries.get(key);
    if (version !== undefined && hit && hit.version === version && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    // Kept only when no write to the tables started or ended while it was read.
    if (version !== undefined && versions.versionOf(this.tables) === version) {
      entries.delete(key); // re-inserted last: Map order is the order of use
      entries.set(key, { value, version, at: Date.now() });
      const oldest = entries.keys().next();
      if (entries.size > this.max && !oldest.done) entries.delete(oldest.value);
    }
    return value;
  }
}
