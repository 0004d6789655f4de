/**
 * Preloaded into a server under test (`node --import tsx --import ./bench/volume/loop-delay.ts ...`): an
 * event-loop delay histogram (perf_hooks.monitorEventLoopDelay, 1 ms resolution), and the stalls: a 5 ms
 * timer that came more than 50 ms late, with how much CPU this process used meanwhile. A stall during
 * which the process ran (cpu near the stall's length) is work blocking the loop (a synchronous SQLite
 * call, GC, a sort); one during which it hardly ran is the operating system running something else on
 * a busy machine. Also the time from each request's start to its answer's end as the server sees it
 * (node:diagnostics_channel's http.server channels): far below the client's latency, requests wait
 * outside the server's hands (issue 19: connections not yet accepted). On SIGUSR2 the process writes
 * all of it since the last signal to LOOP_DELAY_FILE (JSON, milliseconds) and starts again, so the bench
 * gets one record per measurement without touching the server's code.
 */
import { writeFileSync } from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
const STALL_MS = 50;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let stalls: { ms: number; cpuMs: number }[] = [];
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let served: number[] = [];
  const startedAt = new WeakMap<object, number>();
  subscribe('http.server.request.start', (m) => {
    const request = requestOf(m);
    if (request) startedAt.set(request, performance.now());
  });
  subscribe('http.server.response.finish', (m) => {
    const request = requestOf(m);
    const t = request && startedAt.get(request);
    if (t !== undefined) served.push(performance.now() - t);
  });
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const gap = now - last - 5;
    if (gap > STALL_MS) stalls.push({ ms: gap, cpuMs: (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000 });
    last = now;
    lastCpu = cpu;
  }, 5).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const busy = stalls.filter((s) => s.cpuMs >= 0.5 * s.ms);
    const sorted = Float64Array.from(served).sort();
    const at = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN) * 100) / 100;
    writeFileSync(file, JSON.stringify({
      serverP50: at(0.5), serverP99: at(0.99),
      p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), mean: ms(histogram.mean), count: histogram.count,
      stalls: stalls.length, stallMs: Math.round(stalls.reduce((n, s) => n + s.ms, 0)),
      busyStalls: busy.length, busyStallMs: Math.round(busy.reduce((n, s) => n + s.ms, 0)),
    }));
    histogram.reset();
    stalls = [];
    served = [];
  });
}

/** The request an http.server channel's message is about (messages are typed unknown). */
function requestOf(message: unknown): object | undefined {
  if (typeof message !== 'object' || message === null || !('request' in message)) return undefined;
  const { request } = message;
  return typeof request === 'object' && request !== null ? request : undefined;
}
