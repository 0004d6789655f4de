/**
 * Lighthouse (issue 15 item 8): performance, accessibility and best practices of the login page, a list and a record
 * page, on mobile (Lighthouse's default: a mid-range phone, simulated 4x CPU slowdown and slow 4G) and desktop
 * (`--preset=desktop`). The real app serves a fresh `vite build` (as `npm start` does) on a fresh SQLite database
 * with the demo data; the list and the record page are opened with the session cookie of assistenza. Lighthouse
 * runs through npx at a pinned version (LIGHTHOUSE below; not a dependency of the project) with /usr/bin/chromium.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM } from '../lib-scale/first-list.js';
import { buildUi, measureSizes } from '../lib-scale/ui-build.js';
import { startApi } from '../scale/client.js';
import { openScaleDatabase } from '../scale/database.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** The pages measured: the bank login, the banks list and one bank's record (a bank every demo database has). */
const PAGES = [
  { name: 'login', path: '/login/banca', signedIn: false },
  { name: 'list (banks)', path: '/anagrafiche/anaBanca', signedIn: true },
  { name: 'record (bank 30480)', path: '/anagrafiche/anaBanca/formBanca/30480', signedIn: true },
] as const;
const FORM_FACTORS = [{ name: 'mobile', flags: [] }, { name: 'desktop', flags: ['--preset=desktop'] }] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

interface Audit { title: string; score: number | null; displayValue?: string; scoreDisplayMode?: string }
interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, Audit | undefined>;
}
interface Row { page: string; formFactor: string; scores: (number | null)[]; metrics: string[]; failing: string[] }

const execFileAsync = promisify(execFile);

async function measurePages(outDir: string, origin: string, token: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const report = join(outDir, 'report.json');
      const headers = page.signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: `WP_TOKEN=${token}` })}`] : [];
      await execFileAsync('npx', ['--yes', LIGHTHOUSE, `${origin}${page.path}`, '--quiet', '--output=json', `--output-path=${report}`,
        `--only-categories=${CATEGORIES.join(',')}`, '--chrome-flags=--headless=new --no-sandbox', ...formFactor.flags, ...headers],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 ** 2 });
      const parsed: Report = JSON.parse(readFileSync(report, 'utf8'));
      const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) => (parsed.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => parsed.audits[ref.id])
        .filter((a): a is Audit => a !== undefined && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => `${c}: ${a.title}`));
      rows.push({
        page: page.name,
        formFactor: formFactor.name,
        scores: CATEGORIES.map((c) => { const s = parsed.categories[c]?.score; return s === null || s === undefined ? null : Math.round(s * 100); }),
        metrics: METRICS.map((m) => parsed.audits[m]?.displayValue ?? '-'),
        failing,
      });
    }
  }
  return rows;
}

/** `--quick` changes nothing: one Lighthouse run per page and form factor is the whole suite (about 3 minutes). */
export async function run(_opts: { quick: boolean }): Promise<string> {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} missing (apt-get install -y chromium): Lighthouse not run.\n`;
  const outDir = mkdtempSync(join(tmpdir(), 'webpos-bench-lighthouse-'));
  try {
    const uiDir = join(outDir, 'ui');
    await buildUi(uiDir);
    const sizes = measureSizes(uiDir);
    const database = await openScaleDatabase('sqlite');
    const client = await startApi(database.db, database.artifacts, { uiDir });
    let rows: Row[];
    try {
      rows = await measurePages(outDir, client.origin, client.token);
    } finally {
      await client.close();
      await database.dispose();
    }
    const score = (s: number | null) => (s === null ? '-' : String(s));
    return [
      '**Lighthouse: login, list and record page, mobile and desktop (issue 15 item 8).**',
      '',
      `What: ${LIGHTHOUSE} (through npx) with ${CHROMIUM} headless, categories ${CATEGORIES.join(', ')}; mobile = Lighthouse's ` +
        'default (simulated slow 4G and 4x CPU slowdown), desktop = `--preset=desktop`. The real app in this process serves a ' +
        'fresh `vite build` (compression, caching and the Content-Security-Policy as in production) on a fresh SQLite database ' +
        'with the demo data; the list and record pages carry the session cookie of assistenza. One run per cell; the ' +
        'performance score moves with the load of this shared machine (the metrics are simulated from the trace, less so). ' +
        `Initial JS of that build: ${(sizes.initialJs.gzip / 1024).toFixed(1)} KiB gzip (${sizes.initialFiles} files; target 250 kB).`,
      '',
      '| page | form factor | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.page} | ${r.formFactor} | ${r.scores.map(score).join(' | ')} | ${r.metrics.join(' | ')} |`),
      '',
      'Audits below 1 in accessibility and best practices:',
      '',
      ...rows.filter((r) => r.failing.length).map((r) => `- ${r.page}, ${r.formFactor}: ${r.failing.join('; ')}`),
      ...(rows.some((r) => r.failing.length) ? [] : ['- none']),
      '',
    ].join('\n');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
