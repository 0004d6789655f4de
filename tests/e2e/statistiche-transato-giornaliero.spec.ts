/**
 * The daily turnover in the browser (seed 002 §2 /statistiche/transatoGiornaliero, a report of
 * spec/statistiche/transato-giornaliero.yaml): sede.30480 opens the page from its address, reads its bank's
 * turnover of one day in the table (euro with comma decimals, computed here from the demo's generator), switches to
 * the by-bank variant (its own bank only, by name), downloads the Excel file, and is told a range over a month is
 * refused, at 1400 px and at 390 px; axe finds no serious or critical violation. (The branch user's scope is
 * checked by the API test: filiale.30480 is first asked for its missing e-mail, which is another test's subject.)
 */
import AxeBuilder from '@axe-core/playwright';
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-10-26';
const TO = '2026-11-25';
const MINE = demoMovements().filter((m) => m.codAbi === '30480' && m.esito === '01' && m.codCompagnia !== '90' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const DAY = [...new Set(MINE.map((m) => m.dataOperazione))].sort()[0];
const OF_DAY = MINE.filter((m) => m.dataOperazione === DAY);
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const cents = (n: number) => Math.round(n * 100) / 100;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const width of [1400, 390]) {
  test(`sede.30480 legge il transato giornaliero, per banca, e lo scarica in Excel a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/statistiche/transatoGiornaliero?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/transatoGiornaliero');
    await expect(page.getByRole('heading', { name: 'Transato giornaliero', exact: true })).toBeVisible();

    const table = page.getByTestId('report-table');
    const label = `${DAY.slice(8)}/${DAY.slice(5, 7)}/${DAY.slice(0, 4)}`;
    expect(OF_DAY.length).toBeGreaterThan(0);
    const day = table.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(day).toContainText(euro.format(cents(OF_DAY.reduce((s, m) => s + m.importo, 0))));
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(euro.format(cents(MINE.reduce((s, m) => s + m.importo, 0))));
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The by-bank variant: its own bank, by name, and the choice in the address.
    await page.getByTestId('report-per').click();
    await page.getByRole('option', { name: 'Banca', exact: true }).click();
    await expect(page).toHaveURL(/per=banca/);
    await expect(table.getByRole('row', { name: /Banca di Credito Cooperativo di Esempio/ })).toContainText(String(MINE.length));
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('report-chart-bar-banca').getByRole('img', { name: /Transato per banca: .*Banca di Credito Cooperativo di Esempio/ })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta Excel' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^Transato_giornaliero_\d{2}-\d{2}-\d{4}\.xlsx$/);
    await page.screenshot({ path: `/tmp/statistiche-transato-giornaliero-${width}.png`, fullPage: true });

    // Seed 002 §5: at most one month; the page says it without asking.
    await page.goto(`/statistiche/transatoGiornaliero?dataOperazioneDa=2026-10-01&dataOperazioneA=${TO}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Il periodo del transato giornaliero non può superare un mese' })).toBeVisible();
  });
}
