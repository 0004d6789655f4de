/**
 * Starts an HTTP server under test as its own child process (node with the tsx loader, like
 * `npm start`), on a free port, and waits until it answers. The bench process only drives load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../../server/lookup.js';

export interface ServerSpec {
  /** Label used in reports. */
  name: string;
  /** Entry point, relative to the repository root. */
  script: string;
  sqliteFile: string;
  env?: Record<string, string>;
  /** When set, the child runs with --cpu-prof and writes its profile here on exit. */
  cpuProfDir?: string;
  /** Modules the child imports before the script (e.g. bench/volume/loop-delay.ts), relative to the root. */
  preload?: string[];
}

export interface RunningServer {
  spec: ServerSpec;
  origin: string;
  pid: number;
  /** CPU time (user + system, all threads) the process has used so far, in ms; NaN where /proc is missing. */
  cpuMs: () => number;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc/<pid>/stat (clock ticks, 100 per second on Linux). */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** The TCP port a listening server got (the system's pick when it asked for port 0). */
export function listeningPort(server: { address(): AddressInfo | string | null }): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`the server listens on ${address ?? 'nothing'}, not on a TCP port`);
  return address.port;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = listeningPort(probe);
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const port = await freePort();
  const args = ['--import', 'tsx', ...(spec.preload ?? []).flatMap((m) => ['--import', `./${m}`]), ...(spec.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', spec.cpuProfDir] : []), spec.script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), SQLITE_FILE: spec.sqliteFile, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-8000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${spec.name} exited with ${child.exitCode} before listening:\n${output}`);
    try {
      await fetch(`${origin}/webpos/api/v1/filiali`);
      break; // any HTTP answer (401) means it is up
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${spec.name} did not answer within 90 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { spec, origin, pid: present(child.pid, `the pid of ${spec.name}`), cpuMs: () => processCpuMs(child.pid), stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
