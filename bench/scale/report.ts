/** The markdown of the scale suite (bench/suites/scale.ts): seeding, latency, count cache, indexes, plans. */
import { present } from '../../server/lookup.js';
import { medianSpread, num, percentile, ratio } from '../lib-scale/quantiles.js';
import type { Dialect } from './database.js';
import type { Plans } from './plans.js';
import type { SeedResult } from './seed.js';
import type { Shape } from './shapes.js';

export interface ShapeResult {
  shape: Shape;
  totalCount: number;
  /** Count cache on (as served) and off (counting every request), interleaved. */
  cached: number[];
  uncached: number[];
  /** Cache on, after DROP INDEX of the spec's indexes (shapes that use them). */
  noIndex?: number[];
  /** PostgreSQL, cache on, after altering the text columns to COLLATE "C". */
  collated?: number[];
  plans: Plans;
  collatedPlan?: string;
}
/** A dialect the suite measured; `seconds` is the whole suite's (seed and measure). */
export interface Measured { dialect: Dialect; error?: undefined; seed: SeedResult; bytes: number; migrations: string[]; shapes: ShapeResult[]; seconds: number }
interface NotMeasured { dialect: Dialect; error: string; shapes: ShapeResult[]; seconds: number }
export type DialectResult = Measured | NotMeasured;

const LABEL: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export function renderScale(results: DialectResult[], rows: number, reps: number, warmup: number): string {
  const ok = results.filter((r) => r.error === undefined);
  const cols = (f: (r: Measured) => string) => results.map((r) => (r.error === undefined ? f(r) : 'n/a'));
  const byShape = (r: DialectResult, name: string) => r.shapes.find((s) => s.shape.name === name);
  const shapeOf = (r: DialectResult, name: string) => present(byShape(r, name), `the ${LABEL[r.dialect]} results of ${name}`);
  const names = ok[0]?.shapes.map((s) => s.shape.name) ?? [];
  const heads = results.map((r) => LABEL[r.dialect]);
  const perDialect = (f: (s: ShapeResult) => string, empty: string) => (name: string) =>
    results.map((r) => { const s = r.error === undefined ? byShape(r, name) : undefined; return s ? f(s) : empty; }).join(' | ');
  const p50p99 = (v: number[]) => `${num(percentile(v, 50))} / ${num(percentile(v, 99))}`;
  const pg = ok.find((r) => r.dialect === 'postgres' && r.shapes.some((s) => s.collated));
  return [
    `**Data at scale: ${rows.toLocaleString('en-US')} branches, SQLite vs PostgreSQL.**`,
    '',
    `What: list pages of Filiale (spec/anagrafiche/filiale.yaml) over ${rows.toLocaleString('en-US')} synthetic rows, each with its totalCount. ` +
      'How: a fresh database migrated with generated/migrations plus the demo data, seeded by bench/scale/seed.ts ' +
      '(banks through the entity service, branches with 500-row INSERTs, one transaction per bank, then ANALYZE); ' +
      `the real app (createApp) in this process, called over HTTP as assistenza (every bank); ${reps} timed requests per shape ` +
      `after ${warmup} warm-up ones, count cache on and off alternating. Milliseconds from request to parsed body; p99 is the ` +
      `${Math.ceil(reps * 0.99)}th of ${reps}.`,
    '',
    ...results.filter((r) => r.error).map((r) => `**${LABEL[r.dialect]} not measured:** ${r.error}\n`),
    '### Seeding',
    '',
    `| | ${heads.join(' | ')} |`,
    `|---|${heads.map(() => '---:').join('|')}|`,
    `| synthetic banks (entity service) | ${cols((r) => `${r.seed.banks} in ${num(r.seed.banksMs)} ms`).join(' | ')} |`,
    `| branches inserted | ${cols((r) => `${(r.seed.branchesMs / 1000).toFixed(1)} s (${Math.round(r.seed.rows / (r.seed.branchesMs / 1000)).toLocaleString('en-US')} rows/s)`).join(' | ')} |`,
    `| ANALYZE | ${cols((r) => `${(r.seed.analyzeMs / 1000).toFixed(1)} s`).join(' | ')} |`,
    `| size on disk | ${cols((r) => `${(r.bytes / 1024 ** 2).toFixed(0)} MiB`).join(' | ')} |`,
    `| whole suite (seed + measure) | ${cols((r) => `${r.seconds.toFixed(0)} s`).join(' | ')} |`,
    `| migrations applied | ${cols((r) => r.migrations.join(', ')).join(' | ')} |`,
    '',
    '### Latency per query shape (ms; count cache on, as served)',
    '',
    `| query shape | totalCount | ${results.map((r) => `${LABEL[r.dialect]} p50 | p99 | min-max`).join(' | ')} |${ok.length === 2 ? ' PostgreSQL / SQLite (p50) |' : ''}`,
    `|---|---:|${results.map(() => '---:|---:|---:').join('|')}|${ok.length === 2 ? '---:|' : ''}`,
    ...names.map((name) => {
      const cells = perDialect((s) => `${num(percentile(s.cached, 50))} | ${num(percentile(s.cached, 99))} | ${num(Math.min(...s.cached))}-${num(Math.max(...s.cached))}`, 'n/a | n/a | n/a')(name);
      const cmp = ok.length === 2 ? ` ${ratio(percentile(shapeOf(ok[1], name).cached, 50), percentile(shapeOf(ok[0], name).cached, 50))} |` : '';
      return `| ${name} \`${shapeOf(ok[0], name).shape.path}\` | ${shapeOf(ok[0], name).totalCount.toLocaleString('en-US')} | ${cells} |${cmp}`;
    }),
    '',
    '### totalCount: counted on every request (before) vs count cache (after)',
    '',
    'Before: every page runs COUNT(*) of its filter. After: the count of a filter is reused until a write to the table ' +
      '(server/crud/count-cache.ts); the first request of a filter, and the first after a write, still count. p50 / p99, ms.',
    '',
    `| query shape | ${results.map((r) => `${LABEL[r.dialect]} before | after | before/after (p50)`).join(' | ')} |`,
    `|---|${results.map(() => '---:|---:|---:').join('|')}|`,
    ...names.map((name) => `| ${name} | ${perDialect((s) => `${p50p99(s.uncached)} | ${p50p99(s.cached)} | ${ratio(percentile(s.uncached, 50), percentile(s.cached, 50))}`, 'n/a | n/a | n/a')(name)} |`),
    '',
    '### Spec indexes (filiale.yaml `indexes:`): page query without vs with them',
    '',
    'The same requests after DROP INDEX of the spec indexes (count cache on, so the page query is what differs); ms, median (min-max).',
    '',
    `| query shape | ${results.map((r) => `${LABEL[r.dialect]} without | with | without/with (p50)`).join(' | ')} |`,
    `|---|${results.map(() => '---:|---:|---:').join('|')}|`,
    ...names.filter((name) => byShape(ok[0], name)?.noIndex).map((name) => `| ${name} | ${perDialect((s) => (s.noIndex
      ? `${medianSpread(s.noIndex)} | ${medianSpread(s.cached)} | ${ratio(percentile(s.noIndex, 50), percentile(s.cached, 50))}`
      : 'n/a | n/a | n/a'), 'n/a | n/a | n/a')(name)} |`),
    '',
    ...(pg
      ? [
        '### PostgreSQL: the list orders text COLLATE "C"; with text columns COLLATE "C"',
        '',
        'server/crud/list-query.ts orders text columns `COLLATE "C"` on PostgreSQL (the same order as SQLite). An index ' +
          'serves an ORDER BY only in its own collation, and the migrations create text columns (so the primary key and the ' +
          'spec indexes) in the database default collation. Here the same requests after ALTER TABLE of every text column of ' +
          'filiale to COLLATE "C" (the key and the spec indexes are rebuilt in it), what declaring text columns COLLATE "C" on ' +
          'PostgreSQL in the migrations would give; count cache on; ms, median (min-max).',
        '',
        '| query shape | as migrated | text columns COLLATE "C" | ratio (p50) | plan then |',
        '|---|---:|---:|---:|---|',
        ...pg.shapes.flatMap((s) => (s.collated ? [`| ${s.shape.name} | ${medianSpread(s.cached)} | ${medianSpread(s.collated)} | ` +
          `${ratio(percentile(s.cached, 50), percentile(s.collated, 50))} | ${s.collatedPlan} |`] : [])),
        '',
      ]
      : []),
    '### Plans (as migrated, with the spec indexes)',
    '',
    `| query shape | ${results.map((r) => `${LABEL[r.dialect]} page query | count query`).join(' | ')} |`,
    `|---|${results.map(() => '---|---').join('|')}|`,
    ...names.map((name) => `| ${name} | ${perDialect((s) => `${s.plans.page} | ${s.plans.count}`, 'n/a | n/a')(name)} |`),
    '',
  ].join('\n');
}
