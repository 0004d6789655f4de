/**
 * Volume suite (issue 19): does the cost of a request stay flat when the tables callers are scoped by are
 * large? 10,000 banks with their groups below one federation, ~50,000 branches, 1,000,000 merchants with a store
 * and a group each (bench/volume/fixture.ts), on SQLite and PostgreSQL; list, get and create of branches as
 * four kinds of caller (assistance, a bank's head office, a branch, the federation over the 10,000 banks), list
 * and get of its own stores as a merchant; the generated server (server/main.ts)
 * against the hand-written baseline (bench/baseline/server.ts, the same authorization: token lookup,
 * grants up the group chain, the scope of the caller's group), interleaved rounds at concurrency 1 and 32.
 * Each server also reports its event-loop delay per measurement (bench/volume/loop-delay.ts).
 *
 * BENCH_VOLUME_DIALECTS=sqlite|postgres, BENCH_CALLERS=federation,bank, BENCH_OPS=list narrow a run, BENCH_MERCHANTS=100000 shrinks it;
 * BENCH_ROUNDS, BENCH_WARMUP, BENCH_SECONDS change the plan; BENCH_CPU_PROF=<dir> profiles both servers.
 * After every warm-up and measurement the server is drained (bench/lib/drain.ts): a cell whose requests outlive it
 * (a list of a second at concurrency 32 leaves a backlog of queued queries) must not spoil the next one;
 * BENCH_DRAIN_SECONDS (20) is how long to wait before cancelling the database's statements, and as long again
 * to cancel before giving up.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { DRAIN_DEFAULTS, describeDrain, drain, type DrainLimits } from '../lib/drain.js';
import { serverProbe } from '../lib/drain-probe.js';
import { load, type LoadRequest } from '../lib/load.js';
import { databaseOf } from '../lib/pg-activity.js';
import { startServer, type RunningServer } from '../lib/servers.js';
import { num } from '../lib/stats.js';
import { BENCH_MERCHANT, CALLERS, CREATED_CAB_FROM, POSTGRES_ADMIN_URL, prepareVolume, removeCreated, syntheticAbi, type CallerKind, type Dialect, type VolumeFixture } from '../volume/fixture.js';
import { BASE, dialectTable, OURS, type Cell, type Drained, type LoopDelay, type Sample } from '../volume/report.js';

const API = '/webpos/api/v1';
type OpId = 'list' | 'get' | 'create';
type Plan = { rounds: number; warmup: number; seconds: number; concurrencies: number[]; drain: DrainLimits };

export const LIST_PATH = `${API}/filiali?page=1&size=30&sort=nome,desc&provincia=BG`;
/** A merchant reads its own stores (it sees no branch): the second page of its 30, and one of them. */
const MERCHANT_LIST_PATH = `${API}/negozi?page=1&size=10&sort=insegna,desc`;
const GET_PATHS: Record<CallerKind, string> = {
  assistance: `${API}/filiali/30480/11123`,
  bank: `${API}/filiali/30480/11123`,
  branch: `${API}/filiali/30480/01600`,
  federation: `${API}/filiali/${syntheticAbi(7)}/00003`,
  merchant: `${API}/negozi/${BENCH_MERCHANT.firstStore}`,
};
/** The bank a caller creates branches in; a branch user may create none (only its own cab, which exists), a merchant no branch. */
const CREATE_BANK: Partial<Record<CallerKind, string>> = { assistance: syntheticAbi(4242), bank: '30480', federation: syntheticAbi(1) };
let created = 1;
const newBranch = (abi: string, n: number) => JSON.stringify({
  codAbi: abi, cab: String(CREATED_CAB_FROM + (n % 79000)), nome: `Filiale volume ${n}`, indirizzo: 'Corso Vittorio Emanuele 12',
  localita: 'Lodi', cap: '26900', provincia: 'LO', mail: `volume${n}@banca.example`,
});

function request(op: OpId, caller: CallerKind, token: string): LoadRequest | undefined {
  const headers = { 'X-AuthToken': token };
  if (op === 'list') return { method: 'GET', path: caller === 'merchant' ? MERCHANT_LIST_PATH : LIST_PATH, headers };
  if (op === 'get') return { method: 'GET', path: GET_PATHS[caller], headers };
  const abi = CREATE_BANK[caller];
  return abi ? { method: 'POST', path: `${API}/filiali`, headers, body: () => newBranch(abi, created++), firstPath: GET_PATHS[caller] } : undefined;
}

const LABEL: Record<OpId, string> = { list: 'list (30, sort, filter, count)', get: 'get by key', create: 'create' };
const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];
const CALLER_KINDS = Object.keys(CALLERS).filter((k): k is CallerKind => k in CALLERS);
const OPS: readonly OpId[] = ['list', 'get', 'create'];

/** The comma-separated names of environment variable `name`, each one of `known`; all of them when it is unset. */
function listFromEnv<T extends string>(name: string, known: readonly T[]): T[] {
  const value = process.env[name];
  if (value === undefined) return [...known];
  return value.split(',').filter(Boolean).map((v) => {
    const found = known.find((k) => k === v);
    if (found === undefined) throw new Error(`${name}: ${v} is not one of ${known.join(', ')}`);
    return found;
  });
}

export async function run(opts: { quick: boolean }): Promise<string> {
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const drainMs = env('BENCH_DRAIN_SECONDS', DRAIN_DEFAULTS.waitMs / 1000) * 1000;
  const drainLimits = { ...DRAIN_DEFAULTS, waitMs: drainMs, cancelMs: drainMs };
  const plan: Plan = opts.quick
    ? { rounds: 1, warmup: 0.5, seconds: 1.5, concurrencies: [1, 32], drain: drainLimits }
    : { rounds: env('BENCH_ROUNDS', 3), warmup: env('BENCH_WARMUP', 1), seconds: env('BENCH_SECONDS', 4), concurrencies: [1, 32], drain: drainLimits };
  const dialects = listFromEnv('BENCH_VOLUME_DIALECTS', DIALECTS);
  const callers = listFromEnv('BENCH_CALLERS', CALLER_KINDS);
  const ops = listFromEnv('BENCH_OPS', OPS);
  const samples: Sample[] = [];
  const drains: Drained[] = [];
  const notes: string[] = [];
  for (const dialect of dialects) {
    const started = Date.now();
    const fixture = await prepareVolume(dialect);
    console.log(`volume ${dialect}: seeded ${JSON.stringify(fixture.counts)} in ${Math.round((Date.now() - started) / 1000)} s`);
    const n = (v: number) => v.toLocaleString('en');
    notes.push(`${dialect}: ${n(fixture.counts.banks)} banks, ${n(fixture.counts.groups)} groups, ${n(fixture.counts.branches)} branches, ${n(fixture.counts.merchants)} merchants, ${n(fixture.counts.stores)} stores`);
    try {
      const measured = await measureDialect(fixture, plan, callers, ops);
      samples.push(...measured.samples);
      drains.push(...measured.drains);
    } finally {
      await fixture.dispose();
    }
  }
  return report(samples, drains, plan, dialects, callers, ops, notes);
}

async function measureDialect(fixture: VolumeFixture, plan: Plan, callers: CallerKind[], ops: OpId[]): Promise<{ samples: Sample[]; drains: Drained[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-loop-'));
  const servers: { name: string; server: RunningServer; open: () => import('knex').Knex; loopFile: string; database?: string }[] = [];
  // Watches the servers' databases (PostgreSQL) from the admin database while they drain.
  const admin = fixture.dialect === 'postgres' ? new pg.Client({ connectionString: POSTGRES_ADMIN_URL }) : undefined;
  await admin?.connect();
  try {
    for (const [name, script] of [[OURS, 'server/main.ts'], [BASE, 'bench/baseline/server.ts']] as const) {
      const copy = await fixture.copy(name);
      const loopFile = join(dir, `${name}.json`);
      const prof = process.env.BENCH_CPU_PROF ? { cpuProfDir: join(process.env.BENCH_CPU_PROF, fixture.dialect, name) } : {};
      // A PostgreSQL copy names its database (DATABASE_URL), not a file.
      const env: Partial<Record<string, string>> = copy.env;
      const server = await startServer({ name, script, sqliteFile: env.SQLITE_FILE ?? ':memory:', env: { ...copy.env, LOOP_DELAY_FILE: loopFile }, preload: ['bench/volume/loop-delay.ts'], ...prof });
      servers.push({ name, server, open: copy.open, loopFile, ...(env.DATABASE_URL ? { database: databaseOf(env.DATABASE_URL) } : {}) });
    }
    await checkSameAnswers(fixture, servers, callers, ops);
    const samples: Sample[] = [];
    const drains: Drained[] = [];
    /** Waits until the server is idle (cancelling its statements if it takes too long) and keeps the record. */
    const drainAfter = async (s: (typeof servers)[number], cell: Cell, phase: Drained['phase']) => {
      const result = await drain(serverProbe(s.server, admin && s.database ? { admin, name: s.database } : undefined), plan.drain);
      drains.push({ ...cell, phase, result });
      // A drain that took time is worth seeing in the log even when it cancelled nothing.
      if (result.cancelled || result.outcome === 'busy' || result.ms > 2000) console.log(`  ${cell.dialect} r${cell.round} ${cell.caller} ${cell.op} c=${cell.c} ${cell.server} after the ${phase}: ${describeDrain(result, plan.drain)}`);
    };
    for (let round = 1; round <= plan.rounds; round++) {
      for (const caller of callers) {
        for (const op of ops) {
          const req = request(op, caller, fixture.tokens[caller]);
          if (!req) continue;
          for (const c of plan.concurrencies) {
            const order = round % 2 ? servers : [...servers].reverse();
            for (const s of order) {
              const cell: Cell = { dialect: fixture.dialect, round, caller, op, c, server: s.name };
              await load(s.server.origin, req, c, plan.warmup);
              await drainAfter(s, cell, 'warm-up');
              await removeIfCreated(op, s.open);
              await loopDelay(s.server, s.loopFile); // starts a fresh histogram
              const cpuBefore = s.server.cpuMs();
              const measured = await load(s.server.origin, req, c, plan.seconds);
              const cpu = (s.server.cpuMs() - cpuBefore) / measured.responses;
              const loop = await loopDelay(s.server, s.loopFile);
              await drainAfter(s, cell, 'measurement');
              await removeIfCreated(op, s.open);
              samples.push({ ...cell, m: { ...measured, cpu, ...(loop ? { loop } : {}) } });
              console.log(`  ${fixture.dialect} r${round} ${caller.padEnd(10)} ${op.padEnd(6)} c=${String(c).padEnd(2)} ${s.name.padEnd(9)} ${measured.ok ? `${num(measured.rps).padStart(6)} req/s` : `no answer in ${plan.seconds} s`} p50 ${num(measured.p50)} p99 ${num(measured.p99)} ms cpu ${cpu.toFixed(3)} in-server p50/p99 ${loop?.serverP50 ?? '?'}/${loop?.serverP99 ?? '?'} loop p99 ${loop ? num(loop.p99) : '?'} max ${loop ? num(loop.max) : '?'} stalls ${loop?.stalls ?? '?'} (busy ${loop?.busyStalls ?? '?'}, ${loop?.busyStallMs ?? '?'} ms)${measured.failures ? ` FAILURES ${JSON.stringify(measured.failureKinds)}` : ''}`);
            }
          }
        }
      }
    }
    return { samples, drains };
  } finally {
    for (const s of servers) await s.server.stop();
    await admin?.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Deletes the branches a create call added, so every cell starts from the same tables. */
async function removeIfCreated(op: OpId, open: () => import('knex').Knex): Promise<void> {
  if (op !== 'create') return;
  const db = open();
  try { await removeCreated(db); } finally { await db.destroy(); }
}

/** Asks the server for its event-loop delay histogram since the last call (and a new one). */
async function loopDelay(server: RunningServer, file: string): Promise<LoopDelay | undefined> {
  rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  try {
    const delay: LoopDelay = JSON.parse(readFileSync(file, 'utf8'));
    return delay;
  } catch {
    return undefined;
  }
}

/**
 * An answer without the rows' `_actions` and `_readOnly`: what the generated server adds where the spec gives a
 * row actions or conditionally writable fields (a store's push-bank and bank-list rules). The baseline does not
 * compute them, so on those rows the generated server does more work than the floor, never less.
 */
function withoutRowActions(answer: { status: number; body: unknown }): { status: number; body: unknown } {
  const strip = (row: unknown): unknown => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
    return Object.fromEntries(Object.entries(row).filter(([key]) => key !== '_actions' && key !== '_readOnly'));
  };
  const { body } = answer;
  if (typeof body !== 'object' || body === null) return answer;
  const stripped = strip(body);
  if ('results' in body && Array.isArray(body.results) && typeof stripped === 'object' && stripped !== null) {
    return { status: answer.status, body: { ...stripped, results: body.results.map(strip) } };
  }
  return { status: answer.status, body: stripped };
}

/** Where two answers part, for the error: the keys of the first row (or of the body) that differ. */
function differingKeys(a: unknown, b: unknown): string {
  const first = (body: unknown): Record<string, unknown> => {
    if (typeof body !== 'object' || body === null) return {};
    const rows = 'results' in body && Array.isArray(body.results) ? body.results : [body];
    const row: unknown = rows[0];
    return typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row)) : {};
  };
  const [x, y] = [first(a), first(b)];
  const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => !isDeepStrictEqual(x[k], y[k]));
  return keys.length ? `first row differs at ${keys.map((k) => `${k}: ${JSON.stringify(x[k])} vs ${JSON.stringify(y[k])}`).join(', ').slice(0, 600)}` : 'the rows agree; the page or count differs';
}

/** Each call once on both servers: the same status and body, so both do the same work. */
async function checkSameAnswers(fixture: VolumeFixture, servers: { name: string; server: RunningServer; open: () => import('knex').Knex }[], callers: CallerKind[], ops: OpId[]): Promise<void> {
  for (const caller of callers) {
    for (const op of ops) {
      const req = request(op, caller, fixture.tokens[caller]);
      if (!req) continue;
      const bank = CREATE_BANK[caller];
      const answers: { status: number; body: unknown }[] = [];
      for (const s of servers) {
        const res = await fetch(`${s.server.origin}${req.path}`, { method: req.method, headers: { ...req.headers, 'content-type': 'application/json' }, ...(req.body && bank ? { body: newBranch(bank, 0) } : {}) });
        answers.push({ status: res.status, body: await res.json() });
        await removeIfCreated(op, s.open);
      }
      if (!(answers[0].status < 300 && isDeepStrictEqual(withoutRowActions(answers[0]), withoutRowActions(answers[1])))) {
        throw new Error(`${fixture.dialect} ${caller} ${op}: the servers answer differently (${differingKeys(answers[0].body, answers[1].body)}):\n${answers.map((a, i) => `${servers[i].name}: ${a.status} ${JSON.stringify(a.body).slice(0, 400)}`).join('\n')}`);
      }
    }
  }
}

function report(samples: Sample[], drains: Drained[], plan: Plan, dialects: Dialect[], callers: CallerKind[], ops: OpId[], notes: string[]): string {
  const lines: string[] = [
    'Branches (Filiale) on a database with the scoped tables at volume: ' + notes.join('; ') + '. Callers: ' +
      callers.map((k) => `${k} \`${CALLERS[k]}\``).join(', ') + ' (the federation user sees the 10,000 banks below its group). Calls: list',
    `\`GET ${LIST_PATH}\`, get \`${GET_PATHS.federation}\` (the federation) or a branch of 30480, create a new branch in a bank of the caller's`,
    `scope (a branch user may create none); the merchant lists \`${MERCHANT_LIST_PATH}\` and gets \`${GET_PATHS.merchant}\`, its own stores. The generated server against the hand-written baseline with the same authorization, each on its own copy`,
    `of the database, both as child processes; ${plan.rounds} interleaved round(s), ${plan.warmup} s warm-up and ${plan.seconds} s measured per cell. Cells: median (min-max)`,
    'over the rounds the server answered in ("no answer within N s": not one 2xx answer during the measurement); ratio = generated / baseline per round both answered; p99/p50 is the generated server\'s own spread (target <= 4 at c=32);',
    'in-server p50/p99: the generated server\'s own time from reading a request to handing its answer to the OS (node:diagnostics_channel), ms;',
    'loop p99/max: the generated server\'s event-loop delay (monitorEventLoopDelay) during the measurement, ms; stalls: times a 5 ms timer of',
    'the generated server came over 50 ms late, summed over rounds, and how many of them the process spent running (busy: its CPU time >= half',
    'the stall: work blocking the loop) rather than waiting for a core (the machine is shared).',
    `After each warm-up and measurement the server is drained before the next cell: no socket on its port, its CPU under a quarter of a core and (PostgreSQL) no statement in its database (pg_stat_activity) for ${plan.drain.quietPolls} polls ${plan.drain.pollMs} ms apart; statements still running ${plan.drain.waitMs / 1000} s after the cell are cancelled (pg_cancel_backend), and such cells are marked †.`,
  ];
  for (const dialect of dialects) {
    lines.push('', `### ${dialect}`, '', ...dialectTable(samples, drains, { dialect, callers, ops, concurrencies: plan.concurrencies, seconds: plan.seconds, label: (op) => LABEL[op], limits: plan.drain }));
  }
  const failures = samples.reduce((n, s) => n + s.m.failures, 0);
  if (failures) lines.push('', `**${failures} requests failed** (non-2xx, errors or timeouts): see the run log.`);
  return lines.join('\n');
}
