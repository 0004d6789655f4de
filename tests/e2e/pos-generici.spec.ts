/**
 * A conditional field on a real screen (docs/spec-language.md#conditional-fields): a push model is always
 * shipped (seed 000 §3), so choosing the type Push ticks "Spedizione" and locks it; another type frees it.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FORM = '/anagrafiche/posgenerici/edit';

test('modello POS generico: con il tipo Push la spedizione è spuntata e bloccata, con un altro tipo torna modificabile', async ({ page }) => {
  await page.goto(FORM);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, FORM);

  const spedizione = page.getByRole('checkbox', { name: 'Spedizione' });
  const tipo = page.locator('#root_tipo');
  await expect(spedizione).toBeEnabled();

  await test.step('tipo Push: spedizione spuntata e bloccata', async () => {
    await tipo.click();
    await page.getByRole('option', { name: 'Push' }).click();
    await expect(spedizione).toBeChecked();
    await expect(spedizione).toBeDisabled();
  });

  await test.step('tipo Fisico: la spedizione torna modificabile', async () => {
    await tipo.click();
    await page.getByRole('option', { name: 'Fisico' }).click();
    await expect(spedizione).toBeEnabled();
    await spedizione.uncheck();
    await expect(spedizione).not.toBeChecked();
  });
});
