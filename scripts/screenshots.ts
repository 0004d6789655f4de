/**
 * `npm run screenshots`: the main screens at 1400 x 900 (desktop) and 390 x 844 (phone) into
 * docs/screenshots/<screen>-desktop.png and -phone.png, for the README. It does what `npm start` does
 * (scripts/start.ts: generate if needed, build the UI if needed) on a free port and a fresh SQLite file, so
 * the demo data loads; then it logs in as the demo personas in Debian's Chromium (`CHROMIUM_PATH` for
 * another) and photographs each screen. A screen that does not load (its title missing, "Pagina non trovata",
 * "Non autorizzato", an uncaught error in the page) stops the run with exit code 1; the server is stopped
 * on every exit. Not part of `npm test`: run it after a visible change of the shell and commit the images.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT_DIR } from '../server/config.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT_DIR = join(ROOT_DIR, 'docs', 'screenshots');
const DEMO_PASSWORD = 'Demo-WebPos-2026';
/** The first start migrates and loads the demo data; a UI build before it takes longer on a busy machine. */
const START_TIMEOUT_MS = 240_000;
const STEP_TIMEOUT_MS = 20_000;
/** The line server/main.ts prints once it listens; PORT=0 lets the system choose a free port. */
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)\//;
/** The clock the pages see, so the dates they compute themselves do not change from run to run. */
const FIXED_NOW = new Date('2026-11-26T10:00:00+01:00');

const VIEWPORTS = {
  desktop: { width: 1400, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

interface Login {
  realm: 'banca' | 'merchant';
  username: string;
}

interface Screen {
  /** The file name's first part: docs/screenshots/<name>-desktop.png. */
  name: string;
  /** Who is logged in; none for a public page. */
  login?: Login;
  path: string;
  /** The page's title, which says the screen has loaded. */
  heading: string;
  /** Its level when it is not an h1 (every route's title is its one h1: tests/e2e/accessibility.spec.ts). */
  level?: number;
  /** What a user would do on the screen before it is photographed (a search typed, a tab chosen). */
  prepare?: (page: Page) => Promise<void>;
}

const ASSISTENZA: Login = { realm: 'banca', username: 'assistenza' };
const SEDE: Login = { realm: 'banca', username: 'sede.30480' };
const MERCHANT: Login = { realm: 'merchant', username: 'merchant.0001234' };

const SCREENS: Screen[] = [
  { name: 'login', path: '/login/banca', heading: 'WebPOS' },
  { name: 'home-assistenza', login: ASSISTENZA, path: '/home', heading: 'Da fare' },
  {
    name: 'ricerca-esercente',
    login: SEDE,
    path: '/esercente/ricercaEsercente',
    heading: 'Ricerca esercente',
    prepare: async (page) => {
      const searched = page.waitForResponse((r) => r.url().includes('/esercenti?') && r.ok());
      await page.getByRole('searchbox', { name: 'Ragione sociale' }).fill('a');
      await searched;
      await page.locator('table tbody tr').first().waitFor();
    },
  },
  { name: 'anagrafica-esercente', login: SEDE, path: '/esercente/anagraficaesercente/E/0001234', heading: 'Modifica Esercente 0001234' },
  { name: 'movimenti-magazzino', login: SEDE, path: '/magazzino/movimenti', heading: 'Movimenti di magazzino' },
  { name: 'modulo-filiale', login: ASSISTENZA, path: '/anagrafiche/filiali/formFiliale/30480/01601', heading: 'Modifica Filiale 30480 01601' },
  { name: 'ruolo', login: ASSISTENZA, path: '/security/ruoli/ruolo/11000/BANCA_FILIALE', heading: 'Ruolo BANCA_FILIALE' },
  { name: 'home-esercente', login: MERCHANT, path: '/wpbusiness/home', heading: 'Da fare' },
];

/** Texts that mean the route did not open the screen it should. */
const BROKEN = ['Pagina non trovata', 'Non autorizzato', 'Pagina in preparazione'];

interface Server {
  baseURL: string;
  log: string[];
  stop: () => void;
}

function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'webpos-screenshots-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: join(dataDir, 'demo.sqlite'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it also stops a `vite build` it may be running.
    detached: true,
  });
  const log: string[] = [];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  // Ctrl-C does not reach a detached group, and a signal ends Node without its 'exit' event.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  }
  return listeningUrl(child, log).then((baseURL) => ({ baseURL, log, stop }), (error: unknown) => {
    stop();
    throw error;
  });
}

function listeningUrl(child: ChildProcessByStdio<null, Readable, Readable>, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the server did not listen within ${String(START_TIMEOUT_MS / 1000)} s:\n${log.slice(-30).join('\n')}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        log.push(line);
        const url = LISTENING.exec(line)?.[1];
        if (url) {
          clearTimeout(timer);
          resolve(url);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${String(code)} before listening:\n${log.slice(-30).join('\n')}`));
    });
  });
}

/** A new browser context of the viewport, logged in as `login` (none: a visitor). */
async function openPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }, login: Login | undefined, errors: string[]): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  page.on('pageerror', (error) => errors.push(`uncaught error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
  });
  if (login) {
    await page.goto(`/login/${login.realm}`);
    await page.getByLabel('Nome utente').fill(login.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }
  return page;
}

async function shoot(browser: Browser, baseURL: string, screen: Screen, device: keyof typeof VIEWPORTS): Promise<string> {
  const errors: string[] = [];
  const page = await openPage(browser, baseURL, VIEWPORTS[device], screen.login, errors);
  try {
    await page.goto(screen.path);
    const url = new URL(page.url());
    if (url.pathname !== screen.path) throw new Error(`the browser went to ${url.pathname} instead`);
    const heading = page.getByRole('heading', { level: screen.level ?? 1, name: screen.heading, exact: true }).first();
    await heading.waitFor().catch(async (error: unknown) => {
      const shown = await page.locator('h1, h2').allInnerTexts();
      throw new Error(`no heading '${screen.heading}' (the page's h1 and h2: ${shown.map((t) => `'${t}'`).join(', ') || 'none'})`, { cause: error });
    });
    await page.waitForLoadState('networkidle');
    await screen.prepare?.(page);
    await page.waitForLoadState('networkidle');
    for (const text of BROKEN) {
      if (await page.getByText(text, { exact: true }).count()) throw new Error(`the page says '${text}'`);
    }
    if (errors.length) throw new Error(errors.join('\n'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const file = join(OUT_DIR, `${screen.name}-${device}.png`);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    const shown = relative(ROOT_DIR, file);
    return overflow > 0 ? `${shown} (the page scrolls sideways by ${String(overflow)} px)` : shown;
  } finally {
    await page.context().close();
  }
}

async function main(): Promise<void> {
  // `npm run screenshots -- ruolo login`: only those screens.
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !SCREENS.some((screen) => screen.name === name));
  if (unknown.length) throw new Error(`unknown screen ${unknown.join(', ')}; the screens: ${SCREENS.map((screen) => screen.name).join(', ')}`);
  const chosen = names.length ? SCREENS.filter((screen) => names.includes(screen.name)) : SCREENS;
  mkdirSync(OUT_DIR, { recursive: true });
  console.log('Starting the server as `npm start` does, on a fresh demo database...');
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    let bytes = 0;
    for (const screen of chosen) {
      for (const device of ['desktop', 'phone'] as const) {
        try {
          const written = await shoot(browser, server.baseURL, screen, device);
          bytes += statSync(join(OUT_DIR, `${screen.name}-${device}.png`)).size;
          console.log(`  ${written}`);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const serverLog = server.log.slice(-10).join('\n');
          throw new Error(`screen '${screen.name}' (${device}, ${screen.path}) did not load: ${reason}\nThe server's last lines:\n${serverLog}`, { cause: error });
        }
      }
    }
    console.log(`${String(chosen.length * 2)} screenshots, ${(bytes / 1024 / 1024).toFixed(2)} MB, in docs/screenshots/`);
  } finally {
    await browser?.close();
    server.stop();
  }
}

try {
  await main();
} catch (error) {
  console.error(`npm run screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
