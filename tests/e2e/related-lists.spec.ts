/**
 * A record's related lists (docs/spec-language.md#related-lists): the bank's record lists its branches
 * (spec/anagrafiche/banca.yaml), each opens its own record, "Nuovo" opens a branch form already linked to
 * the bank; a branch user opening its bank sees its own branch only (the server's scope, both levels).
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const BANK = '/anagrafiche/anaBanca/formBanca/30480';

test('la scheda della banca elenca le sue filiali: apro una filiale, poi Nuovo la lega alla banca', async ({ page }) => {
  await page.goto(BANK);
  await submitLogin(page, 'assistenza');
  await expectPath(page, BANK);
  const branches = page.getByRole('region', { name: 'Filiali della banca' });

  await test.step('le due filiali di 30480, per nome', async () => {
    await expect(branches.getByText('2 risultati')).toBeVisible();
    await expect(branches.getByRole('row')).toHaveCount(3);
    await expect(branches.getByRole('cell', { name: 'Filiale Monza' })).toBeVisible();
  });

  await test.step('Invio su una riga apre la filiale', async () => {
    await branches.getByRole('row', { name: /Filiale Monza/ }).focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/anagrafiche/filiali/formFiliale/30480/01601');
    await page.goBack();
    await expectPath(page, BANK);
  });

  await test.step('Nuovo: il modulo della filiale con la banca già scelta', async () => {
    await branches.getByRole('button', { name: 'Nuovo' }).click();
    await expectPath(page, '/anagrafiche/filiali/formFiliale');
    await expect(page.locator('#root_codAbi')).toHaveValue(/30480/);
  });
});

test('un utente di filiale vede nella scheda della sua banca solo la sua filiale', async ({ page }) => {
  await page.goto(BANK);
  await submitLogin(page, 'filiale.30480');
  const dialog = page.getByRole('dialog');
  // filiale.30480 has no e-mail yet: the modal asks for it first (seed 000 §4).
  if (await dialog.isVisible()) await page.keyboard.press('Escape');
  const branches = page.getByRole('region', { name: 'Filiali della banca' });
  await expect(branches.getByText('1 risultato')).toBeVisible();
  await expect(branches.getByRole('cell', { name: 'Sede centrale' })).toBeVisible();
  await expect(branches.getByRole('cell', { name: 'Filiale Monza' })).toHaveCount(0);
});
