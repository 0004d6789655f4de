/**
 * Preloaded into a server under test (`node --import tsx --import ./bench/volume/loop-delay.ts ...`): an
 * event-loop delay histogram (perf_hooks.monitorEventLoopDelay, 1 ms resolution). On SIGUSR2 the process
 * writes the histogram since the last signal to LOOP_DELAY_FILE (JSON, milliseconds) and starts a new one,
 * so the bench gets one histogram per measurement without touching the server's code.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    writeFileSync(file, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean), count: histogram.count }));
    histogram.reset();
  });
}
