/**
 * Values computed from a few tables (a group's scope, a user's grants), kept per key until one of those
 * tables is written. Whether a table was written comes from the versions the list count cache keeps of
 * every table this Knex instance writes (server/crud/count-cache.ts, installed by createApp): a write by
 * this process ends the kept value at once, a write by another process (a second server, a manual SQL
 * session) after `ttlMs` at most, as for list counts. Inside a transaction, or on a database whose writes
 * are not observed, the value is computed every time.
 *
 * Past `ttlMs`, SQLite says whether another connection committed anything since the value was read (PRAGMA
 * data_version; the pool has one connection): when none did, the value is kept for another `ttlMs` instead of
 * read again. A federation's scope walks its 10,000 banks in about 30 ms, and better-sqlite3 runs that walk on
 * the event loop: every request in flight waited for it every 30 s, which was the federation's p99 at c=32
 * (bench/README.md, volume findings). PostgreSQL reads it again (off the loop, on a pooled connection).
 */
import type { Knex } from 'knex';
import { countCacheOf } from '../../crud/count-cache.js';
import { isPostgres } from '../../db/dialect.js';

/** `foreign`: SQLite's count of other connections' commits before the value was read (undefined: not known). */
interface Entry<T> { value: T; version: string; at: number; foreign?: number }

export class KeptPerVersion<T> {
  private readonly kept = new WeakMap<Knex | Knex.Transaction, Map<string, Entry<T>>>();

  /** `now`: the clock the ttl is counted on (a test's own). */
  constructor(private readonly tables: readonly string[], private readonly ttlMs: number, private readonly max: number, private readonly now: () => number = Date.now) {}

  async get(db: Knex | Knex.Transaction, key: string, load: () => Promise<T>): Promise<T> {
    const versions = db.isTransaction ? undefined : countCacheOf(db);
    if (!versions) return load();
    let entries = this.kept.get(db);
    if (!entries) this.kept.set(db, (entries = new Map<string, Entry<T>>()));
    const version = versions.versionOf(this.tables);
    const hit = entries.get(key);
    const unchangedHere = version !== undefined && hit !== undefined && hit.version === version;
    if (unchangedHere && this.now() - hit.at < this.ttlMs) return hit.value;
    // Past the ttl (the read below happens once per ttl, not per request): only another process could have written.
    const foreign = unchangedHere ? await foreignCommits(db) : undefined;
    if (unchangedHere && foreign !== undefined && foreign === hit.foreign) {
      hit.at = this.now();
      return hit.value;
    }
    const value = await load();
    // Kept only when no write to the tables started or ended while it was read.
    if (version !== undefined && versions.versionOf(this.tables) === version) {
      entries.delete(key); // re-inserted last: Map order is the order of use
      entries.set(key, { value, version, at: this.now(), ...(foreign !== undefined ? { foreign } : {}) });
      const oldest = entries.keys().next();
      if (entries.size > this.max && !oldest.done) entries.delete(oldest.value);
    }
    return value;
  }
}

/**
 * SQLite's count of the commits other connections made to the database file (PRAGMA data_version: it changes
 * when another process writes, never for this connection's own writes, which the versions above see). None on
 * PostgreSQL, which has no such cheap counter.
 */
async function foreignCommits(db: Knex): Promise<number | undefined> {
  if (isPostgres(db)) return undefined;
  const rows: unknown = await db.raw('PRAGMA data_version');
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return typeof first === 'object' && first !== null && 'data_version' in first && typeof first.data_version === 'number' ? first.data_version : undefined;
}
