/**
 * UI: size of the initial JavaScript (gzip) and of each lazily loaded chunk, from a real `vite build`
 * (ui/vite.config.ts) into a temp folder; then time to the first rendered list page in headless
 * Chromium, against the real app serving that build on a fresh SQLite database with the demo data.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, medianSpread, num, percentile } from '../lib-scale/quantiles.js';
import { CHROMIUM, timeFirstList, type Visit } from '../lib-scale/first-list.js';
import { buildUi, measureSizes, type Size } from '../lib-scale/ui-build.js';
import { startApi } from '../scale/client.js';
import { openScaleDatabase } from '../scale/database.js';

/** The banks list (generated/manifest.json route of Banca) and a bank every demo database has. */
const ROUTE = '/anagrafiche/anaBanca';
const LIST_CALL = '/webpos/api/v1/banche';
const ROW_TEXT = '30480';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sizeCells = (s: Size) => `${kib(s.gzip)} | ${kib(s.raw)}`;

export async function run(opts: { quick: boolean }): Promise<string> {
  const runs = opts.quick ? 5 : 15;
  const outDir = mkdtempSync(join(tmpdir(), 'webpos-bench-ui-'));
  try {
    const build = await buildUi(outDir);
    const sizes = measureSizes(outDir);
    let visits: { cold: Visit[]; warm: Visit[] } | undefined;
    let skipped = '';
    if (!existsSync(CHROMIUM)) {
      skipped = `${CHROMIUM} missing (apt-get install -y chromium): time to first list not measured.`;
    } else {
      const database = await openScaleDatabase('sqlite');
      const client = await startApi(database.db, database.artifacts, { uiDir: outDir });
      try {
        visits = await timeFirstList(client.origin, client.token, ROUTE, LIST_CALL, ROW_TEXT, runs);
      } finally {
        await client.close();
        await database.dispose();
      }
    }
    const med = (v: Visit[], f: (x: Visit) => number) => num(median(v.map(f)));
    const visitRow = (label: string, v: Visit[]) =>
      `| ${label} | ${medianSpread(v.map((x) => x.firstRowsMs))} | ${num(percentile(v.map((x) => x.firstRowsMs), 90))} | ` +
      `${medianSpread(v.map((x) => x.wallMs))} | ${med(v, (x) => x.jsRequests)} | ${kib(median(v.map((x) => x.jsTransferred)))} |`;
    const waterfallRow = (label: string, v: Visit[]) =>
      `| ${label} | ${med(v, (x) => x.domContentLoadedMs)} | ${med(v, (x) => x.apiCallsBefore)} | ${med(v, (x) => x.listStartMs)} | ` +
      `${med(v, (x) => x.listEndMs)} | ${med(v, (x) => x.firstRowsMs)} | ${med(v, (x) => x.firstRowsMs - x.listEndMs)} |`;
    return [
      '**UI: initial JavaScript, lazy chunks, time to first list.**',
      '',
      'What: what the browser downloads before the shell runs and for each lazily loaded route, and how long until the ' +
        'first list page shows its rows. How: `vite build` with ui/vite.config.ts into a temp folder (`--manifest`); initial JS = ' +
        'the entry chunk and everything it imports statically; gzip = node:zlib at its default level (the Express server itself ' +
        'sends these files uncompressed). Then the real app serves that build on a fresh SQLite database with the demo data; ' +
        `headless Chromium (${CHROMIUM}) with the session cookie of assistenza set opens ${ROUTE} and an init script stamps the ` +
        `moment a table row with ${ROW_TEXT} is in the DOM. ${runs} runs, after one unmeasured; ms, median (min-max).`,
      '',
      `Build: ${num(build.wallMs / 1000)} s wall, ${num(build.cpuMs / 1000)} s CPU (one build).`,
      '',
      '| bundle | gzip | raw |',
      '|---|---:|---:|',
      `| initial JS (entry + ${sizes.initialFiles - 1} static imports) | ${sizeCells(sizes.initialJs)} |`,
      `| initial CSS | ${sizeCells(sizes.initialCss)} |`,
      `| all lazy chunks (own files) | ${kib(sizes.lazy.reduce((s, l) => s + l.own.gzip, 0))} | ${kib(sizes.lazy.reduce((s, l) => s + l.own.raw, 0))} |`,
      '',
      '| lazily loaded chunk | file | own gzip | own raw | with the imports only it needs, gzip |',
      '|---|---|---:|---:|---:|',
      ...sizes.lazy.map((l) => `| ${l.source} | ${l.file} | ${kib(l.own.gzip)} | ${kib(l.own.raw)} | ${kib(l.total.gzip)} |`),
      '',
      ...(visits
        ? [
          `| time to first list (${ROUTE}) | first rows | p90 | wall (bench side) | JS requests | JS transferred |`,
          '|---|---:|---:|---:|---:|---:|',
          visitRow('cold: new context, empty cache', visits.cold),
          visitRow('warm: same URL again, cached assets', visits.warm),
          '',
          'Where that time goes (medians, ms since navigation start):',
          '',
          `| | DOMContentLoaded | API calls before the list call | list call starts | list answer in | first rows | rows - answer (render) |`,
          '|---|---:|---:|---:|---:|---:|---:|',
          waterfallRow('cold', visits.cold),
          waterfallRow('warm', visits.warm),
        ]
        : [skipped]),
      '',
    ].join('\n');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
