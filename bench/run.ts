/**
 * `npm run bench [-- --only api,volume] [--quick] [--out file]`: runs the benchmark suites in order and
 * writes bench/RESULTS.md (machine, Node, commit, then one section per suite). With --only, the sections
 * of suites not run are kept from the previous RESULTS.md, each with the stamp of the run that made it.
 * A smoke run (--quick) or an investigation (BENCH_* variables, SQLITE_DRIVER) writes to a file in the
 * temporary folder instead, so it never replaces measured results; --out names the file explicitly.
 * Suite contract: a module in bench/suites exporting `run(opts: { quick: boolean }): Promise<string>`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR } from '../server/config.js';
import { machineLines, runStamp, type RunStamp } from './lib/machine.js';
import { present } from '../server/lookup.js';

type Suite = { run(opts: { quick: boolean }): Promise<string> };

const SUITES: { name: string; title: string; file: string }[] = [
  { name: 'api', title: 'API: generated server vs hand-written baseline', file: 'api.ts' },
  { name: 'scale', title: 'Scale', file: 'scale.ts' },
  { name: 'export', title: 'Asynchronous exports (CSV, XLSX)', file: 'export.ts' },
  { name: 'volume', title: 'Volume: request cost with 10,000 banks and 50,000 branches (issue 19)', file: 'volume.ts' },
  { name: 'merchants', title: 'Merchants: search and record with 1,000,000 merchants (issue 16)', file: 'merchants.ts' },
  { name: 'movements', title: 'Movements: the search over millions of card movements (issue 17)', file: 'movements.ts' },
  { name: 'generator', title: 'Generator', file: 'generator.ts' },
  { name: 'ui', title: 'UI', file: 'ui.ts' },
  { name: 'lighthouse', title: 'Lighthouse (issue 15 item 8)', file: 'lighthouse.ts' },
];
const RESULTS = join(ROOT_DIR, 'bench', 'RESULTS.md');
const INVESTIGATION_VARIABLES = ['BENCH_OPS', 'BENCH_ROUNDS', 'BENCH_SECONDS', 'BENCH_WARMUP', 'BENCH_CPU_PROF', 'BENCH_CALLERS', 'BENCH_VOLUME_DIALECTS', 'BENCH_MERCHANTS', 'BENCH_MERCHANTS_DIALECTS', 'BENCH_REQUESTS', 'BENCH_MOVEMENTS', 'BENCH_MOVEMENT_MERCHANTS'];

function parseArgs(argv: string[]): { only?: string[]; quick: boolean; out?: string } {
  const out: { only?: string[]; quick: boolean; out?: string } = { quick: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') out.quick = true;
    else if (arg === '--only') out.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg.startsWith('--only=')) out.only = arg.slice('--only='.length).split(',').filter(Boolean);
    else if (arg === '--out') out.out = resolve(argv[++i] ?? '');
    else throw new Error(`Unknown argument ${arg}; usage: npm run bench [-- --only api,volume] [--quick] [--out file]`);
  }
  const unknown = (out.only ?? []).filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length) throw new Error(`Unknown suite ${unknown.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`);
  return out;
}

const marker = (name: string, edge: 'start' | 'end') => `<!-- suite:${name}:${edge} -->`;

/**
 * Sections of an earlier results file, by name, markers included, in the file's order: a suite's, and one whose
 * suite is gone or that was written by another command (the SQLite drivers' comparison), which is kept as it is.
 */
function previousSections(file: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(file)) return found;
  const text = readFileSync(file, 'utf8');
  for (const [, name] of text.matchAll(/<!-- suite:([\w-]+):start -->/g)) {
    const from = text.indexOf(marker(name, 'start'));
    const to = text.indexOf(marker(name, 'end'));
    if (from >= 0 && to > from) found.set(name, text.slice(from, to + marker(name, 'end').length));
  }
  return found;
}

/** The earlier file's sections of no suite, each placed after the section it followed there (first if none). */
function withSectionsOfNoSuite(sections: Map<string, string>, kept: Map<string, string>): string[] {
  const known = new Set(SUITES.map((s) => s.name));
  const order = [...kept.keys()];
  const after = new Map<string | undefined, string[]>();
  order.forEach((name, i) => {
    if (known.has(name)) return;
    const anchor = order.slice(0, i).reverse().find((n) => known.has(n));
    after.set(anchor, [...(after.get(anchor) ?? []), present(kept.get(name), name)]);
  });
  return [...(after.get(undefined) ?? []), ...SUITES.flatMap((s) => {
    const own = sections.get(s.name);
    return [...(own ? [own] : []), ...(after.get(s.name) ?? [])];
  })];
}

function section(name: string, title: string, stamp: RunStamp, body: string): string {
  return [marker(name, 'start'), `## ${title}`, '', `_Run ${stamp.date} at commit ${stamp.commit}: \`${stamp.command}\`_`, '', body.trim(), marker(name, 'end')].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const command = ['npm run bench', ...(args.only || args.quick ? ['--'] : []), ...(args.only ? ['--only', args.only.join(',')] : []), ...(args.quick ? ['--quick'] : [])].join(' ');
  const stamp = runStamp(command);
  const investigating = INVESTIGATION_VARIABLES.filter((v) => process.env[v] !== undefined);
  const outFile = args.out ?? (args.quick || investigating.length ? join(tmpdir(), 'webpos-bench-RESULTS.md') : RESULTS);
  if (outFile !== RESULTS && !args.out) console.log(`${args.quick ? '--quick' : investigating.join(', ')}: results go to ${outFile}, not bench/RESULTS.md`);
  const kept = outFile === RESULTS ? previousSections(RESULTS) : new Map<string, string>();
  const sections = new Map<string, string>();
  let failed = false;
  for (const suite of SUITES) {
    const path = join(ROOT_DIR, 'bench', 'suites', suite.file);
    const selected = !args.only || args.only.includes(suite.name);
    if (!selected || !existsSync(path)) {
      const previous = kept.get(suite.name);
      if (previous) sections.set(suite.name, previous);
      continue;
    }
    console.log(`\n== ${suite.name}${args.quick ? ' (quick)' : ''} ==`);
    const started = Date.now();
    let body: string;
    try {
      const mod: Suite = await import(pathToFileURL(path).href);
      body = await mod.run({ quick: args.quick });
    } catch (error) {
      failed = true;
      console.error(`suite ${suite.name} failed: ${String((error instanceof Error ? error.stack : undefined) ?? error).slice(0, 3000)}`);
      body = `**Failed**: ${(error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300)}`;
    }
    console.log(`== ${suite.name} done in ${Math.round((Date.now() - started) / 1000)} s ==`);
    sections.set(suite.name, section(suite.name, suite.title, stamp, body));
  }
  const text = [
    '# Benchmark results',
    '',
    `Written by \`${command}\` on ${stamp.date}, commit ${stamp.commit}. Reproduce the whole file with \`npm run bench\``,
    '(each section names the command that produced it; `--quick` figures are a smoke run, not results). How to',
    'read the tables: [README.md](README.md).',
    '',
    '## Machine',
    '',
    ...machineLines(),
    '',
    'The machine is shared: absolute figures drift between runs, so every comparison is measured interleaved in',
    'one run and reported as a ratio.',
    '',
    ...withSectionsOfNoSuite(sections, kept).flatMap((s) => [s, '']),
  ].join('\n');
  writeFileSync(outFile, text);
  console.log(`\nWrote ${outFile}`);
  if (failed) process.exitCode = 1;
}

await main();
