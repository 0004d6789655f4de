/**
 * The API as a child process, so a restart is a fresh start of the real product: it reads generated/
 * again, migrates the dev database and listens. A standby child (scripts/dev/api-entry.ts) is prepared
 * in advance with the server's code loaded; `start()` tells it to go and resolves once it prints its
 * listening line. Its output goes to this terminal with an `[api]` prefix.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type DevToApi = 'start';

const ENTRY = 'scripts/dev/api-entry.ts';
const LISTENING = 'WebPOS admin listening on http://';
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 3_000;
/** Code a standby has loaded; edited after its spawn, the standby is replaced. */
const CODE_DIRS = ['server', 'common'];

export interface ApiOptions {
  rootDir: string;
  env: NodeJS.ProcessEnv;
  /** Called with the last lines of output when the running API exits on its own (a crash). */
  onUnexpectedExit?: (code: number | null, lastLines: string[]) => void;
}

interface Child {
  proc: ChildProcess;
  spawnedAt: number;
  ready: Promise<void>;
  listening: boolean;
  stopping: boolean;
  lastLines: string[];
  onLine?: (line: string) => void;
}

export class ApiProcess {
  private active: Child | undefined;
  private standby: Child | undefined;

  constructor(private readonly options: ApiOptions) {}

  get running(): boolean {
    return this.active !== undefined;
  }

  /** Starts the API and waits for its listening line; rejects with its last output if it exits first. */
  async start(): Promise<void> {
    let child = this.standby;
    this.standby = undefined;
    if (child && this.newestCodeChange() > child.spawnedAt) {
      await this.kill(child);
      child = undefined;
    }
    const current = child ?? this.spawn();
    this.active = current;
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => {
          current.proc.kill('SIGKILL');
          reject(new Error(`the API did not print its listening line within ${START_TIMEOUT_MS / 1000} s`));
        }, START_TIMEOUT_MS);
        current.onLine = (line) => {
          if (!line.includes(LISTENING)) return;
          current.listening = true;
          resolve();
        };
        current.proc.once('exit', (code) => {
          reject(new Error(`the API exited with code ${code} before listening:\n${current.lastLines.join('\n')}`));
        });
        current.ready.then(() => current.proc.send('start' satisfies DevToApi, (error) => error && reject(error)), reject);
      });
    } finally {
      clearTimeout(timer);
    }
    // The next API loads its code now, while this one serves.
    this.standby = this.spawn();
  }

  /** SIGTERM (the server closes and destroys its pool), SIGKILL if it is still there after a grace period. */
  async stop(): Promise<void> {
    const child = this.active;
    this.active = undefined;
    if (child) await this.kill(child);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops the API and the standby (the dev loop is ending). */
  async close(): Promise<void> {
    const standby = this.standby;
    this.standby = undefined;
    await Promise.all([this.stop(), standby && this.kill(standby)]);
  }

  private spawn(): Child {
    const proc = fork(ENTRY, [], {
      cwd: this.options.rootDir,
      env: this.options.env,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const child: Child = {
      proc,
      spawnedAt: Date.now(),
      listening: false,
      stopping: false,
      lastLines: [],
      ready: new Promise((resolve, reject) => {
        proc.once('message', (message) => { if (message === 'ready') resolve(); });
        proc.once('exit', (code) => reject(new Error(`the API exited with code ${code} while loading:\n${child.lastLines.join('\n')}`)));
      }),
    };
    child.ready.catch(() => undefined); // a standby that dies unused is reported when it is used
    const onLine = (line: string) => {
      if (!line.trim()) return;
      console.log(`[api] ${line}`);
      child.lastLines = [...child.lastLines.slice(-29), line];
      child.onLine?.(line);
    };
    proc.on('error', (error) => console.error(`[dev] API process: ${error.message}`));
    const { stdout, stderr } = proc;
    if (!stdout || !stderr) throw new Error('the API process must be forked with piped stdout and stderr');
    for (const stream of [stdout, stderr]) {
      // A chunk may end mid-line: keep the tail until its newline arrives.
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        lines.forEach(onLine);
      });
      stream.on('end', () => onLine(partial));
    }
    proc.on('exit', (code) => {
      if (this.active === child) this.active = undefined;
      if (this.standby === child) this.standby = undefined;
      if (child.listening && !child.stopping) this.options.onUnexpectedExit?.(code, child.lastLines);
    });
    return child;
  }

  private async kill(child: Child): Promise<void> {
    const { proc } = child;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    child.stopping = true;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(killer);
  }

  private newestCodeChange(): number {
    let newest = 0;
    for (const dir of CODE_DIRS) {
      for (const entry of readdirSync(join(this.options.rootDir, dir), { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
    return newest;
  }
}
