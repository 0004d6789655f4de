/**
 * Asynchronous exports (server/exports/): synthetic branches (bench/scale/seed.ts) exported to CSV and
 * XLSX by the export worker, each export in a fresh process (bench/export/child.ts), on SQLite and on
 * PostgreSQL, at 10,000 rows and at 1,000,000 rows (quick: 10,000 and 100,000). Reported: time, rows/s,
 * file size, the process's peak RSS. Flat memory means the large export peaks about where the small one
 * does: rows are read in keyset batches (server/exports/keyset.ts) and written straight to the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTimed } from '../lib-scale/timed-child.js';
import { openScaleDatabase, type Dialect } from '../scale/database.js';
import { seedBranches } from '../scale/seed.js';

interface Measure { dialect: Dialect; rows: number; format: string; ms: number; cpuMs: number; bytes: number; peakMiB: number; startMiB: number; error?: string }

export async function run(opts: { quick: boolean }): Promise<string> {
  const sizes = opts.quick ? [10_000, 100_000] : (process.env.BENCH_EXPORT_ROWS ?? '10000,1000000').split(',').map(Number);
  const out: Measure[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    for (const rows of sizes) {
      const database = await openScaleDatabase(dialect);
      const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-export-'));
      try {
        await seedBranches(database.db, database.artifacts, rows);
        for (const format of ['csv', 'xlsx']) {
          console.log(`export ${dialect} ${rows} ${format}`);
          try {
            const child = await runTimed(['bench/export/child.ts', database.target, format, dir]);
            // The child's last line is its JSON report (bench/export/child.ts).
            const result: { stato: string; rows: number; ms: number; bytes: number; rssStartMiB: number } = JSON.parse(child.stdout.trim().split('\n').pop() ?? '');
            if (result.stato !== 'S') throw new Error(`export ended in ${result.stato}`);
            out.push({ dialect, rows: result.rows, format, ms: result.ms, cpuMs: child.cpuMs, bytes: result.bytes, peakMiB: child.maxRssMiB, startMiB: result.rssStartMiB });
          } catch (error) {
            out.push({ dialect, rows, format, ms: NaN, cpuMs: NaN, bytes: 0, peakMiB: NaN, startMiB: NaN, error: (error instanceof Error ? error.message : String(error)).split('\n')[0] });
          }
        }
      } finally {
        await database.dispose();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return render(out);
}

function render(results: Measure[]): string {
  const n = (x: number, digits = 0) => (Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-');
  const lines = [
    'Every bank\'s branches exported by the worker for assistenza, list order (codAbi, cab), one fresh process per',
    'export (`bench/export/child.ts`). Peak RSS is the whole process (Node, the app, the database driver) from',
    'start to end; "after start" is its RSS once the app was created, before the export.',
    '',
    '| database | rows | format | time s | rows/s | CPU s | file MiB | RSS after start MiB | peak RSS MiB |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => r.error
      ? `| ${r.dialect} | ${n(r.rows)} | ${r.format} | failed: ${r.error} | | | | | |`
      : `| ${r.dialect} | ${n(r.rows)} | ${r.format} | ${n(r.ms / 1000, 1)} | ${n(r.rows / (r.ms / 1000))} | ${n(r.cpuMs / 1000, 1)} | ${n(r.bytes / 1048576, 1)} | ${n(r.startMiB)} | ${n(r.peakMiB)} |`),
  ];
  return lines.join('\n');
}
