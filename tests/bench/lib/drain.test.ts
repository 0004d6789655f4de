/** The bench's drain between cells (bench/lib/drain.ts): when a server counts as idle, when to cancel, when to give up. */
import { describe, expect, it } from 'vitest';
import { connectionsTo, describeDrain, drain, isQuiet, nextStep, type DrainLimits, type Poll } from '../../../bench/lib/drain.js';

const LIMITS: DrainLimits = { waitMs: 100, cancelMs: 100, pollMs: 5, quietPolls: 3, busyShare: 0.25 };
const idle: Poll = { connections: 0, cpuMs: 0, activeQueries: 0 };

describe('isQuiet', () => {
  it('needs no socket, no statement and CPU under the busy share of the poll', () => {
    expect(isQuiet(idle, 200, 0.25)).toBe(true);
    expect(isQuiet({ ...idle, cpuMs: 50 }, 200, 0.25)).toBe(true);
    expect(isQuiet({ ...idle, cpuMs: 60 }, 200, 0.25)).toBe(false);
    expect(isQuiet({ ...idle, connections: 2 }, 200, 0.25)).toBe(false);
    expect(isQuiet({ ...idle, activeQueries: 1 }, 200, 0.25)).toBe(false);
  });
});

describe('nextStep', () => {
  const busy: Poll = { ...idle, activeQueries: 3 };
  it('is done after enough quiet polls in a row', () => {
    expect(nextStep(2, 10, idle, LIMITS)).toBe('wait');
    expect(nextStep(3, 10, idle, LIMITS)).toBe('done');
  });
  it('waits for the server on its own, then cancels its statements, then gives up', () => {
    expect(nextStep(0, 99, busy, LIMITS)).toBe('wait');
    expect(nextStep(0, 100, busy, LIMITS)).toBe('cancel');
    expect(nextStep(0, 199, busy, LIMITS)).toBe('cancel');
    expect(nextStep(0, 200, busy, LIMITS)).toBe('give-up');
  });
  it('cancels nothing while the database is idle and only the process works', () => {
    expect(nextStep(0, 150, { ...idle, cpuMs: 5 }, LIMITS)).toBe('wait');
  });
});

/** A server with `backlog` statements queued: one finishes every poll on its own, or all of them when cancelled. */
function fakeServer(backlog: number, finishesAlone = true) {
  let left = backlog;
  let cancels = 0;
  return {
    get cancels() { return cancels; },
    poll: () => {
      const poll = { connections: 0, cpuMs: 0, activeQueries: left };
      if (finishesAlone && left > 0) left--;
      return Promise.resolve(poll);
    },
    cancel: () => {
      cancels++;
      const n = left;
      left = 0;
      return Promise.resolve(n);
    },
  };
}

describe('drain', () => {
  it('returns once the server has been quiet for the polls asked, cancelling nothing', async () => {
    const server = fakeServer(4);
    const result = await drain(server, LIMITS);
    expect(result).toMatchObject({ outcome: 'idle', cancelled: 0 });
    expect(server.cancels).toBe(0);
  });

  it('cancels a backlog that outlives the wait, and counts the statements cancelled', async () => {
    const server = fakeServer(7, false);
    const result = await drain(server, LIMITS);
    expect(result).toMatchObject({ outcome: 'idle', cancelled: 7 });
    expect(result.ms).toBeGreaterThanOrEqual(LIMITS.waitMs);
    expect(server.cancels).toBe(1);
  });

  it('gives up on a server that stays busy, and says so', async () => {
    const result = await drain({ poll: () => Promise.resolve({ ...idle, connections: 1 }), cancel: () => Promise.resolve(0) }, LIMITS);
    expect(result.outcome).toBe('busy');
    expect(result.ms).toBeGreaterThanOrEqual(LIMITS.waitMs + LIMITS.cancelMs);
    expect(describeDrain(result, LIMITS)).toMatch(/^still busy after 0\.\d s$/);
  });
});

describe('describeDrain', () => {
  it('says how many statements were cancelled and when the server was idle', () => {
    const limits = { ...LIMITS, waitMs: 20_000 };
    expect(describeDrain({ outcome: 'idle', ms: 1234, cancelled: 0 }, limits)).toBe('idle after 1.2 s');
    expect(describeDrain({ outcome: 'idle', ms: 21_400, cancelled: 1 }, limits)).toBe('1 statement cancelled after 20.0 s, idle after 21.4 s');
    expect(describeDrain({ outcome: 'busy', ms: 40_100, cancelled: 12 }, limits)).toBe('12 statements cancelled after 20.0 s, still busy after 40.1 s');
  });
});

describe('connectionsTo', () => {
  // /proc/net/tcp: a server listening on 127.0.0.1:34567 (0x8707), one client connection (both ends), one closing.
  const table = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:8707 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0',
    '   1: 0100007F:8707 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1',
    '   2: 0100007F:D431 0100007F:8707 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0000000000000000 20 4 30 10 -1',
    '   3: 0100007F:D432 0100007F:8707 06 00000000:00000000 03:00000000 00000000     0        0 0 3 0000000000000000',
    '   4: 0100007F:1538 0100007F:D433 01 00000000:00000000 00:00000000 00000000     0        0 4 1 0000000000000000 20 4 30 10 -1',
    '',
  ].join('\n');
  it('counts the established sockets with the port at either end, not the listener, TIME_WAIT or other ports', () => {
    expect(connectionsTo(table, 34567)).toBe(2);
    expect(connectionsTo(table, 5432)).toBe(1);
    expect(connectionsTo(table, 8080)).toBe(0);
  });
});
