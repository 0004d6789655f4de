/**
 * Isolates benchmark cells: after a measurement, waits until the server under test has finished what the load left
 * it (issue 19: one collapsing cell, a list of 1 s at concurrency 32, left a backlog of queued queries on PostgreSQL,
 * and every later cell read 0 req/s). Load generators stop at their deadline, but a server keeps working on the
 * requests it already read: their sockets are gone, their queries are not.
 *
 * The server is drained when, for `quietPolls` polls in a row, no connection to its port is open, the process used
 * less than `busyShare` of a core, and (PostgreSQL) its database runs no statement. A database still busy after
 * `waitMs` has its statements cancelled (pg_cancel_backend) at every poll, as a request queued behind a cancelled one
 * starts its own; after `waitMs + cancelMs` the drain gives up and says so. The decisions are pure functions
 * (`observe`, `nextStep`); `drain` runs them against a probe.
 */

export interface DrainLimits {
  /** How long to wait for the server to finish on its own before cancelling its statements. */
  waitMs: number;
  /** How long to go on cancelling before giving up. */
  cancelMs: number;
  pollMs: number;
  /** Polls in a row that must find the server quiet. */
  quietPolls: number;
  /** Share of one core above which the server counts as working (its idle timers use a little). */
  busyShare: number;
}

export const DRAIN_DEFAULTS: DrainLimits = { waitMs: 20_000, cancelMs: 20_000, pollMs: 200, quietPolls: 3, busyShare: 0.25 };

/** What one poll saw. */
export interface Poll {
  /** Open TCP sockets to or from the server's port (the load generator's and the server's ends, until they close). */
  connections: number;
  /** CPU the server process used since the previous poll, ms. */
  cpuMs: number;
  /** Statements its database is running (0 where the database is in the process: SQLite). */
  activeQueries: number;
}

export function isQuiet(poll: Poll, pollMs: number, busyShare: number): boolean {
  return poll.connections === 0 && poll.activeQueries === 0 && poll.cpuMs <= pollMs * busyShare;
}

export type Step = 'done' | 'wait' | 'cancel' | 'give-up';

/** What to do after a poll, given how many quiet polls in a row there have been (this one included) and the time spent. */
export function nextStep(quietInARow: number, elapsedMs: number, poll: Poll, limits: DrainLimits): Step {
  if (quietInARow >= limits.quietPolls) return 'done';
  if (elapsedMs >= limits.waitMs + limits.cancelMs) return 'give-up';
  if (elapsedMs >= limits.waitMs && poll.activeQueries > 0) return 'cancel';
  return 'wait';
}

export interface DrainProbe {
  poll(): Promise<Poll>;
  /** Cancels the statements the server's database is running; how many it cancelled. */
  cancel(): Promise<number>;
}

export interface DrainResult {
  /** 'idle': the server finished (after cancelling `cancelled` statements, if any); 'busy': it did not within the limits. */
  outcome: 'idle' | 'busy';
  ms: number;
  cancelled: number;
}

export async function drain(probe: DrainProbe, limits: DrainLimits = DRAIN_DEFAULTS): Promise<DrainResult> {
  const started = Date.now();
  let quiet = 0;
  let cancelled = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, limits.pollMs));
    const poll = await probe.poll();
    quiet = isQuiet(poll, limits.pollMs, limits.busyShare) ? quiet + 1 : 0;
    const elapsed = Date.now() - started;
    const step = nextStep(quiet, elapsed, poll, limits);
    if (step === 'done') return { outcome: 'idle', ms: elapsed, cancelled };
    if (step === 'give-up') return { outcome: 'busy', ms: elapsed, cancelled };
    if (step === 'cancel') cancelled += await probe.cancel();
  }
}

/** "idle after 1.2 s", "3 statements cancelled after 20 s, idle after 21.4 s", "still busy after 40 s (...)". */
export function describeDrain(result: DrainResult, limits: DrainLimits): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const cancelled = result.cancelled ? `${result.cancelled} statement${result.cancelled === 1 ? '' : 's'} cancelled after ${s(limits.waitMs)}, ` : '';
  return result.outcome === 'idle' ? `${cancelled}idle after ${s(result.ms)}` : `${cancelled}still busy after ${s(result.ms)}`;
}

/** TCP state ESTABLISHED in /proc/net/tcp. */
const ESTABLISHED = '01';

/**
 * Established sockets with `port` at either end, in the text of /proc/net/tcp or /proc/net/tcp6 ("sl local_address
 * rem_address st ...", addresses as HEXIP:HEXPORT): a connection between two processes of this machine is two sockets.
 */
export function connectionsTo(procNetTcp: string, port: number): number {
  let n = 0;
  for (const line of procNetTcp.split('\n').slice(1)) {
    const [, local, remote, state] = line.trim().split(/\s+/);
    if (state !== ESTABLISHED) continue;
    const portOf = (address: string | undefined) => Number.parseInt(address?.split(':').at(-1) ?? '', 16);
    if (portOf(local) === port || portOf(remote) === port) n++;
  }
  return n;
}
