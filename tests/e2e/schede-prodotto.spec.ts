/**
 * The product sheets of the business portal (seed 000 §2 /wpbusiness/profilo/schedeProdotto,
 * spec/profilo/scheda-prodotto.yaml): merchant.0001234 opens them from the Profilo menu, sees the two models of its
 * terminals and downloads one's sheet, a real PDF; then opens a model's record. Looked at at 1400 px and 390 px.
 * That no other merchant's model is ever reached, and an operator's stores, are tests/server/schede-prodotto.test.ts's.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const SCHEDE = '/wpbusiness/profilo/schedeProdotto';

/** axe's serious and critical findings (WCAG 2.0-2.2 A and AA), as the accessibility walk counts them. */
async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test("l'esercente apre le schede prodotto dei suoi modelli e ne scarica una", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/wpbusiness/home');
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/home');

  await test.step('dal menu Profilo: le schede dei due modelli dei suoi terminali', async () => {
    await page.getByRole('navigation', { name: 'Menu WebPOS Business' }).getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Schede prodotto' }).click();
    await expectPath(page, SCHEDE);
    await expect(page.getByRole('heading', { name: 'Schede prodotto' })).toBeVisible();
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('POS cordless generico');
    await expect(rows.nth(1)).toContainText('Smart POS generico');
    await expect(page.locator('table tbody')).not.toContainText('Pay by mail');
    await page.screenshot({ path: test.info().outputPath('schede-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('Scarica: il PDF della scheda, con il suo nome', async () => {
    const downloading = page.waitForEvent('download');
    await page.locator('table tbody tr', { hasText: 'G02' }).getByRole('button', { name: 'Scarica Scheda prodotto' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('scheda-prodotto-G02.pdf');
    const bytes = readFileSync(await file.path());
    expect(bytes.toString('latin1')).toContain('Modello G02 - Smart POS generico');
    await expectPath(page, SCHEDE);
  });

  await test.step('la scheda di un modello: i suoi dati, in sola lettura', async () => {
    await page.locator('table tbody tr', { hasText: 'G01' }).getByText('POS cordless generico').click();
    await expectPath(page, `${SCHEDE}/scheda/G01`);
    await expect(page.getByText('Caratteristiche')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('scheda-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('390 px: le schede senza scorrimento orizzontale della pagina, il pulsante Scarica raggiungibile', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(SCHEDE);
    await expect(page.locator('table tbody tr')).toHaveCount(2);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = page.locator('table tbody tr').first().getByRole('button', { name: 'Scarica Scheda prodotto' });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('schede-390.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });
});
