/**
 * What must not happen in a page: uncaught errors, and any Content-Security-Policy violation (issue 12
 * item 14), seen both in Chromium's console message and in the page's own securitypolicyviolation event
 * (the init script runs through DevTools, so the policy does not block it).
 */
import type { Page } from '@playwright/test';

export const CSP_VIOLATION_EVENT = 'CSP violation';
const CSP_VIOLATION = /Content Security Policy|CSP violation/i;

export async function watchPage(page: Page, errors: string[]): Promise<void> {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && CSP_VIOLATION.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`${prefix}: ${e.violatedDirective} ${e.blockedURI}`));
  }, CSP_VIOLATION_EVENT);
}
