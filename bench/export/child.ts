/**
 * One measured export in a process of its own, as the server runs it: createApp on the benchmark database
 * (its export worker), a job queued for assistenza (every bank), timed until it ends. Prints one JSON line;
 * bench/lib-scale/cpu-report.ts (preloaded by runTimed) adds the process's CPU time and peak RSS on exit,
 * so the peak covers the application's start and the whole export.
 *
 *   node --import tsx bench/export/child.ts <sqlite file | postgres url> <csv|xlsx> <folder>
 */
import { statSync } from 'node:fs';
import { createApp } from '../../server/app.js';
import { loadArtifacts } from '../../server/artifacts.js';
import { connect } from '../../server/db/connect.js';
import { exportFormatOf } from '../../server/exports/jobs.js';
import type { ExportWorker } from '../../server/exports/worker.js';

const [target, formatArg, dir] = process.argv.slice(2);
const format = exportFormatOf(formatArg);
const db = connect(target.startsWith('postgres') ? { databaseUrl: target, sqliteFile: ':memory:' } : { sqliteFile: target });
const app = createApp({ db, artifacts: loadArtifacts(), exports: { dir, run: true } });
const worker: ExportWorker = app.locals.exportWorker;
const rssStart = process.memoryUsage().rss;
const start = performance.now();
const job = await worker.jobs.create('Filiale', format, 'assistenza', 'banca', { query: {}, fixed: {} });
worker.wake();
let done = await worker.jobs.find(job.id);
while (done && done.stato !== 'S' && done.stato !== 'E') {
  await new Promise((r) => setTimeout(r, 100));
  done = await worker.jobs.find(job.id);
}
const ms = performance.now() - start;
worker.stop();
const bytes = done?.downloadId ? statSync(worker.fileOf(done.downloadId, format)).size : 0;
// The worker's own time, from claim to end (the wall time adds the first poll and the app's start).
const workerMs = done?.startedAt && done.finishedAt ? Date.parse(done.finishedAt) - Date.parse(done.startedAt) : ms;
console.log(JSON.stringify({ stato: done?.stato, rows: done?.righeScritte, ms: workerMs, wallMs: ms, bytes, rssStartMiB: rssStart / 1048576 }));
await db.destroy();
