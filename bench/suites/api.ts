/**
 * API suite: the generated server (server/main.ts) against the hand-written baseline
 * (bench/baseline/server.ts) on the same three calls, same data, same user, same driver.
 * Target: at least 0.8x the baseline's throughput and a p99 within 1.25x.
 */
import { join } from 'node:path';
import { checkSameAnswers, compare, comparisonTable, medianRatios, planFor, type Target } from '../lib/compare.js';
import { loadArtifacts } from '../../server/artifacts.js';
import { documentOperations } from '../../server/http/operations.js';
import { BENCH_USER, BRANCHES_PER_BANK, prepareFixture } from '../lib/fixture.js';
import { LIST_PATH, GET_PATH, selectedOperations } from '../lib/operations.js';
import { startServer, type RunningServer } from '../lib/servers.js';

const OURS = 'generated server';
const BASELINE = 'baseline';

export async function run(opts: { quick: boolean }): Promise<string> {
  const plan = planFor(opts.quick);
  const OPERATIONS = selectedOperations();
  const log = (line: string) => console.log(line);
  const fixture = await prepareFixture();
  const servers: RunningServer[] = [];
  try {
    const oursFile = fixture.copy('ours');
    const baseFile = fixture.copy('baseline');
    // BENCH_CPU_PROF=<dir>: both servers write a V8 CPU profile under <dir>/ours and <dir>/baseline when stopped.
    const prof = (sub: string) => (process.env.BENCH_CPU_PROF ? { cpuProfDir: join(process.env.BENCH_CPU_PROF, sub) } : {});
    servers.push(await startServer({ name: OURS, script: 'server/main.ts', sqliteFile: oursFile, ...prof('ours') }));
    servers.push(await startServer({ name: BASELINE, script: 'bench/baseline/server.ts', sqliteFile: baseFile, ...prof('baseline') }));
    const targets: [Target, Target] = [
      { name: OURS, origin: servers[0].origin, sqliteFile: oursFile, cpuMs: servers[0].cpuMs },
      { name: BASELINE, origin: servers[1].origin, sqliteFile: baseFile, cpuMs: servers[1].cpuMs },
    ];
    const checked = await checkSameAnswers(targets, OPERATIONS, fixture.token);
    log(`api: same answers from both servers (${checked.join(', ')}); measuring`);
    const samples = await compare(targets, OPERATIONS, fixture.token, plan, log);

    const ratios = medianRatios(samples, OPERATIONS, plan, OURS, BASELINE);
    const misses = ratios.filter((r) => r.rps < 0.8 || r.p99 > 1.25);
    const failures = ratios.reduce((n, r) => n + r.failures, 0);
    return [
      `Both servers run as child processes (\`node --import tsx\`, NODE_ENV=production) on their own copy of one`,
      `database (migrated, demo data, plus ${BRANCHES_PER_BANK} branches per bank), SQLite through better-sqlite3. Both are called`,
      `with the token of \`${BENCH_USER}\` (bank 30480 only; its role is granted ANAG_BANCHE:CREAZIONE in the bench`,
      `database), obtained from the real login endpoint. Every request runs the full authorization (session by`,
      `token hash, user, grants, bank scope). Before measuring, each call was made once on both servers and`,
      `the answers compared: same status and body (${checked.join(', ')}).`,
      '',
      `- list: \`GET ${LIST_PATH}\` (page 2 of 120 matching rows, within the caller's bank)`,
      `- get: \`GET ${GET_PATH}\``,
      `- create: \`POST /webpos/api/v1/filiali\` with a new key each request; created rows are deleted after each measurement`,
      transitionNote(),
      '',
      `Plan: ${plan.rounds} rounds x concurrency ${plan.concurrencies.join('/')} x both servers, interleaved (the first server alternates`,
      `per round); each measurement ${plan.seconds} s after a ${plan.warmupSeconds} s warm-up at the same concurrency. Cells are the median`,
      `and (min-max) over rounds; ratios are ${OURS} / ${BASELINE}, taken per round, then the median (min-max).`,
      `Latencies are per request, in ms, from autocannon's response events.`,
      '',
      comparisonTable(samples, OPERATIONS, plan, OURS, BASELINE),
      '',
      misses.length
        ? `**Below target** (req/s ratio >= 0.80 and p99 ratio <= 1.25): ${misses.map((m) => `${m.op} c=${m.connections} (${m.rps.toFixed(2)}x req/s, ${m.p99.toFixed(2)}x p99)`).join('; ')}.`
        : '**Target met** in every row: req/s ratio >= 0.80 and p99 ratio <= 1.25.',
      failures ? `\n**${failures} requests failed** (non-2xx, errors or timeouts): see the run log.` : '',
    ].join('\n');
  } finally {
    for (const s of servers) await s.stop();
    fixture.dispose();
  }
}

/** State-machine transitions are not measured yet: say whether the document has any. */
function transitionNote(): string {
  const { openapi } = loadArtifacts();
  const transitions = documentOperations(openapi).filter((op) => op.transition).map((op) => op.operationId);
  return transitions.length
    ? `- a state-machine transition is not measured yet: the document now has ${transitions.map((t) => `\`${t}\``).join(', ')}, the baseline has no counterpart so far.`
    : '- a state-machine transition is not measured: the spec has no state machine yet.';
}
