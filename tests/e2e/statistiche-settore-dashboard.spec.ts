/**
 * The sector comparison of the business portal (/wpbusiness/confrontoSettore, spec/statistiche/confronto-settore.yaml)
 * and the bank's statistics dashboard (/statistiche/dashboard, spec/statistiche/dashboard.yaml), at 1400 and 390 px:
 * merchant.0001234 reads its bars next to the average bar of category 5812, by month, weekday and slot, then narrows
 * to Milan and gets the too-small-sector message; it filters by weekday, time slot and device (seed 002 §3 giornoSett,
 * idFascia, dispositivo), offered by name; sede.30480 opens the dashboard on yesterday (the page's clock is
 * 11/10/2026) with the day's movements by kind, card and outcome and the month's charts. Figures computed here from the
 * demo's generator (as tests/server/statistiche-*.test.ts); axe finds no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DEMO = demoMovements();
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const TODAY = new Date('2026-10-11T10:00:00');
const TOO_FEW = "Il settore selezionato comprende meno di 3 altri esercenti: per riservatezza i dati di confronto non sono disponibili. Provare ad ampliare l'area geografica.";
const cents = (rows: typeof DEMO) => rows.reduce((s, m) => s + Math.round(m.importo * 100), 0) / 100;

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1400, 390]) {
  test(`merchant.0001234 confronta i suoi bar con la media del settore a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.clock.setFixedTime(TODAY);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/home');
    await page.goto('/wpbusiness/confrontoSettore');
    await expect(page.getByRole('heading', { level: 1, name: 'Confronto con il settore' })).toBeVisible();

    await test.step('si apre sugli ultimi 12 mesi conclusi, con i propri totali accanto alla media del settore', async () => {
      await expect(page).toHaveURL(/annoMeseDa=2025-10&annoMeseA=2026-09/);
      const own = DEMO.filter((m) => m.codEserc === '0001234' && m.esito === '01' && m.codCompagnia !== '90' && m.dataOperazione <= '2026-09-30');
      await expect(page.getByTestId('settore-totali').getByRole('row', { name: /I propri dati/ })).toContainText(euro.format(cents(own)));
      await expect(page.getByTestId('settore-totali').getByRole('row', { name: /Media del settore/ })).toContainText('€');
    });

    await test.step('un grafico per mese, giorno della settimana e fascia oraria, con le due serie', async () => {
      for (const dimension of ['mese', 'giornoSettimana', 'fascia']) {
        const chart = page.getByTestId(`settore-grafico-${dimension}`);
        await expect(chart.getByRole('img')).toBeVisible();
        await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
      }
      await expect(page.getByTestId('settore-grafico-fascia').getByRole('img', { name: /^Transato per fascia oraria, i propri dati e media del settore: 00-8 .* 8-13 .* 13-19 .* 19-24 / })).toBeVisible();
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
    await page.screenshot({ path: test.info().outputPath(`confronto-settore-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page);

    await test.step('il grafico del numero di operazioni, poi la sola provincia di Milano: troppo pochi esercenti', async () => {
      await page.getByTestId('settore-tipoGrafico').click();
      await page.getByRole('option', { name: 'Numero operazioni' }).click();
      await expect(page.getByTestId('settore-grafico-mese').getByRole('heading', { name: 'Numero operazioni per mese' })).toBeVisible();
      await page.getByTestId('settore-provincia').click();
      await page.getByRole('option', { name: 'MI' }).click();
      await expect(page.getByRole('alert')).toHaveText(TOO_FEW);
      await expect(page.getByTestId('settore-grafico-mese')).toHaveCount(0);
    });
  });

  test(`merchant.0001234 filtra il confronto per giorno, fascia oraria e dispositivo a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.clock.setFixedTime(TODAY);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/home');
    await page.goto('/wpbusiness/confrontoSettore?annoMeseDa=2026-06&annoMeseA=2026-09');
    await expect(page.getByRole('heading', { level: 1, name: 'Confronto con il settore' })).toBeVisible();
    const pick = async (label: string, option: string) => {
      await page.getByRole('textbox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    const counted = DEMO.filter((m) => m.codEserc === '0001234' && m.esito === '01' && m.codCompagnia !== '90' && m.dataOperazione >= '2026-06-01' && m.dataOperazione <= '2026-09-30');
    const monday = (m: (typeof DEMO)[number]) => new Date(`${m.dataOperazione}T12:00:00Z`).getUTCDay() === 1;
    const morning = (m: (typeof DEMO)[number]) => m.oraOperazione >= '08:00' && m.oraOperazione < '13:00';

    await test.step('il lunedì (seed 002 §3 giornoSett), nominato e non codificato: i propri lunedì accanto a quelli del settore', async () => {
      await pick('Giorno della settimana', 'lunedì');
      await expect(page).toHaveURL(/giornoSett=1/);
      await expect(page.getByTestId('settore-totali').getByRole('row', { name: /I propri dati/ })).toContainText(euro.format(cents(counted.filter(monday))));
      // The other days have no movement on either side: 0 of its own, no sector figure (n.d.).
      await expect(page.getByTestId('settore-grafico-giornoSettimana').getByRole('img', { name: /lunedì [1-9][^;]* contro [1-9][^;]*; martedì 0,00\s€ contro n\.d\./ })).toBeVisible();
    });

    await test.step('la fascia 8-13 (idFascia), poi il dispositivo SoftPOS: un solo altro bar, nessuna cifra del settore', async () => {
      await pick('Fascia oraria', '8-13');
      await expect(page).toHaveURL(/idFascia=1/);
      await expect(page.getByTestId('settore-totali').getByRole('row', { name: /I propri dati/ })).toContainText(euro.format(cents(counted.filter((m) => monday(m) && morning(m)))));
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(`confronto-settore-filtri-${width}.png`), fullPage: true });
      await expectNoSeriousViolations(page);
      await pick('Dispositivo', 'SoftPOS');
      await expect(page).toHaveURL(/dispositivo=SP/);
      await expect(page.getByRole('alert')).toHaveText(TOO_FEW);
    });
  });

  test(`sede.30480 apre la dashboard statistiche su ieri a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.clock.setFixedTime(TODAY);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/statistiche/dashboard');
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard statistiche' })).toBeVisible();
    const day = DEMO.filter((m) => m.dataOperazione === '2026-10-10' && m.codAbi === '30480');
    expect(day.length).toBeGreaterThan(3);

    await test.step('il giorno è ieri, 10/10/2026: i movimenti fisici e virtuali, di debito e credito, approvati e rifiutati', async () => {
      await expect(page.getByTestId('dashboard-giorno')).toHaveValue('10/10/2026');
      await expect(page.getByTestId('dashboard-figure-operazioni')).toHaveText(String(day.length));
      const table = page.getByTestId('dashboard-table-tipo');
      await expect(table.getByRole('row')).toHaveCount(9);
      const physicalDebitOk = day.filter((m) => m.provenienza === 'FI' && m.debitoCredito === 'D' && m.esito === '01').length;
      await expect(table.getByRole('row', { name: /^Fisico · Debito · Approvata/ })).toContainText(String(physicalDebitOk));
      await expect(page.getByTestId('dashboard-table-circuito').getByRole('row', { name: /^PagoBancomat/ })).toBeVisible();
    });

    await test.step('il mese del giorno, per giorno: transato e numero di movimenti', async () => {
      const chart = page.getByTestId('dashboard-chart-month-transato');
      await expect(chart.getByRole('img', { name: /^Transato del mese per giorno: 01\/10\/2026 / })).toBeVisible();
      await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(page.getByTestId('dashboard-chart-month-operazioni').getByRole('img')).toBeVisible();
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
    await page.screenshot({ path: test.info().outputPath(`dashboard-statistiche-${width}.png`), fullPage: true });
    await expectNoSeriousViolations(page);
  });
}
