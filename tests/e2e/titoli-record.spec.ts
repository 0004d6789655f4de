/**
 * Issue 15: a record's page is titled with the entity's `display` fields, as the shell names the row where others
 * refer to it, not with its key: a merchant's contract at /esercente/downloadContratti/contratto/:id is "Contratto
 * 30480000012345" (its number), not "Contratto c0000000-…" (its id). Heading level 1 and the browser tab's title,
 * at 1400 and 390 px. The key stays the fallback of a record without display values. A reference among the display
 * fields is named as the API names it (`_labels`): a stock by its bank's and model's names, not "30480 201".
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const CONTRACT = '/esercente/downloadContratti/contratto/c0000000-0000-4000-8000-000000001234';

for (const width of [1400, 390]) {
  test(`il contratto si intitola con il suo numero, non con l'identificativo, a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(CONTRACT);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, CONTRACT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contratto 30480000012345');
    await expect(page).toHaveTitle('Contratto 30480000012345 · WebPOS');
    await page.screenshot({ path: test.info().outputPath(`contratto-titolo-${width}.png`), fullPage: true });
  });
}

test('una giacenza si intitola con i nomi della banca e del modello, non con i loro codici', async ({ newPage }) => {
  const STOCK = '/magazzino/giacenze/giacenza/30480/201';
  const page = await newPage();
  await page.goto(STOCK);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, STOCK);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giacenza 30480 - Banca di Credito Cooperativo di Esempio - 201 - PAX A920 Smart POS');
  await expect(page).toHaveTitle('Giacenza 30480 - Banca di Credito Cooperativo di Esempio - 201 - PAX A920 Smart POS · WebPOS');
});
