/**
 * Runs a Node script as a child process, with the tsx loader unless `loader` names another `--import` (the generator's
 * own, generator/node-ts.ts, as `npm run gen` runs it), and reports its wall and CPU time.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ROOT_DIR } from '../../server/config.js';

const CPU_REPORT = fileURLToPath(new URL('./cpu-report.ts', import.meta.url));

export interface ChildRun { wallMs: number; cpuMs: number; maxRssMiB: number; stdout: string }

export function runTimed(args: string[], env: Record<string, string> = {}, loader = 'tsx'): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--import', loader, '--import', CPU_REPORT, ...args], {
      cwd: ROOT_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = performance.now() - start;
      if (code !== 0) { reject(new Error(`node ${args.join(' ')} exited with ${code}:\n${(stdout + stderr).slice(-2000)}`)); return; }
      const cpu = /BENCH_CPU_MS ([\d.]+)/.exec(stderr);
      const rss = /BENCH_MAX_RSS_KB (\d+)/.exec(stderr);
      resolve({ wallMs, cpuMs: cpu ? Number(cpu[1]) : NaN, maxRssMiB: rss ? Number(rss[1]) / 1024 : NaN, stdout });
    });
  });
}
