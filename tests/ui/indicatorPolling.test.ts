/**
 * The pending-requests indicator's polling (seed 000 §7), with fake timers: every 60000 ms times the refresh
 * factor, at once on start, never for a user without the permission, and not after stop (logout).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollIntervalMs, startIndicatorPolling } from '../../ui/src/core/indicatorPolling';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

function setup(allowed: boolean, factor: unknown = '1') {
  const reads: number[] = [];
  const counts: number[] = [];
  const start = Date.now();
  let n = 0;
  const readFactor = vi.fn(() => Promise.resolve(factor));
  const stop = startIndicatorPolling({
    allowed,
    readFactor,
    readCount: () => { reads.push(Date.now() - start); return Promise.resolve(++n); },
    onCount: (c) => counts.push(c),
  });
  return { reads, counts, stop, readFactor };
}

describe('pollIntervalMs', () => {
  it('is 60000 ms times the factor; a missing or bad factor is 1', () => {
    expect(pollIntervalMs('1')).toBe(60_000);
    expect(pollIntervalMs(3)).toBe(180_000);
    expect(pollIntervalMs(undefined)).toBe(60_000);
    expect(pollIntervalMs('x')).toBe(60_000);
    expect(pollIntervalMs(0)).toBe(60_000);
  });
});

describe('startIndicatorPolling', () => {
  it('reads at once, then every 60000 ms x factor', async () => {
    const { reads, counts, stop } = setup(true, '2');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([0]);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(reads).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual([0, 120_000]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads).toEqual([0, 120_000, 240_000]);
    expect(counts).toEqual([1, 2, 3]);
    stop();
  });

  it('stops on logout: no read after stop()', async () => {
    const { reads, stop } = setup(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toEqual([0, 60_000]);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(reads).toEqual([0, 60_000]);
  });

  it('never polls for a user without the permission', async () => {
    const { reads, readFactor, stop } = setup(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(reads).toEqual([]);
    expect(readFactor).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });

  it('a failed read keeps polling', async () => {
    let fail = true;
    const counts: number[] = [];
    const stop = startIndicatorPolling({
      allowed: true, readFactor: () => Promise.resolve(1),
      readCount: () => {
        if (fail) { fail = false; return Promise.reject(new Error('rete')); }
        return Promise.resolve(7);
      },
      onCount: (c) => counts.push(c),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(counts).toEqual([7]);
    stop();
  });
});
