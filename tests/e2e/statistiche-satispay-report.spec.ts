/**
 * Seed 002 §2's Satispay movements (/statistiche/movimentiSatispay), statistical report (/statistiche/report) and
 * in-tour report (/report/intour) in the browser, as sede.30480 at 1400 px and 390 px (no sideways scroll on the
 * phone): the movements of a period with their totals, the months and the year of the bank's turnover, its foreign
 * cards by country. Expected figures come from the demo data (spec/demo/57-movimenti-satispay.yaml,
 * scripts/demo-movimenti.ts); axe finds no serious or critical violation. Screenshots go to /tmp.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

interface Satispay { id: string; codAbi: string; dataOperazione: string; tipo: string; importo: number; esito: string }
const satispayFile: { rows: Satispay[] } = parse(readFileSync(new URL('../../spec/demo/57-movimenti-satispay.yaml', import.meta.url), 'utf8'));
const SATISPAY = satispayFile.rows;
const FROM = '2026-09-01';
const TO = '2026-11-25';
const OWN_SATISPAY = SATISPAY.filter((m) => m.codAbi === '30480' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const COUNTED = demoMovements().filter((m) => m.codAbi === '30480' && m.esito === '01' && m.codCompagnia !== '90');
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const count = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });
const cents = (n: number) => Math.round(n * 100) / 100;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function noSeriousViolations(page: Page) {
  const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1400, 390]) {
  test(`sede.30480 cerca i movimenti Satispay di un periodo, ne legge i totali e li apre a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/statistiche/movimentiSatispay?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/movimentiSatispay');
    await expect(page.getByRole('heading', { name: 'Movimenti Satispay', exact: true })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(`${count.format(OWN_SATISPAY.length)} risultati`);
    await expect(page.locator('table tbody tr[tabindex="0"]')).toHaveCount(20);

    const accepted = OWN_SATISPAY.filter((m) => m.esito === 'AC');
    const net = cents(accepted.reduce((s, m) => s + (m.tipo === 'RIM' ? -m.importo : m.importo), 0));
    const summary = page.getByTestId('list-summary');
    await expect(summary).toContainText(`Netto: ${euro.format(net)}`);
    await expect(summary).toContainText(`Numero operazioni: ${count.format(OWN_SATISPAY.length)}`);
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noSeriousViolations(page);
    await page.screenshot({ path: `/tmp/satispay-${width}.png`, fullPage: true });

    // The totals' page, from the summary's link with the list's period: by day, then by merchant, named, with the Excel download.
    await summary.getByRole('link', { name: 'Vai a movimenti Satispay aggregati' }).click();
    await expectPath(page, '/statistiche/movimentiSatispay/aggregato');
    await expect(page.getByTestId('report-table').getByRole('row', { name: /^Totale/ })).toContainText(euro.format(net));
    await page.goto(`/statistiche/movimentiSatispay/aggregato?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&per=esercente`);
    await expect(page.getByRole('heading', { name: 'Movimenti Satispay aggregati', exact: true })).toBeVisible();
    await expect(page.getByTestId('report-table').getByRole('row', { name: /^Totale/ })).toContainText(euro.format(net));
    await expect(page.getByTestId('report-table').getByRole('row', { name: /Bar Centrale/ })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta Excel' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^Movimenti_Satispay_aggregati_\d{2}-\d{2}-\d{4}\.xlsx$/);

    // Seed 002 §9: the movement screens search at most 3 months.
    await page.goto('/statistiche/movimentiSatispay?dataOperazioneDa=2026-06-01&dataOperazioneA=2026-11-25');
    await expect(page.getByTestId('period-message')).toHaveText('Il periodo di ricerca non può superare i 3 mesi');
  });

  test(`sede.30480 legge il report statistico per mese e per anno e il report in tour a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/statistiche/report?dataOperazioneDa=2026-01-01&dataOperazioneA=2026-12-31');
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/report');
    await expect(page.getByRole('heading', { name: 'Report statistico', exact: true })).toBeVisible();
    const table = page.getByTestId('report-table');
    const october = COUNTED.filter((m) => m.dataOperazione.startsWith('2026-10'));
    await expect(table.getByRole('row', { name: /^ottobre 2026/ })).toContainText(euro.format(cents(october.reduce((s, m) => s + m.importo, 0))));
    const total = euro.format(cents(COUNTED.reduce((s, m) => s + m.importo, 0)));
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(total);
    await expect(page.getByTestId('report-chart-bar-mese').getByRole('img', { name: /Transato per mese: .*ottobre 2026/ })).toBeVisible();
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noSeriousViolations(page);
    await page.screenshot({ path: `/tmp/report-statistico-${width}.png`, fullPage: true });

    // The yearly report: the same turnover, one row for 2026.
    await page.getByTestId('report-per').click();
    await page.getByRole('option', { name: 'Anno', exact: true }).click();
    await expect(page).toHaveURL(/per=anno/);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('row', { name: /^2026/ })).toContainText(total);

    // The in-tour report: foreign cards by country, never Italy.
    await page.goto('/report/intour?dataOperazioneDa=2026-01-01&dataOperazioneA=2026-12-31&per=paese');
    await expect(page.getByRole('heading', { name: 'Report in tour', exact: true })).toBeVisible();
    const foreign = COUNTED.filter((m) => m.paeseCarta !== 'IT');
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(euro.format(cents(foreign.reduce((s, m) => s + m.importo, 0))));
    await expect(table.getByRole('row', { name: /^Italia/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /^Germania/ })).toBeVisible();
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noSeriousViolations(page);
    await page.screenshot({ path: `/tmp/report-in-tour-${width}.png`, fullPage: true });
  });
}
