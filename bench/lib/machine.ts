/** What a result depends on besides the code: the machine, Node and the commit it was measured at. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ROOT_DIR } from '../../server/config.js';

export interface RunStamp { date: string; commit: string; command: string }

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function runStamp(command: string): RunStamp {
  const sha = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  const dirty = git(['status', '--porcelain']) ? ' + uncommitted changes' : '';
  return { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), commit: `${sha}${dirty}`, command };
}

export function machineLines(): string[] {
  const cpus = os.cpus();
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} logical cores`,
    `- RAM: ${gib(os.totalmem())} (${gib(os.freemem())} free at start)`,
    `- OS: ${os.type()} ${os.release()} ${os.arch()}`,
    `- Node: ${process.version}`,
    `- Load average at start (1/5/15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
  ];
}
