/**
 * `npm run dev`: the edit loop for spec/. Starts the API as a child process on its own dev database and
 * Vite's dev server in this process, then watches spec/: on each save it regenerates generated/ in
 * process, restarts the API when a file the API reads changed (it migrates on start), and Vite reloads
 * the open pages when the manifest or a form changed (scripts/dev/reload-on-generated.ts); ui/ sources
 * keep Vite's usual hot module replacement. A spec mistake is printed here as file:line:col and shown on
 * the page as Vite's error overlay; generated/ and the running API stay as they were.
 *
 * Env: PORT (API, 3000), UI_PORT (Vite, 5173), HOST (127.0.0.1), SQLITE_FILE (data/dev.sqlite),
 * DATABASE_URL (PostgreSQL instead of SQLite).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { formatDiagnostic } from '../generator/diagnostics.js';
import { apiGate } from './dev/api-gate.js';
import { ApiProcess } from './dev/api-process.js';
import { browserOverlay, type BrowserOverlay } from './dev/browser-overlay.js';
import { regenerate } from './dev/regenerate.js';
import { reloadOnGenerated } from './dev/reload-on-generated.js';
import { watchSpec, type SpecChange } from './dev/spec-watcher.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = Number(process.env.PORT ?? 3000);
const uiPort = Number(process.env.UI_PORT ?? 5173);
const sqliteFile = process.env.SQLITE_FILE ?? join(ROOT, 'data', 'dev.sqlite');
const ms = (from: number) => `${Math.round(performance.now() - from)} ms`;

let overlay: BrowserOverlay | undefined;
let apiProblem: { message: string; detail: string } | undefined;
const api = new ApiProcess({
  rootDir: ROOT,
  env: { ...process.env, PORT: String(apiPort), HOST: host, SQLITE_FILE: sqliteFile },
  onUnexpectedExit: (code, lastLines) => {
    apiProblem = { message: `The API stopped (exit code ${code}); save a spec file to start it again.`, detail: lastLines.join('\n') };
    console.error(`[dev] ${apiProblem.message}`);
    overlay?.showError(apiProblem.message, apiProblem.detail);
  },
});
const gate = apiGate();

/** Starts (or restarts) the API; a failure is reported, not thrown, so the loop keeps watching. */
async function startApi(): Promise<boolean> {
  gate.close();
  try {
    await api.restart();
    apiProblem = undefined;
    return true;
  } catch (error) {
    apiProblem = { message: 'The API failed to start; fix the cause and save a spec file to retry.', detail: error instanceof Error ? error.message : String(error) };
    console.error(`[dev] ${apiProblem.message}\n${apiProblem.detail}`);
    return false;
  } finally {
    gate.open();
  }
}

/** One save (or the start, without `change`): regenerate, restart the API if needed, report. */
async function cycle(change: SpecChange | undefined): Promise<void> {
  const startedAt = change?.firstEventAt ?? performance.now();
  gate.close();
  let result;
  try {
    result = await regenerate(ROOT);
  } catch (error) {
    // A generator bug, not a spec mistake: report it and keep watching.
    gate.open();
    const detail = error instanceof Error ? error.stack ?? error.message : String(error);
    console.error(`[dev] the generator failed:\n${detail}`);
    overlay?.showError('The generator failed (a bug in generator/, not in spec/).', detail);
    return;
  }
  const generatedIn = ms(startedAt);
  if (!result.ok) {
    for (const d of result.diagnostics) console.error(formatDiagnostic(d));
    overlay?.showDiagnostics(result.diagnostics);
    if (change) {
      gate.open();
      console.error(`[dev] spec change -> ${result.diagnostics.length} problem(s) in spec/ after ${generatedIn}; generated/ and the API are unchanged.`);
    } else {
      // At start there is no API yet: run it on the generated/ of the last good spec.
      console.error(`[dev] start -> ${result.diagnostics.length} problem(s) in spec/; the API runs on generated/ as it is.`);
      if (await startApi()) console.log(`[dev] API started in ${ms(startedAt)}`);
      if (apiProblem) overlay?.showError(apiProblem.message, apiProblem.detail);
    }
    return;
  }
  // The spec is right again: take the overlay away now, not after the API restart, so a page reloaded
  // for the new manifest or forms does not get the old error back on connection.
  overlay?.clear();
  const { written, removed } = result.report;
  let apiReport = 'API unchanged';
  if (result.serverChanged || !api.running) {
    const restartAt = performance.now();
    const verb = change ? 'restarted' : 'started';
    apiReport = (await startApi()) ? `API ${verb} in ${ms(restartAt)}` : 'API failed to start';
  } else {
    gate.open();
  }
  const files = [...written, ...removed.map((f) => `-${f}`)];
  console.log(`[dev] ${change ? 'spec change' : 'start'} -> generated in ${generatedIn}, ${apiReport} (${files.length ? files.join(', ') : 'no file changed'})`);
  if (apiProblem) overlay?.showError(apiProblem.message, apiProblem.detail);
}

/** A failure of the loop itself (not of the spec) is reported and the loop keeps watching. */
function safeCycle(change: SpecChange | undefined): Promise<void> {
  return cycle(change).catch((error: unknown) => {
    gate.open();
    console.error('[dev] this cycle failed; still watching spec/:', error);
  });
}

/** Saves during a cycle are folded into one more cycle after it. */
let running: Promise<void> | undefined;
let pending: SpecChange | undefined;
function onSpecChange(change: SpecChange) {
  if (running) {
    pending = pending ? { firstEventAt: pending.firstEventAt, files: [...new Set([...pending.files, ...change.files])] } : change;
    return;
  }
  running = safeCycle(change).finally(() => {
    running = undefined;
    const next = pending;
    pending = undefined;
    if (next) onSpecChange(next);
  });
}

const vite = await createServer({
  configFile: join(ROOT, 'ui', 'vite.config.ts'),
  clearScreen: false,
  plugins: [gate.plugin, reloadOnGenerated(ROOT)],
  // changeOrigin false: the API's CSRF check compares the browser's Origin with the Host it was sent to
  // (docs/security.md#csrf), so the proxy keeps the browser's Host (Vite's shorthand would rewrite it).
  server: { host, port: uiPort, proxy: { '/webpos': { target: `http://${host}:${apiPort}`, changeOrigin: false } } },
});
// generated/ is outside Vite's root (ui/): watch it so pages reload when the manifest or a form is rewritten.
vite.watcher.add(join(ROOT, 'generated'));
overlay = browserOverlay(vite, ROOT);
await vite.listen();
console.log('[dev] generating from spec/...');
await safeCycle(undefined);
const specWatcher = watchSpec(join(ROOT, 'spec'), onSpecChange);
console.log(`[dev] UI ${vite.resolvedUrls?.local[0] ?? `http://${host}:${uiPort}/`}`);
console.log(`[dev] API http://${host}:${apiPort}/webpos/api/v1/, database ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : sqliteFile}`);
console.log('[dev] watching spec/ (Ctrl-C to stop)');

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  specWatcher.close();
  await Promise.allSettled([vite.close(), api.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
