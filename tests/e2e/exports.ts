/**
 * Exports in the browser (issue 5 item 4): sede.30480 opens the branch list, chooses Esporta > CSV; a progress
 * box appears beside the list, which stays usable, and the file arrives by itself once the job is done (first
 * check after 1 s): Filiali_<dd-mm-yyyy>.csv, with the BOM, the header of labels and only bank 30480's rows.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { expectPath, newPage, step, StepError, submitLogin } from './helpers';

const LIST = '/anagrafiche/filiali';

export async function exportsScenario(browser: Browser, base: string, errors: string[]) {
  step('sede.30480 esporta in CSV l\'elenco delle filiali');
  const page = await newPage(browser, errors);
  await page.goto(`${base}${LIST}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, LIST);
  await page.locator('table tbody tr').first().waitFor();
  await page.getByRole('button', { name: 'Esporta' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();

  step('la pagina mostra l\'avanzamento e resta utilizzabile; il file arriva da solo');
  await page.getByTestId('export-progress').waitFor();
  await page.locator('table tbody tr').first().waitFor();
  const file = await download;
  if (!/^Filiali_\d{2}-\d{2}-\d{4}\.csv$/.test(file.suggestedFilename())) throw new StepError(`unexpected file name ${file.suggestedFilename()}`);
  const text = readFileSync((await file.path())!, 'utf8');
  const lines = text.split('\r\n').filter(Boolean);
  if (!text.startsWith('\uFEFFCodice ABI;CAB;Nome;')) throw new StepError(`unexpected header: ${lines[0]}`);
  if (lines.length < 2 || !lines.slice(1).every((l) => l.startsWith('30480;'))) throw new StepError(`rows of other banks or none: ${lines.slice(1, 4).join(' | ')}`);
  await page.getByTestId('export-progress').waitFor({ state: 'detached' });
  await page.context().close();
}
