/**
 * The merchant's documents in the business portal (seed 000 §2, seed 002 §2, §5, §7, §9; spec/documenti/): merchant.0001234
 * lists its invoices (30 a page) and downloads one, a real PDF; then its debit letters (10 a page), where an end date
 * after the start of the previous month is refused with the API's message before any call; then confirms it has read
 * an acquiring contract. Looked at at 1400 px and 390 px. That no other merchant's document is ever reached is tests/server/documenti-esercente.test.ts's.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { latestEndOf } from '../../common/search-period';
import { localToday } from '../../ui/src/shell/list/searchPeriod';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FATTURE = '/wpbusiness/documenti/fatture';
const LETTERE = '/wpbusiness/documenti/lettereAddebito';

/** axe's serious and critical findings (WCAG 2.0-2.2 A and AA), as the accessibility walk counts them. */
async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const italian = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test("l'esercente scarica una fattura e cerca le lettere di addebito entro l'inizio del mese precedente", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(FATTURE);
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, FATTURE);

  await test.step('le sue tre fatture, la più recente prima', async () => {
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('2026/001014');
    await expect(page.locator('table tbody')).not.toContainText('2026/001015');
    await page.screenshot({ path: test.info().outputPath('fatture-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('Scarica: il PDF della fattura, con il suo nome', async () => {
    const row = page.locator('table tbody tr', { hasText: '2026/000913' });
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Scarica Fattura PDF' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('fattura-0001234-2026-09.pdf');
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Fattura n. 2026/000913');
    // The button downloads: the row's record did not open.
    await expectPath(page, FATTURE);
  });

  await test.step("lettere di addebito: un periodo oltre l'inizio del mese precedente non si cerca", async () => {
    const today = localToday();
    const latest = latestEndOf({ latestEnd: 'startOfPreviousMonth' }, today) ?? '';
    await page.goto(`${LETTERE}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=${today}`);
    await expect(page.getByText(`La data finale non può essere successiva all'inizio del mese precedente (${italian(latest)})`)).toBeVisible();
    await page.goto(`${LETTERE}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=2026-10-01`);
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(page.locator('table tbody')).toContainText('Commissioni sul transato');
    const downloading = page.waitForEvent('download');
    await rows.first().getByRole('button', { name: 'Scarica Lettera PDF' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^lettera-addebito-100[12]-2026-09\.pdf$/);
    await page.screenshot({ path: test.info().outputPath('lettere-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('contratti acquiring: i tre dei suoi negozi; conferma la presa visione di uno', async () => {
    await page.goto('/wpbusiness/documenti/contrattiAcquiring');
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(3);
    await page.locator('table tbody tr', { hasText: 'Bar Centrale Stazione' }).getByText('Da confermare').click();
    await page.getByRole('button', { name: 'Conferma presa visione' }).click();
    await expect(page.getByRole('dialog')).toContainText('Confermare di aver preso visione del contratto?');
    await page.getByRole('dialog').getByRole('button', { name: /^(Sì|Conferma|OK)$/ }).click();
    await expect(page.getByText('Presa visione del contratto confermata')).toBeVisible();
    // The record reads it confirmed, and its PDF downloads from there too.
    await expect(page.locator('[data-field="contrattoVisualizzato"]')).toHaveText(/Confermata/i);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica Contratto PDF' }).click();
    expect((await downloading).suggestedFilename()).toBe('contratto-acquiring-1002-visa.pdf');
    // The banner closes by itself (3 s, seed 000 §2); axe looks at the record, not at it.
    await expect(page.getByText('Presa visione del contratto confermata')).toBeHidden({ timeout: 10_000 });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('390 px: le fatture senza scorrimento orizzontale della pagina, il pulsante Scarica raggiungibile', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(FATTURE);
    await expect(page.locator('table tbody tr')).toHaveCount(3);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = page.locator('table tbody tr').first().getByRole('button', { name: 'Scarica Fattura PDF' });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('fatture-390.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });
});
