/**
 * Generator: full and no-op generation time for the real spec and for the real spec plus 200
 * synthetic entities of 30 fields (bench/lib-scale/synthetic-spec.ts). Each runs in a temp copy of
 * the project (spec/ and templates/; generated/ starts empty): runPipeline in this process, and the
 * CLI as `npm run gen` runs it (plain node with generator/node-ts.ts, `generator/cli.ts gen --root <copy>`), full then
 * no-op; and, for comparison, the same full run started with tsx, as `npm run gen` was before.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emitters } from '../../generator/emitters/index.js';
import { runPipeline } from '../../generator/pipeline.js';
import { ROOT_DIR } from '../../server/config.js';
import { median, medianSpread, num, percentile } from '../lib-scale/quantiles.js';
import { FIELDS_PER_ENTITY, writeSyntheticSpec } from '../lib-scale/synthetic-spec.js';
import { runTimed, type ChildRun } from '../lib-scale/timed-child.js';

/** What `npm run gen` preloads (package.json). */
const GEN_LOADER = './generator/node-ts.ts';

const SYNTHETIC_ENTITIES = 200;

interface SpecResult {
  label: string;
  entities: number;
  fields: number;
  files: number;
  bytes: number;
  firstInProcessMs: number;
  inProcessMs: number[];
  inProcessCpuMs: number[];
  /** One extra in-process run with each emitter timed; the rest is load + schema check + model. */
  stages: { name: string; ms: number }[];
  full: ChildRun[];
  noop: ChildRun[];
  /** The same full run started with tsx (as `npm run gen` was until November 2026): the loader's share. */
  fullTsx: ChildRun[];
}

export async function run(opts: { quick: boolean }): Promise<string> {
  const realRuns = opts.quick ? 3 : 7;
  const syntheticRuns = opts.quick ? 2 : 5;
  const startup: ChildRun[] = [];
  for (let i = 0; i < realRuns; i++) startup.push(await runTimed(['--eval', '0'], {}, GEN_LOADER));
  const results = [
    await measure('real spec', 0, realRuns),
    await measure(`real spec + ${SYNTHETIC_ENTITIES} synthetic entities x ${FIELDS_PER_ENTITY} fields`, SYNTHETIC_ENTITIES, syntheticRuns),
  ];
  return render(results, startup, realRuns, syntheticRuns);
}

async function measure(label: string, synthetic: number, runs: number): Promise<SpecResult> {
  const root = mkdtempSync(join(tmpdir(), 'webpos-bench-gen-'));
  try {
    cpSync(join(ROOT_DIR, 'spec'), join(root, 'spec'), { recursive: true });
    cpSync(join(ROOT_DIR, 'templates'), join(root, 'templates'), { recursive: true });
    mkdirSync(join(root, 'generated'));
    if (synthetic) writeSyntheticSpec(root, synthetic);

    const inProcessMs: number[] = [];
    const inProcessCpuMs: number[] = [];
    let firstInProcessMs = NaN;
    let files = 0;
    let bytes = 0;
    let entities = 0;
    let fields = 0;
    for (let i = 0; i <= runs; i++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const result = await runPipeline(root);
      const ms = performance.now() - start;
      const { user, system } = process.cpuUsage(cpu);
      if (!result.ok) throw new Error(`${label}: the pipeline reported ${result.diagnostics.length} problem(s), first: ${result.diagnostics[0]?.message}`);
      if (i === 0) firstInProcessMs = ms;
      else { inProcessMs.push(ms); inProcessCpuMs.push((user + system) / 1000); }
      files = result.files.length;
      bytes = result.files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);
      entities = result.model.entities.length;
      fields = result.model.entities.reduce((sum, e) => sum + e.fields.length, 0);
    }

    const stages = await timeStages(root);
    const full: ChildRun[] = [];
    const noop: ChildRun[] = [];
    const fullTsx: ChildRun[] = [];
    const gen = (loader = GEN_LOADER) => runTimed(['generator/cli.ts', 'gen', '--root', root], {}, loader);
    const emptyGenerated = () => {
      rmSync(join(root, 'generated'), { recursive: true, force: true });
      mkdirSync(join(root, 'generated'));
    };
    for (let i = 0; i < runs; i++) {
      emptyGenerated();
      fullTsx.push(await gen('tsx'));
      emptyGenerated();
      const written = await gen();
      if (/ 0 written/.test(written.stdout)) throw new Error(`${label}: the full run wrote nothing: ${written.stdout}`);
      full.push(written);
      const again = await gen();
      if (!/ 0 written, \d+ unchanged, 0 removed/.test(again.stdout)) throw new Error(`${label}: the second run was not a no-op: ${again.stdout}`);
      noop.push(again);
    }
    return { label, entities, fields, files, bytes, firstInProcessMs, inProcessMs, inProcessCpuMs, stages, full, noop, fullTsx };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Wraps every emitter's emit() for one run (then puts them back) to see where the pipeline's time goes. */
async function timeStages(root: string): Promise<{ name: string; ms: number }[]> {
  const spent = new Map<string, number>();
  const originals = emitters.map((e) => e.emit);
  // The pipeline starts every emitter at once (the types emitter works in a thread); timed, they run one after
  // another, so each one's share is its own.
  let previous: Promise<unknown> = Promise.resolve();
  emitters.forEach((e, i) => {
    e.emit = (model, ctx) => {
      const turn = previous.then(async () => {
        const start = performance.now();
        try {
          return await originals[i].call(e, model, ctx);
        } finally {
          spent.set(e.name, (spent.get(e.name) ?? 0) + performance.now() - start);
        }
      });
      previous = turn.catch(() => undefined);
      return turn;
    };
  });
  let total: number;
  try {
    const start = performance.now();
    await runPipeline(root);
    total = performance.now() - start;
  } finally {
    emitters.forEach((e, i) => { e.emit = originals[i]; });
  }
  const inEmitters = [...spent.values()].reduce((a, b) => a + b, 0);
  return [{ name: 'load + schema check + model', ms: total - inEmitters }, ...[...spent].map(([name, ms]) => ({ name: `emitter ${name}`, ms }))];
}

function render(results: SpecResult[], startup: ChildRun[], realRuns: number, syntheticRuns: number): string {
  const wall = (runs: ChildRun[]) => medianSpread(runs.map((r) => r.wallMs));
  const cpu = (runs: ChildRun[]) => num(median(runs.map((r) => r.cpuMs)));
  const rss = (runs: ChildRun[]) => num(percentile(runs.map((r) => r.maxRssMiB), 100));
  return [
    '**Generator: full and no-op generation.**',
    '',
    'What: `npm run gen` on the real spec and on the real spec plus ' +
      `${SYNTHETIC_ENTITIES} synthetic entities of ${FIELDS_PER_ENTITY} fields (strings with lengths and patterns, integers, decimals, ` +
      'enums, dates, booleans, two references, filters, an index, list/form/menu each). How: in a temp copy of spec/ and templates/, ' +
      '`runPipeline` in this process (the first call apart: it also warms the modules), and the CLI as a child process ' +
      `(\`node --import ${GEN_LOADER} generator/cli.ts gen --root <copy>\`, as \`npm run gen\`): full = into an empty generated/, ` +
      'no-op = the same command again (nothing written); "with tsx" = the same full run started with `--import tsx` instead (what the loader costs). ' +
      `${realRuns} runs for the real spec, ${syntheticRuns} for the synthetic one; ms, median (min-max); ` +
      'CPU = user + system time of the child, median; the wall time includes waiting for other work on this shared machine.',
    '',
    '| spec | entities / fields | output | runPipeline in process (warm): wall | CPU | first call in process | CLI full: wall | CPU | CLI no-op: wall | CPU | CLI full with tsx: wall | CPU | peak RSS (MiB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.label} | ${r.entities} / ${r.fields} | ${r.files} files, ${(r.bytes / 1024 ** 2).toFixed(1)} MiB | ` +
      `${medianSpread(r.inProcessMs)} | ${num(median(r.inProcessCpuMs))} | ${num(r.firstInProcessMs)} | ${wall(r.full)} | ${cpu(r.full)} | ${wall(r.noop)} | ${cpu(r.noop)} | ${wall(r.fullTsx)} | ${cpu(r.fullTsx)} | ${rss([...r.full, ...r.noop])} |`),
    `| (node + ${GEN_LOADER} start-up alone, \`--eval 0\`) | | | | | | ${wall(startup)} | ${cpu(startup)} | | | | | ${rss(startup)} |`,
    '',
    'Where the in-process time goes (one extra run with the emitters timed one after another; ms, share of that run):',
    '',
    `| stage | ${results.map((r) => r.label).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    ...results[0].stages.map((stage) => `| ${stage.name} | ${results.map((r) => {
      const ms = r.stages.find((s) => s.name === stage.name)?.ms ?? NaN;
      return `${num(ms)} (${((100 * ms) / r.stages.reduce((sum, s) => sum + s.ms, 0)).toFixed(0)}%)`;
    }).join(' | ')} |`),
    '',
    results.length === 2
      ? `Synthetic / real (median): runPipeline ${num(median(results[1].inProcessMs) / median(results[0].inProcessMs))}x for ` +
        `${num(results[1].fields / results[0].fields)}x the fields; CLI full ${num(median(results[1].full.map((r) => r.wallMs)) / median(results[0].full.map((r) => r.wallMs)))}x.`
      : '',
    '',
  ].join('\n');
}
