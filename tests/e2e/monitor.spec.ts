/**
 * The reversals monitor in the browser (seed 002 §2 /security/stornimonitor, §4 Monitors, §6, §9 30 a page;
 * spec/monitor/monitor-storni.yaml): assistance opens it from its address, reads the blocked positions of every bank,
 * selects one and unblocks it after the spec's question naming what will happen; the position reads "Attiva"
 * with its counters at 0. The Excel export is offered. At 1400 px and at 390 px; axe finds no serious or critical
 * violation. Each width unblocks its own position (the app is shared by the file's tests). The fraud-threshold monitor
 * (spec/monitor/soglia-rischio-frodi.yaml, seed 002 §7 resetSoglieTotali): assistance resets the month's totals of a
 * store past its thresholds after the question saying what will happen; the store reads "Entro le soglie".
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const LIST = '/security/stornimonitor';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const QUESTION = "Sbloccare la posizione? L'importo e il numero degli storni del mese saranno azzerati e l'esercente potrà di nuovo stornare. Vale per la riga selezionata.";

/** The list row of the position with this SIA code (unique in the demo data). */
const rowOf = (page: Page, sia: string) => page.locator('table tbody tr').filter({ has: page.getByRole('cell', { name: sia, exact: true }) });

for (const [width, sia] of [[1400, 'S0001234'], [390, 'S0003456']] as const) {
  test(`l'assistenza sblocca una posizione del monitor storni a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(LIST);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'assistenza');
    await expectPath(page, LIST);
    await expect(page.getByRole('heading', { name: 'Monitor storni', exact: true })).toBeVisible();

    const row = rowOf(page, sia);
    await expect(row.getByRole('cell', { name: 'Bloccata', exact: true })).toBeVisible();
    // Every bank's positions for assistance (seed §6: support may pick any bank).
    await expect(rowOf(page, 'S0003456')).toBeVisible();
    await expect(rowOf(page, 'S0004567').getByRole('cell', { name: 'Attiva', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/monitor-storni-${width}.png`, fullPage: true });

    await row.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Righe selezionate' });
    await expect(bar.getByText('1 riga selezionata')).toBeVisible();
    await bar.getByRole('button', { name: 'Sblocca', exact: true }).click();
    const question = page.getByRole('dialog').filter({ hasText: QUESTION });
    await expect(question).toBeVisible();
    const answered = page.waitForResponse((r) => r.url().endsWith('/stornimonitor/azioni/sblocca') && r.request().method() === 'POST');
    await question.getByRole('button', { name: 'Sì' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText('1 riga aggiornata')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Attiva', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '0,00 €', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Esporta' }).click();
    await expect(page.getByRole('menuitem', { name: /Excel/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /CSV/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // The banner closes by itself (seed 002 §9: 3 seconds); axe reads the page, not a banner sliding in.
    await expect(page.getByText('1 riga aggiornata')).toBeHidden();

    // At 390 px nothing scrolls sideways: the table scrolls in its own box.
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

const THRESHOLDS = '/security/monitorsoglierischiofrodi';
const RESET_QUESTION = "Azzerare i totali del mese del negozio? Il transato e gli storni del mese, con carta presente e non presente, saranno riportati a 0 e il negozio tornerà entro le soglie; le soglie restano invariate. Vale per la riga selezionata.";

for (const [width, store] of [[1400, '4001'], [390, '3001']] as const) {
  test(`l'assistenza azzera i totali di un negozio oltre le soglie a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(THRESHOLDS);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'assistenza');
    await expectPath(page, THRESHOLDS);
    await expect(page.getByRole('heading', { name: 'Monitor soglie rischio frodi', exact: true })).toBeVisible();
    const row = page.locator('table tbody tr').filter({ has: page.getByRole('cell', { name: new RegExp(`^${store}\\b`) }) });
    await expect(row.getByRole('cell', { name: 'Soglia superata', exact: true })).toBeVisible();

    await row.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Righe selezionate' });
    await bar.getByRole('button', { name: 'Azzera totali', exact: true }).click();
    const question = page.getByRole('dialog').filter({ hasText: RESET_QUESTION });
    await expect(question).toBeVisible();
    await page.screenshot({ path: `/tmp/monitor-soglie-${width}.png`, fullPage: true });
    const answered = page.waitForResponse((r) => r.url().endsWith('/monitorSoglieRischioFrodi/sogliePdv/azioni/resetSoglieTotali') && r.request().method() === 'POST');
    await question.getByRole('button', { name: 'Sì' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText('1 riga aggiornata')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Entro le soglie', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/monitor-soglie-${width}-dopo.png`, fullPage: true });
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

// Seed 002 §5 "up to 6 recipient slots, empty ones removed on save": a slot added and left empty is not saved.
for (const width of [1400, 390]) {
  test(`sede.30480 salva un template mail rischio con uno slot destinatario vuoto a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    const form = '/security/template-mail-rischio/template/30480/monitorTransato';
    await page.goto(form);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, form);
    await expect(page.getByRole('tab', { name: 'Destinatario 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Aggiungi Destinatario 2' }).click();
    await expect(page.getByRole('tab', { name: 'Destinatario 2' })).toBeVisible();
    await page.screenshot({ path: `/tmp/template-rischio-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByText('Template salvato correttamente')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Destinatario 1' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Destinatario 2' })).toHaveCount(0);
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
