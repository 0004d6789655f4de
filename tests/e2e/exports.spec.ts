/**
 * Exports in the browser (issue 5 item 4): sede.30480 opens the branch list, chooses Esporta > CSV; a progress
 * box appears beside the list, which stays usable, and the file arrives by itself once the job is done (first
 * check after 1 s): Filiali_<dd-mm-yyyy>.csv, with the BOM, the header of labels and only bank 30480's rows.
 */
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { present } from '../support/present';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const LIST = '/anagrafiche/filiali';

test("esportazione CSV delle filiali: l'avanzamento accanto all'elenco, il file arriva da solo", async ({ page }) => {
  let download: Promise<Download> | undefined;
  await test.step("sede.30480 esporta in CSV l'elenco delle filiali", async () => {
    await page.goto(LIST);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, LIST);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Esporta' }).click();
    download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
  });

  await test.step("la pagina mostra l'avanzamento e resta utilizzabile; il file arriva da solo", async () => {
    await expect(page.getByTestId('export-progress')).toBeVisible();
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    const file = await present(download, 'the download the CSV menu item started');
    expect(file.suggestedFilename()).toMatch(/^Filiali_\d{2}-\d{2}-\d{4}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    const lines = text.split('\r\n').filter(Boolean);
    expect(text, 'the BOM, then the header of labels').toMatch(/^\uFEFFCodice ABI;CAB;Nome;/);
    expect(lines.length, 'rows after the header').toBeGreaterThanOrEqual(2);
    expect(lines.slice(1).filter((l) => !l.startsWith('30480;')), 'rows of other banks').toEqual([]);
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
  });
});
