/**
 * The probe ./drain.ts polls for a server child process: sockets on its port (/proc/net/tcp and tcp6), its CPU time
 * since the previous poll, and, when it runs on PostgreSQL, the statements of its database (./pg-activity.ts) seen
 * through `admin`, a connection to another database of the same server.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { DrainProbe } from './drain.js';
import { connectionsTo } from './drain.js';
import { activeStatements, cancelStatements } from './pg-activity.js';
import type { RunningServer } from './servers.js';

function socketsOn(port: number): number {
  const read = (file: string) => { try { return readFileSync(file, 'utf8'); } catch { return ''; } };
  return connectionsTo(read('/proc/net/tcp'), port) + connectionsTo(read('/proc/net/tcp6'), port);
}

export function serverProbe(server: Pick<RunningServer, 'origin' | 'cpuMs'>, database?: { admin: pg.Client; name: string }): DrainProbe {
  const port = Number(new URL(server.origin).port);
  let cpu = server.cpuMs();
  return {
    async poll() {
      const now = server.cpuMs();
      // Without /proc (NaN) the CPU cannot tell: the other signals decide.
      const cpuMs = Number.isFinite(now - cpu) ? now - cpu : 0;
      cpu = now;
      return { connections: socketsOn(port), cpuMs, activeQueries: database ? await activeStatements(database.admin, database.name) : 0 };
    },
    cancel: () => (database ? cancelStatements(database.admin, database.name) : Promise.resolve(0)),
  };
}
