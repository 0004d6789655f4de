/**
 * Lighthouse mobile A/B of two UI builds (issue 15 item 8): `npx tsx bench/lighthouse-ab.ts <dirA> <dirB> [runs] [outDir]`.
 * Both builds are served side by side by the real app on one fresh demo SQLite database; the list and record pages
 * are measured with the runs of the two builds interleaved (A, B, A, B...), so the shared machine's load weighs on
 * both alike. Prints each run's performance, FCP, LCP, TBT and keeps every report in outDir.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { API_BASE } from '../server/app.js';
import { CHROMIUM } from './lib-scale/first-list.js';
import { DEMO_PASSWORD, startApi } from './scale/client.js';
import { openScaleDatabase } from './scale/database.js';

const execFileAsync = promisify(execFile);
const PAGES = [
  { name: 'list', path: '/anagrafiche/anaBanca' },
  { name: 'record', path: '/anagrafiche/anaBanca/formBanca/30480' },
];
interface Report { categories: { performance?: { score: number | null } }; audits: Record<string, { numericValue?: number } | undefined> }

async function signIn(dir: string, origin: string): Promise<void> {
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox'] });
  try {
    const answer = await context.request.post(`${origin}${API_BASE}/authorization/auth?userType=banca`, { data: { username: 'assistenza', password: DEMO_PASSWORD } });
    if (answer.status() !== 200) throw new Error(`login: ${answer.status()}`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const args: (string | undefined)[] = process.argv.slice(2);
  const [a, b, runsArg, outArg] = args;
  if (!a || !b) throw new Error('usage: lighthouse-ab.ts <uiDirA> <uiDirB> [runs] [outDir]');
  const runs = Number(runsArg ?? 3);
  const out = outArg ?? mkdtempSync(join(tmpdir(), 'webpos-lh-ab-'));
  mkdirSync(out, { recursive: true });
  const database = await openScaleDatabase('sqlite');
  const builds: { label: string; origin: string; profile: string; close: () => Promise<void> }[] = [];
  for (const [label, dir] of [['A', a], ['B', b]] as const) {
    const client = await startApi(database.db, database.artifacts, { uiDir: resolve(dir) });
    const profile = join(out, `profile-${label}`);
    rmSync(profile, { recursive: true, force: true });
    await signIn(profile, client.origin);
    builds.push({ label, origin: client.origin, profile, close: () => client.close() });
  }
  console.log(`load at start ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  try {
    for (let i = 0; i < runs; i++) {
      for (const page of PAGES) {
        for (const build of builds) {
          const report = join(out, `${build.label}-${page.name}-${i}.json`);
          const runProfile = join(out, 'profile-run');
          rmSync(runProfile, { recursive: true, force: true });
          cpSync(build.profile, runProfile, { recursive: true });
          try {
            await execFileAsync('npx', ['--yes', 'lighthouse@13.5.0', `${build.origin}${page.path}`, '--quiet', '--output=json', `--output-path=${report}`,
              '--only-categories=performance', `--chrome-flags=--headless=new --no-sandbox --user-data-dir=${runProfile}`],
            { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 ** 2 });
          } catch (error) {
            console.log(`${build.label} ${page.name} run ${i}: failed ${error instanceof Error ? error.message.split('\n')[0] : ''}`);
            continue;
          }
          const r: Report = JSON.parse(readFileSync(report, 'utf8'));
          const v = (id: string) => Math.round(r.audits[id]?.numericValue ?? 0);
          console.log(`${build.label} ${page.name} run ${i}: perf ${Math.round((r.categories.performance?.score ?? 0) * 100)} FCP ${v('first-contentful-paint')} LCP ${v('largest-contentful-paint')} TBT ${v('total-blocking-time')} SI ${v('speed-index')} load ${loadavg()[0].toFixed(1)}`);
        }
      }
    }
  } finally {
    for (const build of builds) await build.close();
    await database.dispose();
  }
}

await main();
