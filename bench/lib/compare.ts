/**
 * Measures two servers on the same operations and concurrencies, interleaved: every round measures
 * each (operation, concurrency) on both, alternating which goes first, so drift of a shared machine
 * lands on both. Ratios are taken per round (candidate / reference) and then summarized.
 */
import { isDeepStrictEqual } from 'node:util';
import { load, type Measure } from './load.js';
import { newBranch, type Operation } from './operations.js';
import { median, medianAndSpread, num, spread } from './stats.js';

export interface Target {
  name: string;
  origin: string;
  sqliteFile: string;
  /** The server process's CPU time so far (ms), to report CPU per request. */
  cpuMs: () => number;
}

export interface Plan { rounds: number; warmupSeconds: number; seconds: number; concurrencies: number[] }

export interface Sample {
  round: number; op: Operation['id']; connections: number; target: string;
  measure: Measure & {
    /**
     * Server CPU time (all threads) per answered request, in ms: unlike req/s and latency it hardly
     * depends on what else the shared machine is running.
     */
    cpuPerRequest: number;
  };
}

export function planFor(quick: boolean): Plan {
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return quick
    ? { rounds: 2, warmupSeconds: 0.5, seconds: 1.5, concurrencies: [1, 16, 64] }
    : { rounds: env('BENCH_ROUNDS', 5), warmupSeconds: env('BENCH_WARMUP', 2), seconds: env('BENCH_SECONDS', 6), concurrencies: [1, 16, 64] };
}

export async function compare(targets: [Target, Target], operations: Operation[], token: string, plan: Plan, log: (line: string) => void): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let round = 1; round <= plan.rounds; round++) {
    for (const op of operations) {
      for (const connections of plan.concurrencies) {
        const order = round % 2 ? targets : [targets[1], targets[0]];
        for (const target of order) {
          await load(target.origin, op.request(token), connections, plan.warmupSeconds);
          await settle(op, target);
          const cpuBefore = target.cpuMs();
          const measured = await load(target.origin, op.request(token), connections, plan.seconds);
          const measure = { ...measured, cpuPerRequest: (target.cpuMs() - cpuBefore) / measured.responses };
          await settle(op, target);
          samples.push({ round, op: op.id, connections, target: target.name, measure });
          log(`  round ${round}/${plan.rounds} ${op.id.padEnd(6)} c=${String(connections).padEnd(2)} ${target.name.padEnd(22)} ${num(measure.rps).padStart(6)} req/s  p50 ${num(measure.p50)} ms  p99 ${num(measure.p99)} ms  cpu ${measure.cpuPerRequest.toFixed(3)} ms/req${measure.failures ? `  FAILURES ${JSON.stringify(measure.failureKinds)}` : ''}`);
        }
      }
    }
  }
  return samples;
}

/** Lets the server finish what was in flight when the load stopped, then undoes the writes. */
async function settle(op: Operation, target: Target): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  await op.reset?.(target.sqliteFile);
}

/**
 * Before measuring, each operation is called once on both servers and the answers compared:
 * the same status, the same body and both with or both without an ETag, so the two do the same work.
 */
export async function checkSameAnswers(targets: Target[], operations: Operation[], token: string): Promise<string[]> {
  const notes: string[] = [];
  for (const op of operations) {
    const answers: { status: number; etag: boolean; body: unknown }[] = [];
    for (const t of targets) {
      const req = op.request(token);
      const init: RequestInit = { method: req.method, headers: { ...req.headers, 'content-type': 'application/json' } };
      if (req.body) init.body = JSON.stringify(newBranch(0));
      const res = await fetch(`${t.origin}${req.path}`, init);
      answers.push({ status: res.status, etag: res.headers.has('etag'), body: await res.json() });
      await op.reset?.(t.sqliteFile);
    }
    const ok = answers.every((a) => a.status >= 200 && a.status < 300) && answers.every((a) => isDeepStrictEqual(a, answers[0]));
    if (!ok) throw new Error(`${op.id}: the servers answer differently:\n${answers.map((a, i) => `${targets[i].name}: ${a.status} ${JSON.stringify(a.body).slice(0, 400)}`).join('\n')}`);
    notes.push(`${op.id} -> ${answers[0].status}`);
  }
  return notes;
}

/** The markdown table: per operation and concurrency, both servers' figures and the ratios. */
export function comparisonTable(samples: Sample[], operations: Operation[], plan: Plan, candidate: string, reference: string): string {
  const rows: string[] = [
    `| operation | conc. | ${candidate} req/s | ${reference} req/s | req/s ratio | ${candidate} p50 ms | ${reference} p50 ms | ${candidate} p99 ms | ${reference} p99 ms | p99 ratio | ${candidate} CPU ms/req | ${reference} CPU ms/req | CPU ratio |`,
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const op of operations) {
    for (const c of plan.concurrencies) {
      const of = (target: string) => samples.filter((s) => s.op === op.id && s.connections === c && s.target === target).sort((a, b) => a.round - b.round);
      const a = of(candidate);
      const b = of(reference);
      type M = Sample['measure'];
      const ratios = (pick: (m: M) => number) => a.map((s, i) => pick(s.measure) / pick(b[i].measure));
      const cell = (list: Sample[], pick: (m: M) => number) => medianAndSpread(list.map((s) => pick(s.measure)));
      const cpu = (list: Sample[]) => medianAndSpread(list.map((s) => s.measure.cpuPerRequest), 3);
      rows.push(`| ${op.label} | ${c} | ${cell(a, (m) => m.rps)} | ${cell(b, (m) => m.rps)} | **${ratioCell(ratios((m) => m.rps))}** | ${cell(a, (m) => m.p50)} | ${cell(b, (m) => m.p50)} | ${cell(a, (m) => m.p99)} | ${cell(b, (m) => m.p99)} | **${ratioCell(ratios((m) => m.p99))}** | ${cpu(a)} | ${cpu(b)} | ${ratioCell(ratios((m) => m.cpuPerRequest))} |`);
    }
  }
  return rows.join('\n');
}

function ratioCell(values: number[]): string {
  const { min, max } = spread(values);
  return `${median(values).toFixed(2)} (${min.toFixed(2)}-${max.toFixed(2)})`;
}

/** Median per-round ratios of candidate to reference, for summaries and targets. */
export function medianRatios(samples: Sample[], operations: Operation[], plan: Plan, candidate: string, reference: string) {
  return operations.flatMap((op) => plan.concurrencies.map((c) => {
    const of = (target: string) => samples.filter((s) => s.op === op.id && s.connections === c && s.target === target).sort((x, y) => x.round - y.round);
    const a = of(candidate);
    const b = of(reference);
    return {
      op: op.id, label: op.label, connections: c,
      rps: median(a.map((s, i) => s.measure.rps / b[i].measure.rps)),
      p99: median(a.map((s, i) => s.measure.p99 / b[i].measure.p99)),
      cpu: median(a.map((s, i) => s.measure.cpuPerRequest / b[i].measure.cpuPerRequest)),
      failures: [...a, ...b].reduce((n, s) => n + s.measure.failures, 0),
    };
  }));
}
