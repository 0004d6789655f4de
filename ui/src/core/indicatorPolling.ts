/**
 * Polling of a header indicator (seed 000 §7: "Indicator count, polled every 60000 ms times a server
 * refresh-time value, only when the user may view bank suspended requests"). Pure: the caller gives the
 * permission check and the two reads, so the timing is testable with fake timers.
 */

export const BASE_INTERVAL_MS = 60_000;

/** 60000 ms times the refresh factor; a missing or meaningless factor counts as 1. */
export function pollIntervalMs(factor: unknown): number {
  const n = Number(factor);
  return BASE_INTERVAL_MS * (Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1);
}

export interface IndicatorPolling {
  /** The user may see the indicator; when false nothing is ever read. */
  allowed: boolean;
  /** The refresh factor (configuration key of the indicator). */
  readFactor: () => Promise<unknown>;
  readCount: () => Promise<number>;
  onCount: (count: number) => void;
}

/** Reads the count at once and then at every interval, until the returned stop() (logout, unmount). */
export function startIndicatorPolling(p: IndicatorPolling): () => void {
  if (!p.allowed) return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = async () => {
    try {
      const count = await p.readCount();
      if (!stopped) p.onCount(count);
    } catch {
      // A failed read keeps the last count; the next tick tries again (an expired session logs out anyway).
    }
  };
  // stop() may run during any await: read through a call, which TypeScript does not narrow as it would
  // `stopped` itself (to false after the first check, as if nothing could change it meanwhile).
  const isStopped = () => stopped;
  void (async () => {
    let factor: unknown = 1;
    try { factor = await p.readFactor(); } catch { /* default factor */ }
    if (isStopped()) return;
    await tick();
    if (!isStopped()) timer = setInterval(() => void tick(), pollIntervalMs(factor));
  })();
  return () => {
    stopped = true;
    if (timer !== undefined) clearInterval(timer);
  };
}
