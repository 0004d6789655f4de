/**
 * totalCount without counting the whole filter on every page. A list answers `totalCount` on every
 * page (the UI's table shows it as its row count), and a COUNT(*) of a broad filter reads every
 * matching row: over a million rows that is most of the cost of each page. Paging through a list
 * repeats the same filter, so the count of a filter is kept until its table is written.
 *
 * Why a write-version cache rather than "count on the first page only": the API contract and the UI
 * keep working unchanged, and a count is never stale. Every statement this Knex instance sends is
 * observed (its `query` / `query-response` events), whoever sends it: the entity service, a domain
 * handler, a raw query. A write bumps its table's version when it starts and when it ends; a write
 * inside a transaction keeps the table uncacheable until every open transaction has ended (PostgreSQL
 * readers do not see uncommitted rows, so a count taken meanwhile would outlive the commit). A count is
 * kept only if its table was stable and at the same version before and after counting. A write whose
 * table cannot be told from its SQL invalidates every table.
 *
 * Limits: writes by another process (a second server on the same PostgreSQL, a manual SQL session)
 * are not observed, so an entry also expires after TTL_MS; one server process per database is the
 * deployment `npm start` makes. Counts inside a transaction are never cached (they may see its own writes).
 */
import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { isRecord } from '../records.js';

const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
const ANY_TABLE = '*';

/**
 * A federation's scope is bound as one JSON array of 10,000 codes (whereInScope): such keys are kept as their
 * digest, so 500 entries never hold megabytes of bindings.
 */
function keyOf(text: string): string {
  return text.length > 1024 ? `sha256:${createHash('sha256').update(text).digest('base64')}` : text;
}

interface QueryEvent { sql?: string; bindings?: unknown; __knexTxId?: string; __knexQueryUid?: string }
interface Entry { count: number; version: string; at: number }

export class CountCache {
  /** Off: every list counts (the behaviour before the cache; the scale benchmark compares both). */
  enabled = true;
  private readonly versions = new Map<string, number>();
  private readonly running = new Map<string, string>(); // query uid -> table, autocommit writes in flight
  private readonly writtenInTransactions = new Set<string>();
  private openTransactions = 0;
  private readonly entries = new Map<string, Entry>();

  /** The count of `query` (a `count({ count: '*' })` builder on `table`), from the cache when it is valid. */
  async count(table: string, query: Knex.QueryBuilder, db: Knex | Knex.Transaction): Promise<number> {
    const run = () => countOf(query);
    if (!this.enabled || db.isTransaction) return run();
    const native = query.toSQL().toNative();
    const key = keyOf(`${table}\n${native.sql}\n${JSON.stringify(native.bindings)}`);
    // Every table the count reads (a scope or filter may one day join or sub-select another one).
    const tables = [...new Set([table, ...readTables(native.sql)])];
    const version = () => tables.map((t) => this.version(t)).join('|');
    const stable = () => tables.every((t) => this.stable(t));
    const before = version();
    const stableBefore = stable();
    const hit = this.entries.get(key);
    if (stableBefore && hit && hit.version === before && Date.now() - hit.at < TTL_MS) {
      this.entries.delete(key); // re-insert: Map order is the LRU order
      this.entries.set(key, hit);
      return hit.count;
    }
    const count = await run();
    if (stableBefore && stable() && version() === before) {
      this.entries.delete(key);
      this.entries.set(key, { count, version: before, at: Date.now() });
      const oldest = this.entries.keys().next();
      if (this.entries.size > MAX_ENTRIES && !oldest.done) this.entries.delete(oldest.value);
    }
    return count;
  }

  /** Listens to every statement of `db` and sees every top-level transaction start and end. */
  observe(db: Knex): void {
    db.on('query', (q: QueryEvent) => {
      const table = writtenTable(q.sql);
      if (!table) return;
      this.bump(table);
      if (q.__knexTxId) this.writtenInTransactions.add(table);
      else this.running.set(runningKey(q), table);
    });
    const ended = (q: QueryEvent) => {
      const table = writtenTable(q.sql);
      if (!table) return;
      this.running.delete(runningKey(q));
      this.bump(table);
    };
    db.on('query-response', (_response: unknown, q: QueryEvent) => ended(q));
    db.on('query-error', (_error: unknown, q: QueryEvent) => ended(q));
    // knex.transaction() goes through client.transaction(); its result settles after COMMIT or ROLLBACK
    // has completed, which no query event reports.
    const client: unknown = db.client;
    if (!startsTransactions(client)) throw new Error('The knex client has no transaction(): the count cache cannot see transactions end');
    const begin = client.transaction.bind(client);
    client.transaction = (...args: unknown[]) => {
      this.openTransactions++;
      const trx = begin(...args);
      const end = () => {
        if (--this.openTransactions > 0) return;
        for (const table of this.writtenInTransactions) this.bump(table);
        this.writtenInTransactions.clear();
      };
      Promise.resolve(trx).then(end, end);
      return trx;
    };
  }

  /**
   * The write version of `tables` as one string, undefined while one of them is being written (or in an
   * open transaction that wrote it): other per-table caches (the callers' scopes, server/domain/auth/caller.ts)
   * keep a value computed from those tables only while this stays the same.
   */
  versionOf(tables: readonly string[]): string | undefined {
    return tables.every((t) => this.stable(t)) ? tables.map((t) => this.version(t)).join('|') : undefined;
  }

  private stable(table: string): boolean {
    const busy = (t: string) => this.writtenInTransactions.has(t) || [...this.running.values()].includes(t);
    return !busy(table) && !busy(ANY_TABLE);
  }

  private version(table: string): string {
    return `${this.versions.get(ANY_TABLE) ?? 0}.${this.versions.get(table) ?? 0}`;
  }

  private bump(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }
}

/** The statement's own key while it runs: knex's query uid, else its SQL (a write always has SQL). */
function runningKey(q: QueryEvent): string {
  return q.__knexQueryUid ?? q.sql ?? '';
}

/** What observe() wraps of knex's client (knex types the client as any). */
interface TransactionStarter { transaction: (...args: unknown[]) => PromiseLike<unknown> }

function startsTransactions(client: unknown): client is TransactionStarter {
  return isRecord(client) && typeof client.transaction === 'function';
}

/** The number a `count({ count: '*' })` query answers in its one row (PostgreSQL sends a bigint as text). */
export async function countOf(query: PromiseLike<unknown>): Promise<number> {
  const rows: unknown = await query;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  if (!isRecord(first)) throw new Error('A count query answered no row');
  return Number(first.count);
}

/** A table name without its schema (`public.banca` -> `banca`). */
function unqualified(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

const caches = new WeakMap<Knex | Knex.Transaction, CountCache>();

/** Called once by createApp on its database, before any request; later lists of that db use it. */
export function installCountCache(db: Knex): CountCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CountCache();
    cache.observe(db);
    caches.set(db, cache);
  }
  return cache;
}

/** The cache of `db` (or of the database a transaction belongs to is not needed: those never cache). */
export function countCacheOf(db: Knex | Knex.Transaction): CountCache | undefined {
  return caches.get(db);
}

/** The tables a SELECT names after FROM or JOIN (lower case, schema dropped). */
export function readTables(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|join)\s+((?:[`"]?\w+[`"]?\.)?[`"]?\w+[`"]?)/gi)].map((m) => unqualified(m[1]).replace(/[`"]/g, '').toLowerCase());
}

const READS = /^(select|pragma|explain|show|begin|commit|rollback|savepoint|release|set)\b/i;
/** A WITH statement is a read unless a part of it modifies data (PostgreSQL data-modifying CTEs, WITH ... INSERT). */
const MODIFIES = /\b(insert|update|delete|merge|truncate)\b|\breplace\s+into\b/i;
const WRITE_TARGET = /^(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?((?:[`"]?\w+[`"]?\.)?[`"]?\w+[`"]?)/i;

/** The table a statement writes, ANY_TABLE when it may write but the table is not plain; undefined for a read. */
export function writtenTable(sql: string | undefined): string | undefined {
  const text = (sql ?? '').replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  if (!text || READS.test(text) || (/^with\b/i.test(text) && !MODIFIES.test(text))) return undefined;
  const target = WRITE_TARGET.exec(text)?.[1];
  return target ? unqualified(target).replace(/[`"]/g, '').toLowerCase() : ANY_TABLE;
}
