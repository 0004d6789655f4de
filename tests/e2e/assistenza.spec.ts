/**
 * The assistance back-office in the browser (seed 000 §8): deleting a municipality first shows the
 * irreversible-operation warning; "No" keeps it, "Sì" deletes it and shows 'Comune eliminato correttamente'.
 * Then a promotion's banks move between the associated and the available list: the promotion is marked
 * "modificata" until it is saved with 'Promozione salvata correttamente'.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const COMUNE = '/assistenze/backOffice/comuni/comune/004003';
const WARNING = "Il comune sarà eliminato definitivamente: l'operazione non è reversibile. Procedere?";
const DELETED = 'Comune eliminato correttamente';
const PROMO = '/assistenze/backOffice/promozioni/promozione/PROMO_SMARTPOS_2026';

async function expectComuneShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Modifica Comune 004003' })).toBeVisible();
  await expect(page.locator('#root_comune')).toHaveValue('Alba');
}

async function loginAsAssistenza(page: Page, path: string) {
  await page.goto(path);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, path);
}

test("comune: l'avviso di operazione irreversibile, Annulla lo tiene, Elimina lo elimina", async ({ page }) => {
  await test.step('assistenza apre il comune di Alba', async () => {
    await loginAsAssistenza(page, COMUNE);
    await expectComuneShown(page);
  });

  const remove = page.getByRole('button', { name: 'Elimina', exact: true });
  const dialog = page.getByRole('dialog').filter({ hasText: WARNING });
  await test.step("Elimina: l'avviso di operazione irreversibile, Annulla non elimina", async () => {
    await remove.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Operazione irreversibile')).toBeVisible();
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expectComuneShown(page);
  });

  await test.step(`Elimina, confermato: "${DELETED}" e il comune non è più nell'elenco`, async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/assistenza/comuni/004003') && r.request().method() === 'DELETE');
    await remove.click();
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    expect((await answered).status(), 'delete answered').toBe(204);
    await expect(page.getByText(DELETED).first()).toBeVisible();
    await page.goto('/assistenze/backOffice/comuni');
    await expect(page.getByRole('heading', { name: 'Comuni' })).toBeVisible();
    await expect(page.locator('table tbody tr', { hasText: 'Milano' })).toBeVisible();
    await expect(page.locator('table tbody tr', { hasText: 'Alba' }), 'Alba still listed after the delete').toHaveCount(0);
  });
});

test('promozione: spostare una banca la segna "modificata", salvare la salva', async ({ page }) => {
  await loginAsAssistenza(page, PROMO);
  await expect(page.getByRole('heading', { name: 'Modifica Promozione PROMO_SMARTPOS_2026' })).toBeVisible();
  const chosen = page.getByTestId('transfer-chosen');
  const available = page.getByTestId('transfer-available');
  const modified = page.getByTestId('transfer-modified');
  await expect(chosen.getByText('30480', { exact: false })).toBeVisible();
  await expect(available.getByText('34256', { exact: false })).toBeVisible();
  await expect(modified, "'modificata' shown before any change").toHaveCount(0);

  await available.getByLabel(/^34256/).check();
  await page.getByRole('button', { name: /Associa/ }).click();
  await expect(chosen.getByText('34256', { exact: false })).toBeVisible();
  await expect(modified).toBeVisible();

  const saved = page.waitForResponse((r) => r.url().endsWith('/assistenza/promozioni/PROMO_SMARTPOS_2026') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  expect((await saved).status(), 'save answered').toBe(200);
  await expect(page.getByText('Promozione salvata correttamente').first()).toBeVisible();
  await expect(modified).toHaveCount(0);
});
