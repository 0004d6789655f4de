/**
 * The staff side of the merchant users (seed 000 §2 /anagrafiche/merchant, GES_MERCHANT, §7 "Merchant users";
 * spec/sicurezza/utente-merchant.yaml) and assistance acting for a merchant (seed 000 §7 logToEserWpbProfile,
 * /assistenza/accessoEsercente). sede.30480 finds its merchant's users, never its own staff, opens one and has a
 * new password mailed to it; assistance enters merchant 0001234's business profile and lands on the business home
 * with the header badge "Assistenza: assistenza". At 1400 px and 390 px, with axe on both new screens. Scope and
 * privilege attacks are tests/server/utenti-merchant.test.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const LIST = '/anagrafiche/merchant';
const FORM = '/anagrafiche/merchant/utente';
const ACTING = '/assistenza/accessoEsercente';

/** axe's serious and critical findings (WCAG 2.0-2.2 A and AA), as the accessibility walk counts them. */
async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const noSideScroll = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('la sede della banca trova gli utenti dei suoi esercenti e fa inviare una nuova password', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(LIST);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, LIST);

  await test.step("l'elenco: gli utenti dell'esercente 0001234, non il personale della banca", async () => {
    await expect(page.getByRole('heading', { name: 'Utenti merchant' })).toBeVisible();
    await expect(page.locator('table tbody tr')).toHaveCount(2);
    await expect(page.locator('table tbody')).toContainText('merchant.0001234');
    await expect(page.locator('table tbody')).toContainText('operatore.0001234');
    await expect(page.locator('table tbody')).not.toContainText('sede.30480');
    await page.screenshot({ path: test.info().outputPath('elenco-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step("il modulo: l'esercente per nome, e-mail da ripetere, ADMIN non modificabile", async () => {
    await page.goto(`${FORM}/merchant.0001234`);
    await expect(page.locator('#root_email')).toHaveValue('bar.centrale@esercente.example');
    await expect(page.getByLabel('Conferma e-mail')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'ADMIN' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'ADMIN' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('modulo-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step("Reset password: chiede conferma e dice che la password è andata all'e-mail dell'utente", async () => {
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('dialog')).toContainText("Generare una nuova password e inviarla all'e-mail dell'utente?");
    const reset = page.waitForResponse((r) => r.url().endsWith('/merchant/resetPassword/merchant.0001234') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Sì' }).click();
    expect((await reset).status()).toBe(200);
    await expect(page.getByText("La nuova password e' stata inviata alla email dell'utente")).toBeVisible();
  });

  await test.step('390 px: elenco e modulo senza scorrimento orizzontale', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await noSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('modulo-390.png'), fullPage: true });
    await page.goto(LIST);
    await expect(page.getByText('operatore.0001234').first()).toBeVisible();
    await noSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('elenco-390.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });
});

for (const width of [1400, 390]) {
  test(`l'assistenza entra nel profilo business dell'esercente 0001234 (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto(ACTING);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'assistenza');
    await expectPath(page, ACTING);
    await expect(page.getByRole('heading', { name: 'Accesso al profilo business di un esercente' })).toBeVisible();
    if (width < 800) await noSideScroll(page);
    expect(await blocking(page)).toEqual([]);

    await test.step('un codice che non esiste: il messaggio del server sotto il campo', async () => {
      await page.getByLabel('Codice esercente').fill('9999999');
      await page.getByRole('button', { name: 'Entra nel profilo business' }).click();
      await expect(page.getByText('Esercente non trovato')).toBeVisible();
    });

    await test.step("0001234: la home business, con l'intestazione per conto di chi", async () => {
      await page.getByLabel('Codice esercente').fill('0001234');
      await page.getByRole('button', { name: 'Entra nel profilo business' }).click();
      await expectPath(page, '/wpbusiness/home');
      await expect(page.getByTestId('acting-by')).toHaveText('Assistenza: assistenza');
      await page.screenshot({ path: test.info().outputPath(`home-${width}.png`), fullPage: true });
    });
  });
}
