/** Steps and checks the browser tests share: logging in through the login page, where the browser is, exact texts. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-WebPos-2026';

/** Fills the login page on screen and presses 'Accedi'. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** The browser reaches `path` (the query string, which some pages keep, is not compared). */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect(page, `the browser should be on ${path}`).toHaveURL((url) => url.pathname === path);
}

/**
 * `text` exactly, spaces included. Playwright collapses runs of spaces when it compares a string, and the
 * spec's messages keep some double spaces ('Il campo  deve ...'); a regular expression is compared as is,
 * against the element's textContent.
 */
export function exactText(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
