/**
 * Notifications in the browser (seed 000 §2 "notification (no keyboard close, optional do-not-show-again)...
 * Notifications show one after another"): sede.30480, assigned to bank 30480's two demo notifications, logs
 * in and sees the first; Escape and a click outside do not close it; with "Non mostrare piu'" ticked it is
 * closed and the second follows. The history popup counts both. After logging in again only the second
 * appears; on /anagrafiche/notificautenti the user removes his assignment, so no other scenario meets the modal.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin } from './helpers';

const API = '/webpos/api/v1';
const FIRST = 'Manutenzione programmata';
const SECOND = 'Nuovo listino POS';

async function asAssistenza(base: string, method: string, path: string, body?: unknown) {
  const login = await fetch(`${base}${API}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'assistenza', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = await login.json() as { access_token: string };
  const res = await fetch(`${base}${API}/${path}`, {
    method, headers: { 'Content-Type': 'application/json', 'X-AuthToken': token }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new StepError(`${method} ${path}: ${res.status} ${await res.text()}`);
}

async function loginAsSede(browser: Browser, base: string, errors: string[]): Promise<Page> {
  const page = await newPage(browser, errors);
  await page.goto(`${base}/login/banca`);
  await submitLogin(page, 'sede.30480');
  return page;
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

export async function notificheScenario(browser: Browser, base: string, errors: string[]) {
  step("l'assistenza assegna sede.30480 alle notifiche della banca 30480");
  await asAssistenza(base, 'POST', 'usersnotification', { userId: 'sede.30480', abi: '30480' });

  step('sede.30480 accede: la prima notifica, Esc e un clic fuori non la chiudono');
  let page = await loginAsSede(browser, base, errors);
  const first = dialog(page, `${FIRST} (1 di 2)`);
  await first.waitFor();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 400);
  await page.waitForTimeout(500);
  if (!(await first.isVisible())) throw new StepError('the notification closed without Chiudi');

  step("spunta 'Non mostrare piu'' e chiude: segue la seconda");
  await first.getByLabel("Non mostrare piu'").check();
  await first.getByRole('button', { name: 'Chiudi' }).click();
  const second = dialog(page, `${SECOND} (2 di 2)`);
  await second.waitFor();
  await second.getByText('Allegato: listino-pos.pdf (versione 1.0)').waitFor();
  await second.getByRole('button', { name: 'Chiudi' }).click();
  await second.waitFor({ state: 'detached' });

  step('lo storico delle notifiche le mostra entrambe');
  await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
  const history = dialog(page, 'Storico notifiche');
  await history.getByText('Totale: 2', { exact: true }).waitFor();
  await history.getByRole('cell', { name: FIRST }).waitFor();
  await page.keyboard.press('Escape');
  await history.waitFor({ state: 'detached' });
  await page.context().close();

  step('nuovo accesso: solo la seconda');
  page = await loginAsSede(browser, base, errors);
  const again = dialog(page, SECOND);
  await again.waitFor();
  await page.waitForTimeout(300);
  if (await page.getByRole('dialog', { name: new RegExp(FIRST) }).count()) throw new StepError('the dismissed notification came back');
  await again.getByRole('button', { name: 'Chiudi' }).click();
  await again.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });

  step("Notifiche utenti: sede.30480 si toglie l'assegnazione e legge il messaggio");
  await page.goto(`${base}/anagrafiche/notificautenti`);
  const row = page.locator('table tbody tr', { hasText: 'sede.30480' });
  await row.waitFor();
  await row.getByRole('button', { name: 'Rimuovi' }).click();
  await page.getByText('Assegnazione delle notifiche rimossa con successo', { exact: true }).waitFor();
  await row.waitFor({ state: 'detached' });
  await page.context().close();
}
