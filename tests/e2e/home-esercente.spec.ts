/**
 * The merchant's home (seed 002 §2 "Merchant home", a dashboard of spec/statistiche/home-esercente.yaml): the totals,
 * average and count of the last 7 days and three column charts split POS / online payment / pay-by-mail, the store
 * selector in the address, the header menu with the settings page; for merchant.0001234 and for its operator (only
 * store 1001), at 1400 px (figures side by side) and at 390 px (stacked under 768 px, the menu behind a button); axe
 * finds no serious or critical violation. The page's clock is 13/11/2026, a demo week with movements at all three
 * stores (figures: tests/server/movimenti-aggregati.test.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TODAY = new Date('2026-11-13T10:00:00');

async function openHome(page: Page, width: number, username: string): Promise<void> {
  await page.clock.setFixedTime(TODAY);
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/login/merchant');
  await submitLogin(page, username);
  await expectPath(page, '/wpbusiness/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Transato degli ultimi 7 giorni' })).toBeVisible();
  await expect(page.getByText('Dal 07/11/2026 al 13/11/2026')).toBeVisible();
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1400, 390]) {
  test(`merchant.0001234 vede il transato degli ultimi 7 giorni per canale e sceglie un negozio a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await openHome(page, width, 'merchant.0001234');

    await test.step('totale, importo medio e numero delle transazioni dei suoi tre negozi', async () => {
      await expect(page.getByTestId('dashboard-figure-transato')).toHaveText('21,05 €');
      await expect(page.getByTestId('dashboard-figure-media')).toHaveText('7,02 €');
      await expect(page.getByTestId('dashboard-figure-operazioni')).toHaveText('3');
    });

    await test.step('tre grafici a colonne: POS, pagamento online e pay by mail', async () => {
      await expect(page.getByRole('img', { name: 'Transato per canale: POS 21,05 €; Pagamento online 0,00 €; Pay by mail 0,00 €' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Numero transazioni per canale: POS 3; Pagamento online 0; Pay by mail 0' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Importo medio per canale: POS 7,02 €; Pagamento online 0,00 €; Pay by mail 0,00 €' })).toBeVisible();
      await expect(page.getByTestId('dashboard-chart-transato').locator('.recharts-bar-rectangle').first()).toBeVisible();
    });

    await test.step('sotto i 768 px le cifre stanno una sotto l\'altra, sopra affiancate', async () => {
      const first = await page.getByTestId('dashboard-figure-transato').boundingBox();
      const second = await page.getByTestId('dashboard-figure-media').boundingBox();
      if (!first || !second) throw new Error('figures not laid out');
      if (width < 768) expect(second.y).toBeGreaterThan(first.y);
      else expect(second.y).toBe(first.y);
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
    await page.screenshot({ path: `/tmp/home-esercente-${width}.png`, fullPage: true });
    await expectNoSeriousViolations(page);

    await test.step('il negozio scelto resta nell\'indirizzo: Bar Centrale Stazione', async () => {
      await page.goto('/wpbusiness/home?codStab=1002');
      await expect(page.getByTestId('dashboard-figure-transato')).toHaveText('8,00 €');
      await expect(page.getByTestId('dashboard-figure-operazioni')).toHaveText('1');
    });

    await test.step('il menu porta alle impostazioni, sotto Profilo, e torna alla home', async () => {
      const header = page.getByRole('navigation', { name: 'Menu WebPOS Business' });
      // On a phone every page is behind "Menu"; from 768 px a group of pages is a header button.
      await (width < 768 ? page.getByRole('button', { name: 'Menu' }) : header.getByRole('button', { name: 'Profilo' })).click();
      await page.getByRole('menuitem', { name: 'Impostazioni' }).click();
      await expectPath(page, '/wpbusiness/impostazioni');
      if (width >= 768) {
        // The whole header fits a 1400 px screen: the user's name and "Esci" are in view, nothing wraps.
        await expect(page.getByRole('button', { name: 'Esci' })).toBeInViewport({ ratio: 1 });
        expect(await header.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
      }
      if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
      const home = width < 768 ? page.getByRole('menuitem', { name: 'Home' }) : header.getByRole('link', { name: 'Home' });
      await home.click();
      await expectPath(page, '/wpbusiness/home');
      await expect(page.getByTestId('dashboard-figure-operazioni')).toHaveText('3');
    });
  });

  test(`operatore.0001234 vede solo il suo negozio 1001 a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await openHome(page, width, 'operatore.0001234');
    await expect(page.getByTestId('dashboard-figure-transato')).toHaveText('10,30 €');
    await expect(page.getByTestId('dashboard-figure-operazioni')).toHaveText('1');
    await expect(page.getByRole('img', { name: 'Transato per canale: POS 10,30 €; Pagamento online 0,00 €; Pay by mail 0,00 €' })).toBeVisible();
    // Another store in the address: the server answers only the operator's rows, none of that store.
    await page.goto('/wpbusiness/home?codStab=1002');
    await expect(page.getByTestId('dashboard-figure-operazioni')).toHaveText('0');
    await expect(page.getByTestId('dashboard-figure-transato')).toHaveText('0,00 €');
    await expectNoSeriousViolations(page);
  });
}
