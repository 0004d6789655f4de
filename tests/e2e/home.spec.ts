/**
 * Landing pages (issue 15 items 1, 7): assistenza lands on /home, the work queue of the spec's indicators, whose
 * cards show the counts the header's badges show and lead to their pages; a bank head office (sede.30480) lands
 * on the merchant search, never on a "Pagina in preparazione" placeholder. On a 390 px phone the header keeps
 * the burger, the name and the badges, the user's actions sit in a user menu, and the page does not scroll sideways.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const INDICATOR = 'indicatoreSospesiBanca';

async function login(page: Page, username: string) {
  await page.goto('/login/banca');
  await submitLogin(page, username);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('assistenza atterra sulla coda di lavoro: le schede con i conteggi del header', async ({ page }) => {
  await login(page, 'assistenza');
  await expectPath(page, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Da fare' })).toBeVisible();
  await expect(page).toHaveTitle('Da fare · WebPOS');
  await expect(page.getByText('Pagina in preparazione')).toHaveCount(0);

  const card = page.getByTestId(`coda-${INDICATOR}`);
  await expect(card.getByRole('heading', { name: 'Richieste sospese' })).toBeVisible();
  const headerCount = (await page.getByTestId(`indicatore-${INDICATOR}`).textContent())?.trim();
  await expect(card.getByTestId(`conteggio-${INDICATOR}`)).toHaveText(headerCount ?? 'mancante');
  const count = Number(headerCount);
  const pending = count === 0 ? 'Niente da fare' : count === 1 ? '1 elemento da gestire' : `${String(count)} elementi da gestire`;
  await expect(card.getByText(pending, { exact: true })).toBeVisible();
  await expect(card.getByText(count > 0 ? 'Da fare' : 'Niente da fare', { exact: true }).first()).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Accesso rapido' })).toBeVisible();
  await card.getByRole('link', { name: 'Apri richieste sospese' }).click();
  await expectPath(page, '/richieste/sospesi/banca');
});

test('sede.30480 atterra sulla ricerca esercenti', async ({ page }) => {
  await login(page, 'sede.30480');
  await expectPath(page, '/esercente/ricercaEsercente');
  await expect(page.getByText('Pagina in preparazione')).toHaveCount(0);
});

test.describe('telefono (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("l'intestazione si raccoglie in un menu utente, senza scorrimento orizzontale", async ({ page }) => {
    await login(page, 'assistenza');
    await expectPath(page, '/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Da fare' })).toBeVisible();
    await expect(page.getByTestId(`indicatore-${INDICATOR}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifiche' })).toBeHidden();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: /^Menu utente: / }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Notifiche' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Notifiche' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: /^Menu utente: / }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expectPath(page, '/login/banca');
  });
});
