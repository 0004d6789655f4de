/**
 * The merchant's profile in the business portal (seed 000 §2 /wpbusiness/profilo/datiPersonali; spec/profilo/):
 * merchant.0001234 opens "Dati personali" from the menu on its own record, reads its data, changes its SDI code,
 * opens a store's tab and changes its phone (the sign and the rest stay read-only), then reads the contacts page.
 * Looked at at 1400 px and 390 px.
 * That the server refuses every other field is tests/server/profilo-esercente.test.ts's.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const PROFILO = '/wpbusiness/profilo/datiPersonali';

/** axe's serious and critical findings (WCAG 2.0-2.2 A and AA), as the accessibility walk counts them. */
async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test("l'esercente aggiorna il codice SDI e il telefono di un negozio dai suoi dati personali", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/wpbusiness/home');
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/home');

  await test.step('Dati personali dal menu: il proprio esercente, in sola lettura tranne PEC e SDI', async () => {
    await page.getByRole('navigation', { name: 'Menu WebPOS Business' }).getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Dati personali' }).click();
    await expectPath(page, `${PROFILO}/0001234`);
    await expect(page.locator('#root_ds')).toHaveValue('Bar Centrale S.r.l.');
    await expect(page.locator('#root_ds')).not.toBeEditable();
    await expect(page.locator('#root_iban')).not.toBeEditable();
    await expect(page.locator('#root_pec')).toHaveValue('barcentrale@pec.example');
    await expect(page.locator('#root_codiceSdi')).toBeEditable();
    await page.screenshot({ path: test.info().outputPath('profilo-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('un codice SDI sbagliato si corregge, poi si salva', async () => {
    await page.locator('#root_codiceSdi').fill('abc');
    await page.getByRole('button', { name: 'Salva' }).first().click();
    await expect(page.getByText('Il codice destinatario SDI è di 7 caratteri: lettere maiuscole e cifre').first()).toBeVisible();
    await page.locator('#root_codiceSdi').fill('KRRH6B9');
    await page.getByRole('button', { name: 'Salva' }).first().click();
    await expect(page.getByText('Dati di fatturazione elettronica salvati')).toBeVisible();
  });

  await test.step('il negozio Bar Centrale Stazione: telefono modificabile, insegna no', async () => {
    await page.getByRole('tab', { name: 'Bar Centrale Stazione' }).click();
    await expect(page.locator('#negozi_insegna')).toHaveValue('Bar Centrale Stazione');
    await expect(page.locator('#negozi_insegna')).not.toBeEditable();
    await page.locator('#negozi_telefono').fill('02 1234-567');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Contatti del negozio salvati')).toBeVisible();
    await page.reload();
    await expect(page.locator('#negozi_telefono')).toHaveValue('02 1234-567');
    await expect(page.locator('#root_codiceSdi')).toHaveValue('KRRH6B9');
    expect(await blocking(page)).toEqual([]);
  });

  await test.step("Contatti: il telefono e l'e-mail dell'assistenza", async () => {
    await page.getByRole('navigation', { name: 'Menu WebPOS Business' }).getByRole('button', { name: 'Profilo' }).click();
    await page.getByRole('menuitem', { name: 'Contatti' }).click();
    await expectPath(page, '/wpbusiness/contatti');
    await expect(page.getByRole('link', { name: '800 123 456' })).toHaveAttribute('href', 'tel:800123456');
    await expect(page.getByRole('link', { name: 'assistenza.esercenti@webpos.example' })).toBeVisible();
    expect(await blocking(page)).toEqual([]);
    await page.goBack();
    // Back on the profile, on the store tab it had open.
    await expectPath(page, `${PROFILO}/0001234/1002`);
  });

  await test.step('390 px: una colonna, senza scorrimento orizzontale', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('#root_codiceSdi')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('profilo-390.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });
});
