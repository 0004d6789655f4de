/**
 * Time to the first rendered list page in headless Chromium (Debian's, as tests/e2e drives it). The
 * session cookie (and its hint) is set before navigating (the login page is not what is measured); an init script
 * watches the DOM and stamps performance.now() (ms since navigation start, the browser's own clock)
 * when a table row with the expected text appears. Cold = a new browser context (empty HTTP cache);
 * warm = the same URL again in that context (assets from the cache, the API called again).
 */
import { chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Visit {
  /** Navigation start -> first row with the text in the DOM (browser clock). */
  firstRowsMs: number;
  domContentLoadedMs: number;
  /** page.goto() called -> row seen by the benchmark (includes the DevTools protocol round trips). */
  wallMs: number;
  jsRequests: number;
  /** Bytes of JavaScript over the wire (0 for cached ones). */
  jsTransferred: number;
  /** API calls started before the list call (session, menu, permissions). */
  apiCallsBefore: number;
  /** When the list call started and when its answer had arrived (browser clock). */
  listStartMs: number;
  listEndMs: number;
}

/** `listPath`: the API path of the list call (`/webpos/api/v1/banche`), to place it in the waterfall. */
export async function timeFirstList(origin: string, token: string, route: string, listPath: string, rowText: string, runs: number): Promise<{ cold: Visit[]; warm: Visit[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const cold: Visit[] = [];
  const warm: Visit[] = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1280, height: 900 } });
      // The session cookie and its hint, as a login leaves them (server/http/session-cookie.ts).
      await context.addCookies([{ name: 'WP_TOKEN', value: token, url: origin }, { name: 'WP_SESSION', value: '1', url: origin }]);
      // The page's own window, stamped with the time the rows first showed (window.__benchFirstRows).
      await context.addInitScript((text: string) => {
        const observer = new MutationObserver(() => {
          if ('__benchFirstRows' in window) return;
          for (const row of document.querySelectorAll('table tbody tr')) {
            if (row.textContent.includes(text)) {
              Object.assign(window, { __benchFirstRows: performance.now() });
              observer.disconnect();
              return;
            }
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      }, rowText);
      const page = await context.newPage();
      const first = await visit(page, origin + route, listPath);
      const again = await visit(page, origin + route, listPath);
      if (i > 0) { cold.push(first); warm.push(again); } // the first context also warms Chromium itself
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { cold, warm };
}

async function visit(page: Page, url: string, listPath: string): Promise<Visit> {
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => '__benchFirstRows' in window, undefined, { timeout: 30_000 });
  const wallMs = performance.now() - start;
  const inPage = await page.evaluate((listPathname) => {
    const nav = performance.getEntriesByType('navigation').find((e) => e instanceof PerformanceNavigationTiming);
    const resources = performance.getEntriesByType('resource').filter((e) => e instanceof PerformanceResourceTiming);
    const js = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
    const api = resources.filter((r) => new URL(r.name).pathname.startsWith('/webpos/api/'));
    const list = api.find((r) => new URL(r.name).pathname === listPathname);
    return {
      firstRowsMs: '__benchFirstRows' in window ? Number(window.__benchFirstRows) : NaN,
      domContentLoadedMs: nav?.domContentLoadedEventEnd ?? NaN,
      jsRequests: js.length,
      jsTransferred: js.reduce((sum, r) => sum + r.transferSize, 0),
      apiCallsBefore: list ? api.filter((r) => r.startTime < list.startTime).length : NaN,
      listStartMs: list?.startTime ?? NaN,
      listEndMs: list?.responseEnd ?? NaN,
    };
  }, listPath);
  return { ...inPage, wallMs };
}
