/**
 * Notifications in the browser (seed 000 §2 "notification (no keyboard close, optional do-not-show-again)...
 * Notifications show one after another"): sede.30480, assigned to bank 30480's two demo notifications, logs
 * in and sees the first; Escape and a click outside do not close it; with "Non mostrare più" ticked it is
 * closed and the second follows. The history popup counts both. After logging in again only the second
 * appears; on /anagrafiche/notificautenti the user removes his assignment.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, submitLogin } from './support/steps';

const API = '/webpos/api/v1';
const FIRST = 'Manutenzione programmata';
const SECOND = 'Nuovo listino POS';

async function asAssistenza(baseURL: string, method: string, path: string, body?: unknown) {
  const login = await fetch(`${baseURL}${API}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'assistenza', password: DEMO_PASSWORD }),
  });
  const { access_token: token }: { access_token: string } = await login.json();
  const res = await fetch(`${baseURL}${API}/${path}`, {
    method, headers: { 'Content-Type': 'application/json', 'X-AuthToken': token }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${answer}`).toBe(true);
}

async function loginAsSede(page: Page) {
  await page.goto('/login/banca');
  await submitLogin(page, 'sede.30480');
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

test("notifiche: una dopo l'altra, non si chiudono da tastiera, 'Non mostrare piu'' vale anche al nuovo accesso", async ({ page, newPage, appURL }) => {
  await test.step("l'assistenza assegna sede.30480 alle notifiche della banca 30480", async () => {
    await asAssistenza(appURL, 'POST', 'usersnotification', { userId: 'sede.30480', abi: '30480' });
  });

  await test.step('sede.30480 accede: la prima notifica, Esc e un clic fuori non la chiudono', async () => {
    await loginAsSede(page);
    const first = dialog(page, `${FIRST} (1 di 2)`);
    await expect(first).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);
    // What must not happen needs time to happen: the close animation would be over by then.
    await page.waitForTimeout(500);
    await expect(first, 'the notification closed without Chiudi').toBeVisible();
  });

  await test.step("spunta 'Non mostrare piu'' e chiude: segue la seconda", async () => {
    const first = dialog(page, `${FIRST} (1 di 2)`);
    await first.getByLabel("Non mostrare più").check();
    await first.getByRole('button', { name: 'Chiudi' }).click();
    const second = dialog(page, `${SECOND} (2 di 2)`);
    await expect(second).toBeVisible();
    await expect(second.getByText('Allegato: listino-pos.pdf (versione 1.0)')).toBeVisible();
    await second.getByRole('button', { name: 'Chiudi' }).click();
    await expect(second).toHaveCount(0);
  });

  await test.step('lo storico delle notifiche le mostra entrambe', async () => {
    await page.getByRole('button', { name: 'Notifiche', exact: true }).click();
    const history = dialog(page, 'Storico notifiche');
    await expect(history.getByText('Totale: 2', { exact: true })).toBeVisible();
    await expect(history.getByRole('cell', { name: FIRST })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toHaveCount(0);
  });

  const again = await newPage();
  await test.step('nuovo accesso: solo la seconda', async () => {
    await loginAsSede(again);
    const second = dialog(again, SECOND);
    await expect(second).toBeVisible();
    // The notifications come one after another: the first, had it come back, would be on screen before the second.
    await expect(again.getByRole('dialog', { name: new RegExp(FIRST) }), 'the dismissed notification came back').toHaveCount(0);
    await second.getByRole('button', { name: 'Chiudi' }).click();
    await expect(second).toHaveCount(0);
  });

  await test.step("Notifiche utenti: sede.30480 si toglie l'assegnazione e legge il messaggio", async () => {
    await again.goto('/anagrafiche/notificautenti');
    const row = again.locator('table tbody tr', { hasText: 'sede.30480' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Rimuovi' }).click();
    const ask = dialog(again, 'Conferma rimozione');
    await expect(ask).toContainText("L'utente sede.30480 smetterà di ricevere le notifiche della banca 30480. Rimuovere l'assegnazione?");
    await ask.getByRole('button', { name: 'Rimuovi' }).click();
    await expect(again.getByText('Assegnazione delle notifiche rimossa con successo', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
