/**
 * The year/month comparison in the browser (seed 002 §2 /statistiche/confrontoDatiPeriodo and the business portal's
 * /wpbusiness/statistiche/confrontoDatiPeriodo, reports with `compare` of spec/statistiche/confronto-periodo*.yaml):
 * at 1400 px sede.30480 opens the bank page on its default (this year against the last, concluded months only),
 * then October against September, with the two periods' bars side by side and the change in %; at 390 px
 * merchant.0001234 reads the same comparison of its own stores. Figures computed here from the demo's generator
 * (as tests/server/statistiche-confronto-periodo.test.ts); axe finds no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoMovements, type DemoMovement } from '../../scripts/demo-movimenti';
import { MOVEMENT_SCOPE } from '../support/demo-movement-scope';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DEMO = demoMovements();
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const percent = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
const MONTHS = 'confronto=mese&meseAnno1=2026-10&meseAnno2=2026-09';

function turnover(user: string, month: string): { transato: number; operazioni: number } {
  const rows = DEMO.filter((m: DemoMovement) => m.dataOperazione.startsWith(month) && m.esito === '01' && m.codCompagnia !== '90' && MOVEMENT_SCOPE[user](m));
  return { transato: Math.round(rows.reduce((s, m) => s + m.importo, 0) * 100) / 100, operazioni: rows.length };
}
function change(a: number, b: number): string {
  const v = Math.round(((a - b) / b) * 10000) / 100;
  return `${v > 0 ? '+' : ''}${percent.format(v)}%`;
}

async function expectComparison(page: Page, user: string): Promise<void> {
  const [oct, sep] = [turnover(user, '2026-10'), turnover(user, '2026-09')];
  expect(oct.operazioni).toBeGreaterThan(0);
  expect(sep.operazioni).toBeGreaterThan(0);
  const row = page.getByTestId('confronto-tabella').getByRole('row', { name: /ottobre \/ settembre/ });
  await expect(row).toContainText(euro.format(oct.transato));
  await expect(row).toContainText(euro.format(sep.transato));
  await expect(row).toContainText(change(oct.transato, sep.transato));
  const chart = page.getByTestId('confronto-grafico-transato');
  await expect(chart.getByRole('img', { name: new RegExp(`ottobre 2026 e settembre 2026: ottobre / settembre ${euro.format(oct.transato).replace(/\s/g, '.')}`) })).toBeVisible();
  // Two series side by side: one bar per period.
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(chart.getByText('ottobre 2026').first()).toBeVisible();
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('sede.30480 confronta quest\'anno con il precedente e ottobre con settembre a 1400 px', async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/statistiche/confrontoDatiPeriodo');
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, '/statistiche/confrontoDatiPeriodo');
  await expect(page.getByRole('heading', { level: 1, name: 'Confronto dati periodo' })).toBeVisible();
  await test.step('si apre sull\'anno in corso rispetto al precedente, per i soli mesi conclusi', async () => {
    const table = page.getByTestId('confronto-tabella');
    await expect(table.getByRole('row', { name: /^gennaio/ })).toBeVisible();
    const oct = turnover('sede.30480', '2026-10');
    await expect(table.getByRole('row', { name: /^ottobre/ })).toContainText(euro.format(oct.transato));
    await expect(table.getByRole('row', { name: /^ottobre/ })).toContainText('n.d.');
    await expect(table.getByRole('row', { name: /^dicembre/ })).toHaveCount(0);
  });
  await test.step('ottobre rispetto a settembre, con la variazione', async () => {
    await page.goto(`/statistiche/confrontoDatiPeriodo?${MONTHS}`);
    await expectComparison(page, 'sede.30480');
  });
  await test.step('scarica il confronto in Excel (seed 002 §7 exportExcel)', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta Excel' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^Confronto_dati_periodo_\d{2}-\d{2}-\d{4}\.xlsx$/);
  });
  await page.screenshot({ path: '/tmp/statistiche-confronto-1400.png', fullPage: true });
  await expectNoSeriousViolations(page);
});

test('merchant.0001234 confronta ottobre con settembre dei suoi negozi a 390 px', async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/home');
  await page.goto(`/wpbusiness/statistiche/confrontoDatiPeriodo?${MONTHS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confronto dati periodo' })).toBeVisible();
  await expectComparison(page, 'merchant.0001234');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta Excel' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^Confronto_dati_periodo_\d{2}-\d{2}-\d{4}\.xlsx$/);
  await page.screenshot({ path: '/tmp/statistiche-confronto-390.png', fullPage: true });
  // Nothing scrolls sideways: the table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);

  // Two months before the demo movements: the export says so (seed 002 §8) instead of downloading an empty sheet.
  await page.goto('/wpbusiness/statistiche/confrontoDatiPeriodo?confronto=mese&meseAnno1=2025-10&meseAnno2=2025-09');
  await expect(page.getByRole('heading', { level: 1, name: 'Confronto dati periodo' })).toBeVisible();
  await page.getByRole('button', { name: 'Esporta Excel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Dati non disponibili per il periodo selezionato.' })).toBeVisible();
  await page.screenshot({ path: '/tmp/statistiche-confronto-vuoto-390.png', fullPage: true });
});
