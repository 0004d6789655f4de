/**
 * Bulk load of generated movements on PostgreSQL (bench/volume/movements.ts): the rows are written as CSV files of
 * a million rows each into a folder the database server can read (it runs on this machine, as the bench's
 * `BENCH_POSTGRES_URL` says) and read by `COPY ... FROM '<file>'`, with the table's secondary indexes and foreign
 * keys dropped during the load and made again after it. A million rows an INSERT at a time (knex batchInsert) took
 * minutes; COPY into an index-free table, one build per index and one check per foreign key over the whole table is
 * the bulk path PostgreSQL documents ("Populating a Database"). With its five foreign keys in place, COPY checked
 * every row against each referenced table, one lookup at a time: over 6 minutes for the first million movements
 * (2026-11-29), where the rest of the load takes about 1.5. The folder is removed afterwards.
 */
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { textOf } from '../../common/text.js';

const ROWS_PER_FILE = 1_000_000;

/** One CSV field: NULL is an unquoted empty field, every text is quoted (a quoted empty field is an empty text). */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return `"${textOf(value).replace(/"/g, '""')}"`;
}

/** Writes `count` rows made by `row(k)` (column -> value, the columns of `columns`) into `table` by COPY. */
export async function copyRows(db: Knex, table: string, columns: readonly string[], count: number, row: (k: number) => Record<string, unknown>, progress: (done: number) => void): Promise<void> {
  const indexes = await db.raw<{ rows: { indexname: string; indexdef: string }[] }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.tablename = ? AND i.schemaname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`, [table]);
  const foreignKeys = await db.raw<{ rows: { conname: string; definition: string }[] }>(
    `SELECT c.conname, pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
       WHERE c.conrelid = ?::regclass AND c.contype = 'f'`, [table]);
  for (const fk of foreignKeys.rows) await db.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [table, fk.conname]);
  for (const ix of indexes.rows) await db.raw('DROP INDEX ??', [ix.indexname]);
  const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-copy-'));
  // The server process (user postgres) reads the files: the folder must be open to it.
  chmodSync(dir, 0o755);
  try {
    for (let from = 0; from < count; from += ROWS_PER_FILE) {
      const file = join(dir, `rows-${from}.csv`);
      const fd = openSync(file, 'w', 0o644);
      try {
        let chunk: string[] = [];
        for (let k = from; k < Math.min(from + ROWS_PER_FILE, count); k++) {
          const r = row(k);
          chunk.push(columns.map((c) => csvField(r[c])).join(','));
          if (chunk.length === 10_000) { writeSync(fd, `${chunk.join('\n')}\n`); chunk = []; }
        }
        if (chunk.length) writeSync(fd, `${chunk.join('\n')}\n`);
      } finally {
        closeSync(fd);
      }
      await db.raw(`COPY ?? (${columns.map(() => '??').join(', ')}) FROM '${file}' WITH (FORMAT csv)`, [table, ...columns]);
      rmSync(file);
      progress(Math.min(from + ROWS_PER_FILE, count));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // One transaction, so the memory setting holds for every build (the pool may hand out another connection).
  await db.transaction(async (trx) => {
    await trx.raw("SET LOCAL maintenance_work_mem = '512MB'");
    for (const ix of indexes.rows) await trx.raw(ix.indexdef);
    // Made again, each foreign key is checked once over every row (a failure names the first row it refuses).
    for (const fk of foreignKeys.rows) await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${fk.definition}`, [table, fk.conname]);
  });
}
