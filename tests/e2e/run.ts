/**
 * Browser tests against the real server and a fresh SQLite file.
 * Bank scenario: the bank list asks for a login (assistenza) and comes back to the list -> Nuovo -> 4-digit
 * ABI is refused with the spec's exact message -> 5-digit ABI saves and moves to the edit route -> back to
 * the list -> the ABI filter finds the new row.
 * Navigation scenarios (navigation.ts): wrong password, a branch user's landing, menu and forbidden route,
 * the merchant's business variant. Warehouse (warehouse.ts): a pending stock movement offers no action to a user
 * of another group; a user of the owning group accepts it and sees the stock change. Concurrency (concurrency.ts):
 * a save over a row changed meanwhile is refused in Italian, keeps the typed values, shows the change history.
 *
 * Run: npx tsx tests/e2e/run.ts   (npm run test:e2e)
 * Env: E2E_SKIP_BUILD=1 reuses dist/ui as it is instead of rebuilding when ui/ is newer;
 *      E2E_BASE_URL=http://127.0.0.1:3000 drives an already running server instead of starting one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expectPath, getActivePage, lastStep, setActivePage, step, StepError, STEP_TIMEOUT_MS, submitLogin, waitForExactText, watchPage } from './helpers';
import { concurrencyScenario } from './concurrency';
import { branchUserScenario, merchantScenario } from './navigation';
import { securityScenario } from './security';
import { warehouseScenario } from './warehouse';
import { logoScenario } from './logo';
import { assistenzaScenario } from './assistenza';
import { notificheScenario } from './notifiche';
import { manutenzioneScenario } from './manutenzione';
import { exportsScenario } from './exports';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = join(ROOT, 'test-results');
const CHROMIUM = '/usr/bin/chromium';
const ABI_WRONG = '1234';
const ABI = '12345';
const BANK_NAME = `Banca di prova E2E ${Date.now()}`;
const PATTERN_MESSAGE = 'Il campo  deve essere di 5 cifre';

/** Newest modification time under `dir` (recursive), ignoring nothing: ui/ is small. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const index = join(ROOT, 'dist/ui/index.html');
  if (process.env.E2E_SKIP_BUILD && existsSync(index)) return;
  const sources = Math.max(newestMtime(join(ROOT, 'ui')), newestMtime(join(ROOT, 'generated')), newestMtime(join(ROOT, 'common')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  step('build della UI (npm run build:ui)');
  const result = spawnSync('npm', ['run', 'build:ui'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new StepError('npm run build:ui failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  log: string[];
}

/** Starts `npx tsx server/main.ts` in its own process group, so killing the group ends npx, tsx and node. */
function startServer(port: number, sqliteFile: string): Promise<RunningServer> {
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SQLITE_FILE: sqliteFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log: string[] = [];
  const ready = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new StepError(`server did not print ${ready} within 60 s`)), 60_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log.push(line);
      if (log.some((line) => line.includes(ready))) {
        clearTimeout(timer);
        resolve({ child, log });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new StepError(`server exited with code ${code} before listening:\n${log.slice(-30).join('\n')}`));
    });
  });
}

function stopServer(server: RunningServer | undefined) {
  const pid = server?.child.pid;
  if (!pid || server.child.exitCode !== null) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function scenario(page: Page, base: string, errors: string[]) {
  step('apro l\'elenco banche: serve l\'accesso');
  const response = await page.goto(`${base}/anagrafiche/anaBanca`);
  await expectPath(page, '/login/banca');

  step('la pagina ha la Content-Security-Policy, e Chromium la applica');
  const csp = response?.headers()['content-security-policy'] ?? '';
  if (!csp.includes("script-src 'self'") || !csp.includes("frame-ancestors 'none'")) throw new StepError(`no strict Content-Security-Policy on the page: '${csp}'`);
  const seen = errors.length;
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.appendChild(script);
    return (window as { __inlineRan?: boolean }).__inlineRan === true;
  });
  if (ran) throw new StepError('an inline script ran despite the Content-Security-Policy');
  // The refusal above is the one violation expected: wait for both its reports (console, event), then forget them.
  const reported = () => errors.slice(seen).some((e) => e.startsWith('CSP violation')) && errors.slice(seen).some((e) => !e.startsWith('CSP violation'));
  for (let i = 0; i < 40 && !reported(); i++) await page.waitForTimeout(50);
  if (!reported()) throw new StepError(`the CSP violation of the inline script was not reported twice (console, event): ${errors.slice(seen).join('; ')}`);
  errors.splice(seen);

  step('accesso come assistenza: torno all\'elenco banche');
  await submitLogin(page, 'assistenza');
  await expectPath(page, '/anagrafiche/anaBanca');
  await page.getByRole('heading', { name: 'Anagrafica banche' }).waitFor();
  await page.locator('table tbody tr').first().waitFor();

  step('clic su Nuovo');
  await page.getByRole('button', { name: 'Nuovo' }).click();
  await page.waitForURL(`${base}/anagrafiche/anaBanca/formBanca`);

  step(`ABI di 4 cifre (${ABI_WRONG}) e denominazione`);
  const abi = page.locator('#root_codAbi');
  await abi.fill(ABI_WRONG);
  await page.locator('#root_nomeBcc').fill(BANK_NAME);

  step('Salva: attendo il messaggio della specifica');
  await page.getByRole('button', { name: 'Salva' }).click();
  await waitForExactText(page, PATTERN_MESSAGE);
  if (page.url() !== `${base}/anagrafiche/anaBanca/formBanca`) throw new StepError(`unexpected navigation to ${page.url()}`);
  const english = await page.evaluate(() => /\bmust\b|\bshould\b|is a required property/i.test(document.body.textContent ?? ''));
  if (english) throw new StepError('English validation text on the page');

  step(`correggo l'ABI in ${ABI} e salvo`);
  await abi.fill(ABI);
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.waitForURL(`${base}/anagrafiche/anaBanca/formBanca/${ABI}`, { timeout: STEP_TIMEOUT_MS });
  await page.getByText('Salvataggio effettuato').first().waitFor();
  // The edit route reloads the row; wait for that render instead of reading the field mid-transition.
  const keyLocked = await page
    .waitForFunction(() => {
      const el = document.querySelector<HTMLInputElement>('#root_codAbi');
      return Boolean(el && (el.disabled || el.readOnly) && el.value !== '');
    }, undefined, { timeout: STEP_TIMEOUT_MS })
    .then(() => true, () => false);
  if (!keyLocked) {
    throw new StepError('the key field is editable on the edit route');
  }

  step('torno all\'elenco e filtro per ABI');
  await page.getByRole('button', { name: "Torna all'elenco" }).click();
  await page.waitForURL(`${base}/anagrafiche/anaBanca`);
  const filtered = page.waitForResponse((r) => r.url().includes('/banche?') && r.url().includes(`codAbi=${ABI}`) && r.ok(), { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('searchbox', { name: 'Codice ABI' }).fill(ABI);
  await filtered;
  const row = page.locator('table tbody tr', { hasText: BANK_NAME });
  await row.waitFor({ timeout: STEP_TIMEOUT_MS });
  const rows = await page.locator('table tbody tr').count();
  if (rows !== 1) throw new StepError(`expected 1 row for ABI ${ABI}, found ${rows}`);
  if (!(await row.textContent())?.includes(ABI)) throw new StepError('the row does not show the ABI');

  step('filtro per denominazione (parametro del manifest)');
  const byName = page.waitForResponse((r) => r.url().includes('/banche?') && /[?&]name=prova/.test(r.url()) && r.ok(), { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('searchbox', { name: 'Codice ABI' }).fill('');
  await page.getByRole('searchbox', { name: 'Denominazione' }).fill('prova E2E');
  await byName;
  await page.locator('table tbody tr', { hasText: BANK_NAME }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new StepError(`${CHROMIUM} missing: apt-get install -y chromium`);
  buildIfStale();
  const external = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
  const dataDir = mkdtempSync(join(tmpdir(), 'webpos-e2e-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  try {
    let base = external;
    if (!base) {
      const port = await freePort();
      step(`avvio del server sulla porta ${port}`);
      server = await startServer(port, join(dataDir, 'e2e.sqlite'));
      base = `http://127.0.0.1:${port}`;
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ locale: 'it-IT', viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    setActivePage(page);
    const pageErrors: string[] = [];
    await watchPage(page, pageErrors);
    // Order matters: the security scenario resets passwords others log in with, so it comes late.
    const scenarios: [string, () => Promise<void>][] = [
      ['bank', () => scenario(page!, base!, pageErrors)],
      ['branch', () => branchUserScenario(browser!, base!, pageErrors)],
      ['merchant', () => merchantScenario(browser!, base!, pageErrors)],
      // Before the security scenario, which resets federazione's password.
      ['warehouse', () => warehouseScenario(browser!, base!, pageErrors)],
      ['assistenza', () => assistenzaScenario(browser!, base!, pageErrors)],
      // These log in as sede.30480, whose password the security scenario resets.
      ['notifiche', () => notificheScenario(browser!, base!, pageErrors)],
      ['manutenzione', () => manutenzioneScenario(browser!, base!, pageErrors)],
      ['logo', () => logoScenario(browser!, base!, pageErrors)],
      ['exports', () => exportsScenario(browser!, base!, pageErrors)],
      ['security', () => securityScenario(browser!, base!, pageErrors)],
      ['concurrency', () => concurrencyScenario(browser!, base!, pageErrors)],
    ];
    // E2E_ONLY=warehouse,logo runs just those (while working on one screen); CI runs them all.
    const only = process.env.E2E_ONLY?.split(',').map((n) => n.trim()).filter(Boolean);
    for (const [name, run] of scenarios) if (!only || only.includes(name)) await run();
    if (pageErrors.length) throw new StepError(`errors in the page: ${pageErrors.join('; ')}`);
    console.log('E2E OK');
  } catch (error) {
    console.error(`E2E FAILED at step "${lastStep()}": ${error instanceof Error ? error.message : String(error)}`);
    const failed = getActivePage() ?? page;
    if (failed) {
      mkdirSync(RESULTS, { recursive: true });
      const shot = join(RESULTS, 'e2e-failure.png');
      await failed.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      console.error(`screenshot: ${shot}`);
    }
    if (server) console.error(`server log (last lines):\n${server.log.slice(-20).join('\n')}`);
    process.exitCode = 1;
  } finally {
    await browser?.close().catch(() => undefined);
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
