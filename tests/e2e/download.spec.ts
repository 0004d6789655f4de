/**
 * The download screens of seed 002 §2 (spec/download/): sede.30480 opens the merchant download over a period,
 * downloads it as CSV through the background export (the file arrives by itself), and an export of a period without
 * data says 'Dati non disponibili per il periodo selezionato.'; then the contracts' download (the latest contract's
 * PDF, 'Nessun contratto presente per i parametri inseriti.') and the terminals to replace ('Non risulta esserci
 * nessun terminale da dover sostituire'), the My Bank terminals, the cost reporting and the circulars. Looked at at 1400 px and 390 px. The scope is tests/server/download.test.ts's.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const ESERCENTI = '/esercente/download';
const CONTRATTI = '/esercente/downloadContratti';
const DA_SOSTITUIRE = '/download/terminaliDaSostituire';
const MYBANK = '/download/mybank';
const COSTI = '/download/rendicontazionecosto';
const CIRCOLARI = '/download/circolareiccrea';
const PERIOD = 'dataAperturaDa=2025-11-01&dataAperturaA=2026-10-31';
const MONTHS = 'dataRiferimentoDa=2025-11-01&dataRiferimentoA=2026-10-31';

/** axe's serious and critical findings (WCAG 2.0-2.2 A and AA), as the accessibility walk counts them. */
async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('la sede scarica esercenti, contratti e terminali da sostituire della propria banca', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${ESERCENTI}?${PERIOD}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, ESERCENTI);

  await test.step('download esercenti: i negozi aperti nel periodo, il più recente prima', async () => {
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText('Supermercato Lombardi Milano Torino');
    await expect(page.locator('table tbody')).not.toContainText('Hotel Dolomiti');
    await page.screenshot({ path: test.info().outputPath('download-esercenti-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('Esporta > CSV: il file arriva da solo, con i soli negozi della banca', async () => {
    await page.getByRole('button', { name: 'Esporta' }).click();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^Esercenti_\d{2}-\d{2}-\d{4}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain('Bar Centrale Stazione');
    expect(text).not.toContain('Hotel Dolomiti');
  });

  await test.step("un periodo senza negozi: 'Nessun risultato trovato', e l'esportazione dice che non ci sono dati", async () => {
    await page.goto(`${ESERCENTI}?dataAperturaDa=2024-01-01&dataAperturaA=2024-12-31`);
    await expect(page.getByText('Nessun risultato trovato')).toBeVisible();
    await page.getByRole('button', { name: 'Esporta' }).click();
    await page.getByRole('menuitem', { name: 'Excel' }).click();
    await expect(page.getByText('Dati non disponibili per il periodo selezionato.')).toBeVisible({ timeout: 30_000 });
  });

  await test.step("download contratti: il PDF dell'ultimo contratto; nessun contratto per un esercente senza", async () => {
    await page.goto(CONTRATTI);
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(2);
    const downloading = page.waitForEvent('download');
    await page.locator('table tbody tr', { hasText: '30480000012345' }).getByRole('button', { name: 'Scarica Contratto PDF' }).click();
    const file = await downloading;
    expect(readFileSync(await file.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.screenshot({ path: test.info().outputPath('download-contratti-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
    await page.goto(`${CONTRATTI}?codEser=0005678`);
    await expect(page.getByText('Nessun contratto presente per i parametri inseriti.')).toBeVisible();
  });

  await test.step('terminali da sostituire: quelli di un modello ritirato', async () => {
    await page.goto(DA_SOSTITUIRE);
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('30480802');
    await page.screenshot({ path: test.info().outputPath('terminali-da-sostituire-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
    await page.goto(`${DA_SOSTITUIRE}?codEser=0001234`);
    await expect(page.getByText('Non risulta esserci nessun terminale da dover sostituire')).toBeVisible();
  });

  await test.step('My Bank, rendicontazione costi e circolari: le righe della banca; un periodo vuoto dice il messaggio del seed', async () => {
    for (const [route, count, name] of [[`${MYBANK}?${MONTHS}`, 3, 'mybank'], [`${COSTI}?${MONTHS}`, 3, 'rendicontazione-costi'], [CIRCOLARI, 1, 'circolari']] as const) {
      await page.goto(route);
      await expect(page.locator('table tbody tr')).toHaveCount(count);
      await page.screenshot({ path: test.info().outputPath(`${name}-1400.png`), fullPage: true });
      expect(await blocking(page)).toEqual([]);
    }
    await page.goto(`${MYBANK}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=2026-08-31`);
    await expect(page.getByText('Attenzione - Non risulta nessun terminale My Bank a fatt.banca per il periodo selezionato !')).toBeVisible();
    await page.goto(`${COSTI}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=2026-08-31`);
    await expect(page.getByText('Attenzione - Non risulta nessuna transazione per il periodo selezionato !')).toBeVisible();
    await page.goto(CIRCOLARI);
    const downloading = page.waitForEvent('download');
    await page.locator('table tbody tr').first().getByRole('button', { name: 'Scarica Circolare PDF' }).click();
    expect(readFileSync(await (await downloading).path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  await test.step('390 px: le pagine senza scorrimento orizzontale', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pages = [[`${ESERCENTI}?${PERIOD}`, 'download-esercenti'], [CONTRATTI, 'download-contratti'], [DA_SOSTITUIRE, 'terminali-da-sostituire'],
      [`${MYBANK}?${MONTHS}`, 'mybank'], [`${COSTI}?${MONTHS}`, 'rendicontazione-costi'], [CIRCOLARI, 'circolari']];
    for (const [route, name] of pages) {
      await page.goto(route);
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
      expect(await blocking(page)).toEqual([]);
    }
  });
});
