/** Shared steps of the browser suite: step log, exact-text wait, login through the login page. */
import type { Browser, Page } from 'playwright-core';

export const STEP_TIMEOUT_MS = 15_000;
export const DEMO_PASSWORD = 'Demo-WebPos-2026';

export class StepError extends Error {}

let currentStep = 'preparazione';
export function step(name: string) {
  currentStep = name;
  console.log(`- ${name}`);
}
export function lastStep(): string {
  return currentStep;
}

/** textContent keeps the two spaces of the spec's message that rendering (and innerText) would collapse. */
export async function waitForExactText(page: Page, text: string) {
  await page.waitForFunction((t) => document.body.textContent?.includes(t) ?? false, text, { timeout: STEP_TIMEOUT_MS });
}

/** Fills the login page on screen and presses 'Accedi'. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** The page the running step drives, for the failure screenshot. */
let activePage: Page | undefined;
export function setActivePage(page: Page) {
  activePage = page;
}
export function getActivePage(): Page | undefined {
  return activePage;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: STEP_TIMEOUT_MS }).catch(() => {
    throw new StepError(`expected ${path}, the browser is on ${pathOf(page)}`);
  });
}

const CSP_VIOLATION = /Content Security Policy|CSP violation/i;

/**
 * Collects what must not happen in a page: uncaught errors, and any Content-Security-Policy violation
 * (issue 12 item 14), from Chromium's console message and from the page's own securitypolicyviolation
 * event (the init script runs through DevTools, so the policy does not block it).
 */
export async function watchPage(page: Page, errors: string[]) {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
}

/** A fresh browser context (Italian locale, desktop size) whose page errors are collected in `errors`. */
export async function newPage(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ locale: 'it-IT', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await watchPage(page, errors);
  setActivePage(page);
  return page;
}
