/**
 * The merchant's transaction summary and analysis (seed 002 §2 /wpbusiness/riepilogoTransazioni and
 * analisiTransazioni, reports of spec/statistiche/) and the bank's monthly turnover file (/statistiche/tracciato):
 * merchant.0001234 reads its sales, refunds and net per store (figures computed here from the demo's generator),
 * switches to the circuits, opens the analysis by channel; sede.30480 downloads October's file of its bank (locked:
 * its only bank). At 1400 px and at 390 px (no sideways scrolling); axe finds no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-10-01';
const TO = '2026-11-25';
const PERIOD = `dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const MINE = demoMovements().filter((m) => m.codAbi === '30480' && m.codEserc === '0001234' && m.esito === '01' && m.codCompagnia !== '90' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const cents = (n: number) => Math.round(n * 100) / 100;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1400, 390]) {
  test(`merchant.0001234 legge il riepilogo e l'analisi delle transazioni a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/wpbusiness/riepilogoTransazioni?${PERIOD}`);
    await expectPath(page, '/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/riepilogoTransazioni');
    await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo transazioni' })).toBeVisible();

    const table = page.getByTestId('report-table');
    const store1001 = MINE.filter((m) => m.codStab === '1001');
    await expect(table.getByRole('row', { name: /^1001 - Bar Centrale/ })).toContainText(euro.format(cents(store1001.reduce((s, m) => s + m.importo, 0))));
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(euro.format(cents(MINE.reduce((s, m) => s + m.importo, 0))));
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(String(MINE.length));
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `/tmp/riepilogo-transazioni-${width}.png`, fullPage: true });

    await page.getByTestId('report-per').click();
    await page.getByRole('option', { name: 'Circuito', exact: true }).click();
    await expect(page).toHaveURL(/per=circuito/);
    await expect(table.getByRole('row', { name: /^Visa/ })).toContainText(euro.format(cents(MINE.filter((m) => m.codCircuito === '01').reduce((s, m) => s + m.importo, 0))));

    await page.goto(`/wpbusiness/analisiTransazioni?${PERIOD}&per=canale`);
    await expect(page.getByRole('heading', { level: 1, name: 'Analisi transazioni' })).toBeVisible();
    await expect(page.getByTestId('report-table').getByRole('row', { name: /Movimenti di POS/ })).toContainText(String(MINE.length));
    await expect(page.getByTestId('report-chart-bar-canale').getByRole('img', { name: /Transato per canale: .*POS/ })).toBeVisible();
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `/tmp/analisi-transazioni-${width}.png`, fullPage: true });
    // The transactions behind the cell: the movements of the channel in the same period.
    await page.getByRole('link', { name: 'Movimenti di POS' }).click();
    await expect(page).toHaveURL(/\/wpbusiness\/statistiche\/movimenti\?.*canale=POS/);
    await expect(page).toHaveURL(new RegExp(`dataOperazioneDa=${FROM}`));
  });

  test(`sede.30480 scarica il tracciato mensile della sua banca a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/statistiche/tracciato?mese=2026-10');
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/tracciato');
    await expect(page.getByRole('heading', { level: 1, name: 'Tracciato mensile transato' })).toBeVisible();
    // Its only bank, chosen and locked (seed 002 §6).
    await expect(page.getByTestId('tracciato-banca')).toHaveValue(/^30480 - /);
    await expect(page.getByTestId('tracciato-mese')).toHaveValue('ottobre 2026');
    await expectNoSeriousViolations(page);
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `/tmp/tracciato-${width}.png`, fullPage: true });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica tracciato' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('Tracciato_30480_2026-10.txt');
  });
}

test('sede.30480 trova il report di settembre per mese: il mese si sceglie e si legge per nome (formato mese) a 390 px', async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/report/trasrepo');
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, '/report/trasrepo');
  // The month's report, made as the "nuovo" page makes it (the same session's API call).
  const made = await page.request.post('/webpos/api/v1/trasrepo/createreport', { data: { codAbi: '30480', mese: '2026-09' }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(made.status()).toBe(200);
  await page.goto('/report/trasrepo?mese=2026-09');
  const filter = page.locator('[data-filter="mese"]');
  await expect(filter).toHaveText(/settembre 2026/);
  await expect(page.getByRole('row', { name: /settembre 2026/ })).toBeVisible();
  await expect(page.getByText('2026-09', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/trasrepo-mese-390.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
});
