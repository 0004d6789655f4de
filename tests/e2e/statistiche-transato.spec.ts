/**
 * The turnover statistics in the browser (seed 002 §2 /statistiche/transato/search, a report of
 * spec/statistiche/transato.yaml): sede.30480 opens the page from its address, reads its bank's turnover of a card
 * company in the table (euro with comma decimals, computed here from the demo's generator) and sees the pie and the
 * bar chart (at most 12 bars), then downloads the merchant list as an Excel sheet, at 1400 px and at 390 px; axe
 * finds no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-06-01';
const TO = '2026-11-25';
const VISA = demoMovements().filter((m) => m.codAbi === '30480' && m.codCompagnia === '20' && m.esito === '01' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const width of [1400, 390]) {
  test(`sede.30480 legge il transato per compagnia e vede i grafici a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/statistiche/transato/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&per=compagnia`);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/transato/search');
    await expect(page.getByRole('heading', { name: 'Statistiche transato', exact: true })).toBeVisible();

    const visa = page.getByTestId('report-table').getByRole('row', { name: /Visa Europe/ });
    const total = VISA.reduce((s, m) => s + m.importo, 0);
    expect(VISA.length).toBeGreaterThan(3);
    await expect(visa).toContainText(euro.format(Math.round(total * 100) / 100));
    await expect(visa).toContainText(String(VISA.length));

    const pie = page.getByTestId('report-chart-pie-compagnia');
    await expect(pie.getByRole('img', { name: /Transato per compagnia: .*Visa Europe/ })).toBeVisible();
    await expect(pie.locator('svg.recharts-surface .recharts-pie-sector').first()).toBeVisible();
    const bars = page.getByTestId('report-chart-bar-mese');
    await expect(bars.getByRole('img', { name: /Transato per mese: giugno 2026/ })).toBeVisible();
    await expect(bars.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await bars.locator('.recharts-bar-rectangle').count()).toBeLessThanOrEqual(12);
    expect(await page.getByTestId('report-chart-bar-filiale').locator('.recharts-bar-rectangle').count()).toBeLessThanOrEqual(12);
    await page.screenshot({ path: `/tmp/statistiche-transato-${width}.png`, fullPage: true });

    // Seed 002 §2 "merchant list with export": the merchants, turnover descending, as an Excel sheet.
    await page.goto(`/statistiche/transato/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&per=esercente`);
    await expect(page.getByTestId('report-table').locator('tbody tr').first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta Excel' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^Statistiche_transato_\d{2}-\d{2}-\d{4}\.xlsx$/);
    await page.screenshot({ path: `/tmp/statistiche-transato-esercenti-${width}.png`, fullPage: true });

    // At 390 px nothing scrolls sideways: the table scrolls in its own box.
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

/** The days of bank 30480 with turnover in the period, in the day grouping's order (its sort: key), as the table names them. */
const DAYS = [...new Set(demoMovements().filter((m) => m.codAbi === '30480' && m.esito === '01' && m.codCompagnia !== '90' && m.dataOperazione >= FROM && m.dataOperazione <= TO).map((m) => m.dataOperazione))]
  .sort().map((d) => d.split('-').reverse().join('/'));

// Seed 002 §2 "merchant list (30 per page)": the table's groups 30 a page (spec `paging`), the page in the address.
// The demo's bank has 6 merchants, so the pager is walked on the day grouping of the same report: 169 days.
for (const width of [1400, 390]) {
  test(`sede.30480 sfoglia il transato 30 raggruppamenti per pagina e torna indietro a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/statistiche/transato/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&per=giorno`);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/transato/search');
    const rows = page.getByTestId('report-table').locator('tbody tr');
    expect(DAYS.length).toBeGreaterThan(60);
    await expect(page.getByTestId('report-count')).toHaveText(`${DAYS.length} risultati`);
    await expect(rows).toHaveCount(30);
    await expect(rows.first()).toContainText(DAYS[0]);
    await expect(page.getByRole('navigation', { name: 'Pagine' }).getByRole('button', { name: 'Pagina 1' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `/tmp/statistiche-transato-pagine-${width}.png`, fullPage: true });
    // The full window (« ‹ 1 2 3 4 5 › ») on one line inside the report's card, also on a phone.
    const pager = page.getByRole('navigation', { name: 'Pagine' }).getByRole('button');
    const boxes = await pager.evaluateAll((buttons) => buttons.map((b) => { const r = b.getBoundingClientRect(); return { top: Math.round(r.top), right: r.right }; }));
    expect(new Set(boxes.map((b) => b.top)).size, `the pager's buttons on one line: ${JSON.stringify(boxes)}`).toBe(1);
    expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(width);

    await page.getByRole('button', { name: 'Pagina successiva' }).click();
    await expect(page).toHaveURL(/[?&]pagina=2(&|$)/);
    await expect(rows.first()).toContainText(DAYS[30]);
    await expect(rows).toHaveCount(30);
    // The charts keep their own rows: at most 12 bars whatever the page.
    expect(await page.getByTestId('report-chart-bar-mese').locator('.recharts-bar-rectangle').count()).toBeLessThanOrEqual(12);

    await page.getByRole('button', { name: `Ultima pagina (${Math.ceil(DAYS.length / 30)})` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]pagina=${Math.ceil(DAYS.length / 30)}(&|$)`));
    await expect(rows).toHaveCount(DAYS.length % 30 || 30);
    await expect(rows.last()).toContainText(DAYS[DAYS.length - 1]);
    await page.screenshot({ path: `/tmp/statistiche-transato-ultima-${width}.png`, fullPage: true });

    // Back returns to page 2, then to the first, with their days.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]pagina=2(&|$)/);
    await expect(rows.first()).toContainText(DAYS[30]);
    await page.goBack();
    await expect(page).not.toHaveURL(/pagina=/);
    await expect(rows.first()).toContainText(DAYS[0]);

    // A reload of page 2's address shows page 2; another grouping starts from the first page.
    await page.goto(`/statistiche/transato/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&per=giorno&pagina=2`);
    await expect(rows.first()).toContainText(DAYS[30]);
    await page.getByTestId('report-per').click();
    await page.getByRole('option', { name: 'Mese' }).click();
    await expect(page).not.toHaveURL(/pagina=/);
    await expect(page.getByTestId('report-count')).toHaveText('6 risultati');
    await expect(page.getByRole('navigation', { name: 'Pagine' })).toHaveCount(0);

    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
