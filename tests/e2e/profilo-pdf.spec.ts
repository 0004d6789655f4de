/**
 * The merchant's profile as a PDF (seed 001 §2 "profile (... PDF downloads)"; spec/profilo/operazioni-profilo.yaml,
 * docs/spec-language.md#form-operations "Downloads"): merchant.0001234 downloads it from "Dati personali" at 1400 px,
 * and operatore.0001234 on a 390 px phone, with no sideways scroll. What the PDF holds and who may read it is
 * tests/server/profilo-pdf.test.ts's.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const PROFILO = '/wpbusiness/profilo/datiPersonali/0001234';

test("l'esercente scarica i propri dati personali in PDF, a 1400 px", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(PROFILO);
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, PROFILO);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('profilo-0001234.pdf');
  expect(readFileSync(await file.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText('File scaricato: profilo-0001234.pdf')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('profilo-pdf-1400.png'), fullPage: true });
});

test("l'operatore scarica il PDF del profilo su un telefono da 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PROFILO);
  await submitLogin(page, 'operatore.0001234');
  await expectPath(page, PROFILO);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  expect((await downloading).suggestedFilename()).toBe('profilo-0001234.pdf');
  await expect(page.getByText('File scaricato: profilo-0001234.pdf')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('profilo-pdf-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
