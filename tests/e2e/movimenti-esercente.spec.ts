/**
 * The merchant variant of the movements search in the browser (seed 002 §2 business statistiche/movimenti, a view of
 * spec/movimenti/movimento-esercente.yaml): merchant.0001234 lists the week's movements of its three stores with their
 * channel, reads the turnover of the search above the rows, opens the aggregate view with the same filters (channel,
 * store) and its total; the operator sees only store 1001. At 1400 px and 390 px, axe on both pages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WEEK = 'dataOperazioneDa=2026-11-07&dataOperazioneA=2026-11-13';

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1400, 390]) {
  test(`merchant.0001234 cerca i suoi movimenti, legge il totale e apre la vista aggregata a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/wpbusiness/statistiche/movimenti?${WEEK}`);
    await expectPath(page, '/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/statistiche/movimenti');
    await expect(page.getByRole('heading', { level: 1, name: 'Movimenti' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('3 risultati');

    const summary = page.getByTestId('list-summary');
    await expect(summary).toContainText('Transato: 21,05 €');
    await expect(summary).toContainText('Numero transazioni: 3');
    await expect(summary).toContainText('Importo medio: 7,02 €');
    await page.screenshot({ path: `/tmp/movimenti-esercente-${width}.png`, fullPage: true });
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);

    await summary.getByRole('link', { name: 'Vai a movimenti aggregati' }).click();
    await expectPath(page, '/wpbusiness/statistiche/movimenti/aggregato');
    await expect(page.getByRole('heading', { level: 1, name: 'Movimenti aggregati' })).toBeVisible();
    const table = page.getByTestId('report-table');
    await expect(table.getByRole('row', { name: /^POS/ })).toContainText('21,05 €');
    await expect(table.locator('tfoot')).toContainText('21,05 €');
    await expect(page.getByTestId('report-chart-bar-canale').getByRole('img', { name: 'Transato per canale: POS 21,05 €' })).toBeVisible();
    await page.screenshot({ path: `/tmp/movimenti-aggregati-${width}.png`, fullPage: true });
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);

    await page.goto(`/wpbusiness/statistiche/movimenti/aggregato?${WEEK}&per=negozio`);
    await expect(table.getByRole('row', { name: /Bar Centrale Stazione/ })).toContainText('8,00 €');
    await expect(table.locator('tbody tr')).toHaveCount(3);
  });
}

test('operatore.0001234 vede solo i movimenti e il totale del suo negozio 1001', async ({ newPage }) => {
  const page = await newPage();
  await page.goto('/login/merchant');
  await submitLogin(page, 'operatore.0001234');
  await expectPath(page, '/wpbusiness/home');
  await page.goto(`/wpbusiness/statistiche/movimenti?${WEEK}`);
  await expect(page.getByTestId('result-count')).toHaveText('1 risultato');
  await expect(page.getByTestId('list-summary')).toContainText('Transato: 10,30 €');
  await page.goto(`/wpbusiness/statistiche/movimenti/aggregato?${WEEK}&per=negozio`);
  await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('report-table').locator('tbody')).toContainText('Bar Centrale');
});
