/**
 * Data at scale: a million synthetic branches (Filiale) on SQLite and on PostgreSQL, listed through the
 * real application over HTTP (logged in as assistenza, who sees every bank). Per query shape: p50/p99
 * with the count cache (server/crud/count-cache.ts) on and off, the same page query without the spec's
 * indexes, on PostgreSQL with text columns COLLATE "C", and the plans the database chose.
 * bench/run.ts puts the section under its own `## Scale` heading; quick: 100,000 rows, 15 requests.
 */
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import { countCacheOf } from '../../server/crud/count-cache.js';
import { named, present } from '../../server/lookup.js';
import { startApi, type ApiClient } from '../scale/client.js';
import { openScaleDatabase, type Dialect } from '../scale/database.js';
import { explainList } from '../scale/plans.js';
import { renderScale, type DialectResult, type Measured, type ShapeResult } from '../scale/report.js';
import { seedBranches } from '../scale/seed.js';
import { shapes } from '../scale/shapes.js';

const WARMUP = 3;

export async function run(opts: { quick: boolean }): Promise<string> {
  const rows = opts.quick ? 100_000 : 1_000_000;
  const reps = opts.quick ? 15 : 100;
  const results: DialectResult[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const start = performance.now();
    try {
      results.push({ ...(await measure(dialect, rows, reps)), seconds: (performance.now() - start) / 1000 });
    } catch (error) {
      results.push({ dialect, error: error instanceof Error ? error.message : String(error), shapes: [], seconds: (performance.now() - start) / 1000 });
    }
  }
  return renderScale(results, rows, reps, WARMUP);
}

async function measure(dialect: Dialect, rows: number, reps: number): Promise<Omit<Measured, 'seconds'>> {
  const database = await openScaleDatabase(dialect);
  let client: ApiClient | undefined;
  try {
    const { db, artifacts } = database;
    const filiale = named(artifacts.model.entities, 'Filiale', 'entities');
    const seed = await seedBranches(db, artifacts, rows);
    const bytes = await database.size();
    client = await startApi(db, artifacts);
    const api = client;
    const cache = present(countCacheOf(db), 'the count cache of the database');
    const out: ShapeResult[] = [];
    for (const shape of shapes(seed.banks)) {
      const plans = await explainList(db, api, shape.path);
      const timed = async (cached: boolean) => {
        cache.enabled = cached;
        const start = performance.now();
        const answer = await api.list(shape.path);
        return { ms: performance.now() - start, totalCount: answer.totalCount };
      };
      for (let i = 0; i < WARMUP; i++) { await timed(false); await timed(true); }
      const cached: number[] = [];
      const uncached: number[] = [];
      let totalCount = -1;
      for (let i = 0; i < reps; i++) {
        // Alternate which goes first, so drift on the shared machine hits both series alike.
        for (const on of i % 2 ? [true, false] : [false, true]) {
          const { ms, totalCount: count } = await timed(on);
          if (totalCount >= 0 && count !== totalCount) throw new Error(`${shape.name}: totalCount ${count} != ${totalCount}`);
          totalCount = count;
          (on ? cached : uncached).push(ms);
        }
      }
      out.push({ shape, totalCount, cached, uncached, plans });
    }
    cache.enabled = true;
    const fewer = Math.max(5, Math.round(reps / 5));
    // The database is thrown away afterwards: the spec indexes are dropped for good.
    for (const ix of filiale.indexes) await db.raw(`DROP INDEX ${ix.name}`);
    if (dialect === 'postgres') await db.raw('ANALYZE filiale');
    for (const result of out.filter((r) => r.shape.usesSpecIndex)) result.noIndex = await sample(api, result.shape.path, fewer);
    if (dialect === 'postgres') {
      await collateTextColumns(db, filiale);
      for (const result of out) {
        result.collated = await sample(api, result.shape.path, fewer);
        result.collatedPlan = (await explainList(db, api, result.shape.path)).page;
      }
    }
    return { dialect, seed, bytes, migrations: database.migrations, shapes: out };
  } finally {
    await client?.close();
    await database.dispose();
  }
}

/** `n` timed requests, after one unmeasured (it also recounts: DDL bumps every table's count version). */
async function sample(api: ApiClient, path: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i <= n; i++) {
    const start = performance.now();
    await api.list(path);
    if (i > 0) out.push(performance.now() - start);
  }
  return out;
}

/**
 * What declaring text columns COLLATE "C" on PostgreSQL would give: the spec indexes back, then every text
 * column of the table altered to COLLATE "C" (PostgreSQL rebuilds the key and the indexes in it).
 */
async function collateTextColumns(db: Knex, entity: EntityModel): Promise<void> {
  const columns = (fields: string[]) => fields.map((f) => `"${named(entity.fields, f, `${entity.name} fields`).column}"`).join(', ');
  for (const ix of entity.indexes) await db.raw(`CREATE INDEX ${ix.name} ON ${entity.table} (${columns(ix.fields)})`);
  const text = (await db.raw<{ rows: { column_name: string; character_maximum_length: number }[] }>(
    "SELECT column_name, character_maximum_length FROM information_schema.columns WHERE table_name = ? AND data_type = 'character varying'", [entity.table],
  )).rows;
  const alters = text.map((c) => `ALTER COLUMN "${c.column_name}" TYPE varchar(${c.character_maximum_length}) COLLATE "C"`);
  await db.raw(`ALTER TABLE ${entity.table} ${alters.join(', ')}`);
  await db.raw(`ANALYZE ${entity.table}`);
}
