/**
 * The real server on a fresh SQLite file. The run's first server applies the migrations and demo data
 * itself, exactly as `npm start` does on a new machine (global-setup.ts makes the template that way); each
 * test file's server then starts on a copy of that template, which saves it the migrations (about 1 s of
 * CPU a file on this machine). The server runs from its bundle (server-bundle.ts, made by the global setup).
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * server/main.ts bundled (server-bundle.ts). At the depth of server/main.ts: server/config.ts finds the
 * repository (generated/, spec/, dist/ui) one folder above its own module.
 */
export const SERVER_BUNDLE = join(ROOT, 'dist', 'e2e-server.mjs');
const START_TIMEOUT_MS = 60_000;
/** Set by global-setup.ts for the workers: the migrated demo database each server starts from a copy of. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DB';
/** The line server/main.ts prints once it listens; PORT=0 lets the system pick a free port, read back here. */
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)\//;

export interface AppServer {
  baseURL: string;
  /** Its SQLite file: rows only another system writes (card movements) are put there by a test. */
  databaseFile: string;
  /** The server's output, for the report of a failing test. */
  log: string[];
  /** Stops the server and deletes its database; `keep` may first copy the file the stopped server left. */
  stop(options?: { keep?: (databaseFile: string) => void }): Promise<void>;
}

export async function startAppServer(template = process.env[TEMPLATE_ENV]): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'webpos-e2e-'));
  const databaseFile = join(dataDir, 'e2e.sqlite');
  if (template) copyDatabase(template, databaseFile);
  // node itself, not npx: one process to stop, and no npx start-up on a busy machine.
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: databaseFile, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A worker that exits without its fixtures' teardown (killed after a timeout) must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const log: string[] = [];
  const stop = async (options: { keep?: (file: string) => void } = {}) => {
    process.removeListener('exit', killOnExit);
    await stopChild(child);
    options.keep?.(databaseFile);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseURL = await listeningUrl(child, log);
    return { baseURL, databaseFile, log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The SQLite file with its write-ahead log, if the server that wrote it left one. */
export function copyDatabase(from: string, to: string): void {
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
}

function listeningUrl(child: ChildProcessByStdio<null, Readable, Readable>, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${START_TIMEOUT_MS / 1000} s:\n${log.slice(-30).join('\n')}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        log.push(line);
        const url = LISTENING.exec(line)?.[1];
        if (url) {
          clearTimeout(timer);
          resolve(url);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before listening:\n${log.slice(-30).join('\n')}`));
    });
  });
}

/** SIGTERM lets the server close its database; SIGKILL after 5 s if it does not. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
