/**
 * References by name (docs/spec-language.md#references) on the branches: the list names each branch's bank,
 * and a new branch picks its bank by typing part of its name, which searches after a pause.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const LIST = '/anagrafiche/filiali';

test('filiali: la banca per nome nell\'elenco; nel modulo la si cerca scrivendone il nome e la si sceglie', async ({ page }) => {
  await page.goto(LIST);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, LIST);

  await test.step('l\'elenco mostra la banca di ogni filiale per nome', async () => {
    await expect(page.locator('table tbody tr', { hasText: 'Sede centrale' })).toContainText('30480 - Banca di Credito Cooperativo di Esempio');
  });

  await test.step('Nuovo: scrivo "piemont" nel campo della banca, la scelgo tra i risultati', async () => {
    await page.getByRole('button', { name: 'Nuovo' }).click();
    const bank = page.locator('#root_codAbi');
    const searched = page.waitForResponse((r) => r.url().includes('/banche?') && r.url().includes('q=piemont') && r.ok());
    await bank.fill('piemont');
    await searched;
    await page.getByRole('option', { name: '60855 - Banca Piemontese di Credito Cooperativo' }).click();
    await expect(bank).toHaveValue('60855 - Banca Piemontese di Credito Cooperativo');
  });

  await test.step('completo e salvo: la filiale è della banca scelta', async () => {
    await page.locator('#root_cab').fill('10299');
    await page.locator('#root_nome').fill('Filiale E2E');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page).toHaveURL(`${LIST}/formFiliale/60855/10299`);
    await expect(page.locator('#root_codAbi')).toHaveValue('60855 - Banca Piemontese di Credito Cooperativo');
  });
});

test('modulo filiale: sezioni Filiale, Indirizzo, Recapiti su tre colonne a 1400 px, una colonna sul telefono', async ({ page }) => {
  const FORM = `${LIST}/formFiliale/30480/01601`;
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(FORM);
  await submitLogin(page, 'assistenza');
  await expectPath(page, FORM);
  for (const title of ['Filiale', 'Indirizzo', 'Recapiti']) await expect(page.getByRole('group', { name: title, exact: true })).toBeVisible();
  const top = async (id: string) => (await page.locator(id).boundingBox())?.y;
  const left = async (id: string) => (await page.locator(id).boundingBox())?.x;

  await test.step('1400 px: ABI, CAB e nome sulla stessa riga; telefono, fax ed e-mail pure', async () => {
    await expect(page.locator('#root_nome')).toBeVisible();
    expect(await top('#root_cab')).toBe(await top('#root_codAbi'));
    expect(await top('#root_nome')).toBe(await top('#root_codAbi'));
    expect(await top('#root_mail')).toBe(await top('#root_telefono'));
  });

  await test.step('390 px: un campo sotto l\'altro, allineati a sinistra', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The grid reflows after the resize: wait for it to settle into one column.
    await expect.poll(async () => Math.abs((await left('#root_nome') ?? 0) - (await left('#root_cab') ?? 1))).toBeLessThan(1);
    expect(await top('#root_nome') ?? 0).toBeGreaterThan(await top('#root_cab') ?? 0);
  });
});
