/**
 * The wait for an asynchronous export (seed 000 §4), with fake timers: the first check after a short
 * delay, then one every step; S with a download id is ready, E is the error, anything else polls again;
 * once the accumulated wait exceeds the allowed time, polling stops with the error.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollExport, progressPercent, secondsOf, type ExportJobStatus } from '../../ui/src/core/exportPolling';

const options = { firstCheckMs: 1000, stepSeconds: 20, maxWaitSeconds: 300 };
const job = (stato: string, extra: Partial<ExportJobStatus> = {}): ExportJobStatus => ({ id: 'j1', stato, ...extra });

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

/** Runs the poll with `answers` (the last one repeats) and reports when each check happened (ms). */
async function run(answers: ExportJobStatus[], opts = options) {
  const at: number[] = [];
  const progress: ExportJobStatus[] = [];
  const start = Date.now();
  let i = 0;
  const outcome = pollExport({
    check: () => { at.push(Date.now() - start); return Promise.resolve(answers[Math.min(i++, answers.length - 1)]); },
    onProgress: (j) => progress.push(j),
  }, opts);
  await vi.runAllTimersAsync();
  return { outcome: await outcome, at, progress };
}

describe('pollExport', () => {
  it('checks after the first delay, then every step, and is ready at S with a download id', async () => {
    const { outcome, at, progress } = await run([job('P'), job('R', { righeScritte: 10, righeTotali: 100 }), job('S', { downloadId: 'j1' })]);
    expect(at).toEqual([1000, 21000, 41000]);
    expect(outcome).toEqual({ ready: true, job: job('S', { downloadId: 'j1' }) });
    expect(progress.map((p) => p.stato)).toEqual(['P', 'R', 'S']);
  });

  it('E ends at once with the error', async () => {
    const { outcome, at } = await run([job('R'), job('E', { messaggio: 'Generazione file in errore' })]);
    expect(at).toEqual([1000, 21000]);
    expect(outcome.ready).toBe(false);
  });

  it('S without a download id is not ready: it polls again', async () => {
    const { outcome, at } = await run([job('S'), job('S', { downloadId: 'j1' })]);
    expect(at).toEqual([1000, 21000]);
    expect(outcome.ready).toBe(true);
  });

  it('stops once the accumulated wait exceeds the allowed time (300 s: 16 checks, the counter grows by 20)', async () => {
    const { outcome, at } = await run([job('R')]);
    expect(outcome.ready).toBe(false);
    expect(at.length).toBe(16);
    expect(at[15]).toBe(1000 + 15 * 20000);
  });

  it('the step and the wait come from the options (configuration), not from the module', async () => {
    const { at } = await run([job('R')], { firstCheckMs: 500, stepSeconds: 5, maxWaitSeconds: 20 });
    expect(at).toEqual([500, 5500, 10500, 15500, 20500]);
  });

  it('a failed check ends with the error; an abort stops without checking', async () => {
    const failing = pollExport({ check: () => Promise.reject(new Error('rete')) }, options);
    await vi.runAllTimersAsync();
    expect(await failing).toEqual({ ready: false });
    const controller = new AbortController();
    const check = vi.fn(() => Promise.resolve(job('R')));
    const aborted = pollExport({ check }, { ...options, signal: controller.signal });
    controller.abort();
    await vi.runAllTimersAsync();
    expect(await aborted).toEqual({ ready: false });
    expect(check).not.toHaveBeenCalled();
  });
});

describe('progress and configuration values', () => {
  it('percent of rows written, unknown before the total is counted', () => {
    expect(progressPercent(job('P'))).toBeUndefined();
    expect(progressPercent(job('R', { righeScritte: 250, righeTotali: 1000 }))).toBe(25);
    expect(progressPercent(job('S', { righeScritte: 0, righeTotali: 0 }))).toBe(100);
  });

  it('a configuration value in seconds, or its default', () => {
    expect(secondsOf('120', 300)).toBe(120);
    expect(secondsOf(null, 300)).toBe(300);
    expect(secondsOf('x', 20)).toBe(20);
  });
});
