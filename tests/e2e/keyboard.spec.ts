/**
 * The shell by keyboard alone (issue 15 item 6): the side menu is reached with Tab and opens a page with
 * Enter, on a phone through the menu button; a list row opens its record with Enter; a confirmation dialog
 * takes the focus, Esc and its Annulla close it without doing anything, and the focus goes back to the
 * button that opened it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const BRANCH = '/anagrafiche/filiali/formFiliale/30480/01601';
const BANKS = '/anagrafiche/anaBanca';

/** Presses Tab until `target` has the focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reached with Tab').toBeFocused();
}

const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

test('1400 px: dal menu con Tab e Invio all\'elenco filiali, una riga con Invio, la conferma di eliminazione da tastiera', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(BANKS);
  await submitLogin(page, 'assistenza');
  await expectPath(page, BANKS);

  await test.step('Tab fino alla voce Filiali del menu, Invio apre l\'elenco', async () => {
    const link = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Filiali', exact: true });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expectPath(page, '/anagrafiche/filiali');
  });

  await test.step('Tab fino alla prima riga, Invio apre la filiale', async () => {
    const row = page.locator('table tbody tr').filter({ hasText: '01601' });
    await tabTo(page, row, 80);
    await page.keyboard.press('Enter');
    await expectPath(page, BRANCH);
  });

  const remove = page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Elimina' });
  await test.step('Elimina con Invio: la conferma prende il fuoco; Esc la chiude e il fuoco torna su Elimina', async () => {
    await expect(page.locator('#root_nome')).not.toHaveValue('');
    await tabTo(page, remove, 80);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInDialog(page), { message: 'the focus moves into the dialog' }).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await expectPath(page, BRANCH);
  });

  await test.step('di nuovo: Tab resta nel dialogo fino ad Annulla, Invio chiude senza eliminare', async () => {
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    await expect(dialog).toBeVisible();
    const cancel = dialog.getByRole('button', { name: 'Annulla' });
    await tabTo(page, cancel, 10);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await expect(page.locator('#root_nome')).not.toHaveValue('');
  });
});

test('telefono (390 px): il pulsante del menu con Invio, una voce con Tab e Invio', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(BANKS);
  await submitLogin(page, 'assistenza');
  await expectPath(page, BANKS);
  const burger = page.getByRole('button', { name: 'Apri il menu' });
  await tabTo(page, burger, 20);
  await page.keyboard.press('Enter');
  const link = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Filiali', exact: true });
  await expect(link).toBeVisible();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expectPath(page, '/anagrafiche/filiali');
  await expect(page.locator('h1')).toBeInViewport();
});
