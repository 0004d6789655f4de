/**
 * Navigation rules in the browser (issue 3, seed 000 §2, §4): a wrong password shows the server's message; the
 * branch user filiale.30480 (role BANCA_FILIALE, no e-mail) lands on merchant search (no
 * RIC_SOSPESI_BANCHE), is asked for an e-mail, sees only the menu items its grants allow, has no 'Nuovo' on
 * users, and a forbidden route sends it to / and so back to its landing. A merchant lives in /wpbusiness.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin } from './helpers';

const BRANCH_USER = 'filiale.30480';
const BRANCH_LANDING = '/esercente/ricercaEsercente';

async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await nav.getByText('Home').first().waitFor();
  return (await nav.locator('a').allTextContents()).map((t) => t.trim());
}

export async function branchUserScenario(browser: Browser, base: string, errors: string[]) {
  const page = await newPage(browser, errors);

  step('utente non autenticato su / -> /login/banca');
  await page.goto(`${base}/`);
  await expectPath(page, '/login/banca');

  step('password errata: messaggio del server');
  await submitLogin(page, BRANCH_USER, 'password-sbagliata');
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Username o password non validi').waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });

  step(`accesso come ${BRANCH_USER}: atterraggio su ${BRANCH_LANDING}`);
  await submitLogin(page, BRANCH_USER);
  await expectPath(page, BRANCH_LANDING);
  await page.getByRole('heading', { name: 'Ricerca esercente' }).waitFor();
  await page.getByTestId('user-name').getByText('Franca Filiale').waitFor();

  step('utente senza e-mail: la finestra la chiede, con la password attuale, e la salva');
  const ask = page.getByRole('dialog', { name: 'Indirizzo e-mail mancante' });
  await ask.getByLabel('E-mail').fill('franca.filiale@bcc-esempio.example');
  await ask.getByLabel('Password attuale').fill(DEMO_PASSWORD);
  await ask.getByRole('button', { name: 'Salva' }).click();
  await page.getByText("L'indirizzo mail è stato salvato correttamente!").waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await ask.waitFor({ state: 'hidden' });

  step('menu: solo le voci consentite dai permessi');
  const labels = await menuLabels(page);
  for (const wanted of ['Banche', 'Utenti', 'Ricerca esercente']) {
    if (!labels.includes(wanted)) throw new StepError(`menu item '${wanted}' missing: ${labels.join(', ')}`);
  }
  for (const hidden of ['POS fisici', 'POS generici', 'Ruoli', 'Sospesi banca']) {
    if (labels.includes(hidden)) throw new StepError(`menu item '${hidden}' shown to ${BRANCH_USER}`);
  }

  step('utenti: nessun pulsante Nuovo senza GES_UTENTI:CREAZIONE');
  await page.getByRole('navigation', { name: 'Menu principale' }).getByText('Utenti', { exact: true }).click();
  await expectPath(page, '/anagrafiche/utenti');
  await page.getByRole('heading', { name: 'Utenti' }).waitFor();
  await page.locator('table tbody tr').first().waitFor();
  if (await page.getByRole('button', { name: 'Nuovo' }).count()) throw new StepError("'Nuovo' shown without GES_UTENTI:CREAZIONE");

  step('rotta non consentita (/anagrafiche/posFisici) -> / -> atterraggio');
  const posCalls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/posfisici')) posCalls.push(r.url()); });
  await page.goto(`${base}/anagrafiche/posFisici`);
  await expectPath(page, BRANCH_LANDING);
  if (posCalls.length) throw new StepError(`the forbidden page called the API: ${posCalls.join(', ')}`);

  step('area business vietata a un utente banca -> /home -> atterraggio');
  await page.goto(`${base}/wpbusiness/home`);
  await expectPath(page, BRANCH_LANDING);

  step('Esci -> /login/banca; la sessione non vale più');
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPath(page, '/login/banca');
  await page.goto(`${base}/anagrafiche/anaBanca`);
  await expectPath(page, '/login/banca');
  await page.context().close();
}

export async function merchantScenario(browser: Browser, base: string, errors: string[]) {
  const page = await newPage(browser, errors);

  step('area business non autenticata -> /login/merchant');
  await page.goto(`${base}/wpbusiness/home`);
  await expectPath(page, '/login/merchant');

  step('accesso come merchant.0001234 -> home business');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/home');
  await page.getByText('WebPOS Business').first().waitFor();

  step('un esercente su una rotta classica torna alla home business');
  await page.goto(`${base}/anagrafiche/anaBanca`);
  await expectPath(page, '/wpbusiness/home');

  step('Esci -> /login/merchant');
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPath(page, '/login/merchant');
  await page.context().close();
}
