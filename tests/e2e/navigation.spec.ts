/**
 * Navigation rules in the browser (issue 3, seed 000 §2, §4): a wrong password shows the server's message; the
 * branch user filiale.30480 (role BANCA_FILIALE, no e-mail) lands on merchant search (no
 * RIC_SOSPESI_BANCHE), is asked for an e-mail, sees only the menu items its grants allow, has no 'Nuovo' on
 * users, and a forbidden route says "Non autorizzato" with the way back to its landing. A merchant lives in
 * /wpbusiness.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, expectPath, submitLogin } from './support/steps';

const BRANCH_USER = 'filiale.30480';
const BRANCH_LANDING = '/esercente/ricercaEsercente';

async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(nav.getByText('Home').first()).toBeVisible();
  return (await nav.locator('a').allTextContents()).map((t) => t.trim());
}

test(`utente di filiale (${BRANCH_USER}): atterraggio, e-mail richiesta, menu e rotte secondo i permessi`, async ({ page }) => {
  await test.step('utente non autenticato su / -> /home pubblica (seed 000 §2), poi Accesso banche -> /login/banca', async () => {
    await page.goto('/');
    await expectPath(page, '/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto' })).toBeVisible();
    await page.getByRole('link', { name: 'Accesso banche' }).click();
    await expectPath(page, '/login/banca');
  });

  await test.step('password errata: messaggio del server', async () => {
    await submitLogin(page, BRANCH_USER, 'password-sbagliata');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Nome utente o password non validi')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step(`accesso come ${BRANCH_USER}: atterraggio su ${BRANCH_LANDING}`, async () => {
    await submitLogin(page, BRANCH_USER);
    await expectPath(page, BRANCH_LANDING);
    await expect(page.getByRole('heading', { name: 'Ricerca esercente' })).toBeVisible();
    await expect(page.getByTestId('user-name').getByText('Franca Filiale')).toBeVisible();
  });

  await test.step('utente senza e-mail: la finestra la chiede, con la password attuale, e la salva', async () => {
    const ask = page.getByRole('dialog', { name: 'Indirizzo e-mail mancante' });
    await ask.getByLabel('E-mail').fill('franca.filiale@bcc-esempio.example');
    await ask.getByLabel('Password attuale').fill(DEMO_PASSWORD);
    await ask.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText("L'indirizzo mail è stato salvato correttamente!")).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(ask).toBeHidden();
  });

  await test.step('menu: solo le voci consentite dai permessi', async () => {
    const labels = await menuLabels(page);
    for (const wanted of ['Banche', 'Utenti', 'Ricerca esercente']) expect(labels, `menu item '${wanted}'`).toContain(wanted);
    for (const hidden of ['POS fisici', 'POS generici', 'Ruoli', 'Sospesi banca']) expect(labels, `menu item '${hidden}' shown to ${BRANCH_USER}`).not.toContain(hidden);
  });

  await test.step('utenti: nessun pulsante Nuovo senza GES_UTENTI:CREAZIONE', async () => {
    await page.getByRole('navigation', { name: 'Menu principale' }).getByText('Utenti', { exact: true }).click();
    await expectPath(page, '/anagrafiche/utenti');
    await expect(page.getByRole('heading', { name: 'Utenti' })).toBeVisible();
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuovo' }), "'Nuovo' shown without GES_UTENTI:CREAZIONE").toHaveCount(0);
  });

  await test.step('la propria banca senza ANAG_BANCHE:AGGIORNAMENTO: una scheda da leggere, non un modulo grigio', async () => {
    await page.goto('/anagrafiche/anaBanca/formBanca/30480');
    await expect(page.getByRole('heading', { name: 'Banca 30480' })).toBeVisible();
    await expect(page.getByText('Consultazione: i dati non sono modificabili con le autorizzazioni attuali.')).toBeVisible();
    await expect(page.locator('dd[data-field="nomeBcc"]')).toHaveText('Banca di Credito Cooperativo di Esempio');
    await expect(page.locator('dd[data-field="flgAttiva"]')).toHaveText('Sì');
    await expect(page.locator('dd[data-field="tipoGt"]')).toHaveText('Prima rete');
    await expect(page.getByRole('textbox'), 'an input on a page the user may only read').toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Fatturazione' }).click();
    await expect(page).toHaveURL(/scheda=fatturazione/);
    await expect(page.locator('dd[data-field="tipoSepa"]')).toBeVisible();
  });

  await test.step('rotta non consentita (/anagrafiche/posFisici): "Non autorizzato", e la pagina iniziale a un clic', async () => {
    const posCalls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/posfisici')) posCalls.push(r.url()); });
    await page.goto('/anagrafiche/posFisici');
    await expect(page.getByRole('heading', { level: 1, name: 'Non autorizzato' })).toBeVisible();
    expect(posCalls, 'the forbidden page called the API').toEqual([]);
    await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
    await expectPath(page, BRANCH_LANDING);
  });

  await test.step('area business vietata a un utente banca -> /home -> atterraggio', async () => {
    await page.goto('/wpbusiness/home');
    await expectPath(page, BRANCH_LANDING);
  });

  await test.step('Esci -> /login/banca; la sessione non vale più', async () => {
    await page.getByRole('button', { name: 'Esci' }).click();
    await expectPath(page, '/login/banca');
    await page.goto('/anagrafiche/anaBanca');
    await expectPath(page, '/login/banca');
  });
});

test("esercente (merchant.0001234): vive nell'area business", async ({ page }) => {
  await test.step('area business non autenticata -> /login/merchant', async () => {
    await page.goto('/wpbusiness/home');
    await expectPath(page, '/login/merchant');
  });

  await test.step('accesso come merchant.0001234 -> home business', async () => {
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/home');
    await expect(page.getByText('WebPOS Business').first()).toBeVisible();
  });

  await test.step('un esercente su una rotta classica torna alla home business', async () => {
    await page.goto('/anagrafiche/anaBanca');
    await expectPath(page, '/wpbusiness/home');
  });

  await test.step('Esci -> /login/merchant', async () => {
    await page.getByRole('button', { name: 'Esci' }).click();
    await expectPath(page, '/login/merchant');
  });
});
