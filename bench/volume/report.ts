/**
 * The volume suite's tables (bench/suites/volume.ts): one row per caller, call and concurrency, the generated server
 * against the baseline. A round in which a server answered nothing counts in no median: a cell with no answer in any
 * round says "no answer within N s" (the measurement's length), one with some says how many rounds had none; a
 * ratio is taken over the rounds both servers answered. Cells whose drain (bench/lib/drain.ts) had to cancel
 * statements, or gave up, are marked and listed under the table.
 */
import { describeDrain, type DrainLimits, type DrainResult } from '../lib/drain.js';
import type { Measure } from '../lib/load.js';
import { median, medianAndSpread, num } from '../lib/stats.js';

export interface LoopDelay { serverP50?: number; serverP99?: number; p50: number; p99: number; max: number; mean: number; stalls?: number; stallMs?: number; busyStalls?: number; busyStallMs?: number }
export interface Cell { dialect: string; round: number; caller: string; op: string; c: number; server: string }
export interface Sample extends Cell { m: Measure & { cpu: number; loop?: LoopDelay } }
/** A drain after a cell's warm-up or measurement. */
export interface Drained extends Cell { phase: 'warm-up' | 'measurement'; result: DrainResult }

export const OURS = 'generated';
export const BASE = 'baseline';

export const noAnswer = (seconds: number) => `no answer within ${seconds} s`;

/** "median (min-max)" of `pick` over the rounds that got an answer, or why there is none. */
export function metricCell(rounds: readonly Sample[], pick: (m: Sample['m']) => number, seconds: number, digits?: number): string {
  const answered = rounds.filter((s) => s.m.ok > 0);
  if (!answered.length) return noAnswer(seconds);
  const text = medianAndSpread(answered.map((s) => pick(s.m)), digits);
  const silent = rounds.length - answered.length;
  return silent ? `${text}; ${silent} of ${rounds.length} rounds: ${noAnswer(seconds)}` : text;
}

/** The median over rounds of `of(ours, base)`, taken over the rounds both servers answered; `undefined` when none. */
export function pairedMedian(ours: readonly Sample[], base: readonly Sample[], of: (a: Sample['m'], b: Sample['m']) => number): number | undefined {
  const values = ours.flatMap((a) => {
    const b = base.find((s) => s.round === a.round);
    return b && a.m.ok > 0 && b.m.ok > 0 ? [of(a.m, b.m)] : [];
  });
  return values.length ? median(values) : undefined;
}

/** A ratio, or which server answered nothing. */
export function ratioCell(ours: readonly Sample[], base: readonly Sample[], digits: number): string {
  const ratio = pairedMedian(ours, base, (a, b) => a.rps / b.rps);
  if (ratio !== undefined) return `**${ratio.toFixed(digits)}**`;
  const silent = [ours, base].filter((rounds) => !rounds.some((s) => s.m.ok > 0)).map((rounds) => rounds[0]?.server ?? '?');
  return silent.length ? `n/a (${silent.join(', ')}: no answer)` : 'n/a (no round answered by both)';
}

const sameCell = (a: Cell, b: Cell) => a.dialect === b.dialect && a.caller === b.caller && a.op === b.op && a.c === b.c && a.server === b.server;
/** Drains that did more than wait: statements cancelled, or the server still busy at the end. */
const eventful = (d: Drained) => d.result.cancelled > 0 || d.result.outcome === 'busy';

export interface TablePlan<Op extends string> { dialect: string; callers: readonly string[]; ops: readonly Op[]; concurrencies: readonly number[]; seconds: number; label: (op: Op) => string; limits: DrainLimits }

/** The markdown table of one dialect, and under it the drains that cancelled statements or gave up. */
export function dialectTable<Op extends string>(samples: readonly Sample[], drains: readonly Drained[], plan: TablePlan<Op>): string[] {
  const lines = [
    '| caller | call | conc. | generated req/s | baseline req/s | req/s ratio | generated p50 ms | generated p99 ms | p99/p50 | baseline p50 ms | baseline p99 ms | generated in-server p50 / p99 ms | generated CPU ms/req | baseline CPU ms/req | loop delay p99 / max ms | stalls > 50 ms: all / busy |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const marked = drains.filter((d) => d.dialect === plan.dialect && eventful(d));
  const mark = (cell: Cell) => (marked.some((d) => sameCell(d, cell)) ? ' †' : '');
  for (const caller of plan.callers) {
    for (const op of plan.ops) {
      for (const c of plan.concurrencies) {
        const of = (server: string) => samples.filter((s) => s.dialect === plan.dialect && s.caller === caller && s.op === op && s.c === c && s.server === server).sort((x, y) => x.round - y.round);
        const a = of(OURS);
        const b = of(BASE);
        if (!a.length || !b.length) continue;
        const cell = (list: Sample[], pick: (m: Sample['m']) => number, digits?: number) => metricCell(list, pick, plan.seconds, digits);
        const ownSpread = a.filter((s) => s.m.ok > 0).map((s) => s.m.p99 / s.m.p50);
        const spreadText = ownSpread.length ? `**${median(ownSpread).toFixed(1)}**` : noAnswer(plan.seconds);
        const loops = a.filter((s) => s.m.ok > 0).map((s) => s.m.loop).filter((l): l is LoopDelay => Boolean(l));
        const loop = loops.length ? `${num(median(loops.map((l) => l.p99)))} / ${num(median(loops.map((l) => l.max)))}` : 'n/a';
        const inServer = loops.length ? `${num(median(loops.map((l) => l.serverP50 ?? NaN)))} / ${num(median(loops.map((l) => l.serverP99 ?? NaN)))}` : 'n/a';
        const stalls = loops.length ? `${loops.reduce((n, l) => n + (l.stalls ?? 0), 0)} / ${loops.reduce((n, l) => n + (l.busyStalls ?? 0), 0)}` : 'n/a';
        const key = { dialect: plan.dialect, round: 0, caller, op, c };
        lines.push(`| ${caller} | ${plan.label(op)} | ${c} | ${cell(a, (m) => m.rps)}${mark({ ...key, server: OURS })} | ${cell(b, (m) => m.rps)}${mark({ ...key, server: BASE })} | ${ratioCell(a, b, 2)} | ${cell(a, (m) => m.p50)} | ${cell(a, (m) => m.p99)} | ${spreadText} | ${cell(b, (m) => m.p50)} | ${cell(b, (m) => m.p99)} | ${inServer} | ${cell(a, (m) => m.cpu, 3)} | ${cell(b, (m) => m.cpu, 3)} | ${loop} | ${stalls} |`);
      }
    }
  }
  if (marked.length) {
    lines.push('', `† The server was not idle ${(plan.limits.waitMs / 1000).toFixed(0)} s after the cell (its database still running statements): they were cancelled before the next cell.`, '');
    for (const d of marked) lines.push(`- ${d.server} ${d.caller} ${d.op} c=${d.c}, round ${d.round}, after the ${d.phase}: ${describeDrain(d.result, plan.limits)}`);
  }
  return lines;
}
