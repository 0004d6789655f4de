/**
 * Security screens in the browser (issue 3 §4): expired password (ERROR_016) -> change dialog -> login again;
 * the parent-group-15000 e-mail warning; role list, editor and clone; the admin password reset on the user
 * form and the mail outbox; the public reset page; the change-password page with its mismatch message.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin } from './helpers';

const NEW_PASSWORD = 'Nuova-Password-2026';
const MISMATCH = 'ATTENZIONE: le password inserite non corrispondono!';
const MAIL_SENT = "La nuova password e' stata inviata alla email dell'utente";

async function closeModal(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function fillPasswords(scope: Page | ReturnType<Page['getByRole']>, old: string, next: string, confirm: string) {
  await scope.getByLabel('Password attuale').fill(old);
  await scope.getByLabel('Nuova password', { exact: true }).fill(next);
  await scope.getByLabel('Conferma nuova password').fill(confirm);
}

export async function securityScenario(browser: Browser, base: string, errors: string[]) {
  let page = await newPage(browser, errors);

  step('password scaduta (scaduto): si apre il cambio password');
  await page.goto(`${base}/login/banca`);
  await submitLogin(page, 'scaduto');
  const expired = page.getByRole('dialog', { name: 'Password scaduta' });
  await fillPasswords(expired, DEMO_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await expired.getByRole('button', { name: 'Cambia password' }).click();
  await expired.getByText(MISMATCH).waitFor();
  await expired.getByLabel('Conferma nuova password').fill(NEW_PASSWORD);
  await expired.getByRole('button', { name: 'Cambia password' }).click();
  await closeModal(page, 'Password modificata correttamente');

  step('nuovo accesso con la nuova password: atterraggio sui sospesi della banca');
  await submitLogin(page, 'scaduto', NEW_PASSWORD);
  await expectPath(page, '/richieste/sospesi/banca');
  await page.context().close();

  step('sede.60855 (gruppo padre 15000, senza e-mail): solo un avviso');
  page = await newPage(browser, errors);
  await page.goto(`${base}/login/banca`);
  await submitLogin(page, 'sede.60855');
  await page.getByText("deve essere inserito nel sistema di sicurezza della banca").waitFor();
  if (await page.getByRole('dialog').count()) throw new StepError('a modal asks the e-mail of a parent-group-15000 user');
  await page.context().close();

  step('assistenza: elenco ruoli del gruppo 11000 e apertura di BANCA_FILIALE');
  page = await newPage(browser, errors);
  await page.goto(`${base}/security/ruoli?gruppo=11000`);
  await submitLogin(page, 'assistenza');
  await expectPath(page, '/security/ruoli');
  await page.getByRole('cell', { name: 'BANCA_FILIALE', exact: true }).click();
  await expectPath(page, '/security/ruoli/ruolo/11000/BANCA_FILIALE');
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[aria-label="ANAG_BANCHE:VISUALIZZAZIONE"]')?.checked === true);
  if (await page.getByRole('checkbox', { name: 'ANAG_POSFISICI:VISUALIZZAZIONE' }).isChecked()) throw new StepError('unexpected grant shown');

  step('Clona in BANCA_FILIALE_COPIA');
  await page.getByRole('button', { name: 'Clona' }).click();
  const clone = page.getByRole('dialog');
  await clone.getByLabel('Nome del nuovo ruolo').fill('BANCA_FILIALE_COPIA');
  await clone.getByRole('button', { name: 'Clona' }).click();
  await expectPath(page, '/security/ruoli/ruolo/11000/BANCA_FILIALE_COPIA');
  await page.getByRole('heading', { name: 'Ruolo BANCA_FILIALE_COPIA' }).waitFor();
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[aria-label="ANAG_BANCHE:VISUALIZZAZIONE"]')?.checked === true);

  step('scheda utente sede.30480: Reimposta password, poi la mail in uscita');
  await page.goto(`${base}/utente/sede.30480`);
  await page.getByRole('button', { name: 'Reimposta password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await closeModal(page, MAIL_SENT);
  await page.goto(`${base}/security/mailoutbox`);
  await page.locator('table tbody tr', { hasText: 'sede.30480@bcc-esempio.example' }).first().waitFor();
  await page.context().close();

  step('pagina pubblica /resetPassword');
  page = await newPage(browser, errors);
  await page.goto(`${base}/login/banca`);
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expectPath(page, '/resetPassword');
  // The page is a lazily loaded chunk: type only once it has settled, and check what was typed.
  await page.getByRole('heading', { name: 'Recupero password' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Username').fill('federazione');
  await page.getByLabel('E-mail').fill('federazione@federazione.example');
  if ((await page.getByLabel('Username').inputValue()) !== 'federazione') throw new Error('the reset form lost the username typed into it');
  await page.getByRole('button', { name: 'Invia' }).click();
  await closeModal(page, MAIL_SENT);
  await expectPath(page, '/login/banca');

  step('cambio password da menu (agente.push): messaggio di non corrispondenza, poi cambio e nuovo accesso');
  await submitLogin(page, 'agente.push');
  // No landing page for a push agent (no RIC_SOSPESI_BANCHE, no ANAG_ESERCENTE): the welcome text stays.
  await expectPath(page, '/home');
  await page.getByRole('heading', { name: 'Benvenuto' }).waitFor();
  await page.goto(`${base}/security/cambioPassword`);
  await page.getByRole('heading', { name: 'Cambio password' }).waitFor();
  await fillPasswords(page, DEMO_PASSWORD, NEW_PASSWORD, 'altro');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await page.getByText(MISMATCH).waitFor();
  await page.getByLabel('Conferma nuova password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await closeModal(page, 'Password modificata correttamente');
  await expectPath(page, '/login/banca');
  await page.context().close();
}
