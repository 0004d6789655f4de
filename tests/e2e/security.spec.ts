/**
 * Security screens in the browser (issue 3 §4): expired password (ERROR_016) -> change dialog -> login again;
 * the parent-group-15000 e-mail warning; role list, editor and clone; the admin password reset on the user
 * form and the mail outbox; the public reset page; the change-password page with its mismatch message.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, expectPath, submitLogin } from './support/steps';

const NEW_PASSWORD = 'Nuova-Password-2026';
const MISMATCH = 'ATTENZIONE: le password inserite non corrispondono!';
const MAIL_SENT = "La nuova password e' stata inviata alla email dell'utente";

async function closeModal(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

async function fillPasswords(scope: Page | Locator, old: string, next: string, confirm: string) {
  await scope.getByLabel('Password attuale').fill(old);
  await scope.getByLabel('Nuova password', { exact: true }).fill(next);
  await scope.getByLabel('Conferma nuova password').fill(confirm);
}

/** The grant checkbox of the role editor, by its function and action. */
const grant = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

test('password scaduta: il cambio password, poi il nuovo accesso', async ({ page }) => {
  await test.step('password scaduta (scaduto): si apre il cambio password', async () => {
    await page.goto('/login/banca');
    await submitLogin(page, 'scaduto');
    const expired = page.getByRole('dialog', { name: 'Password scaduta' });
    await fillPasswords(expired, DEMO_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await expired.getByRole('button', { name: 'Cambia password' }).click();
    await expect(expired.getByText(MISMATCH)).toBeVisible();
    await expired.getByLabel('Conferma nuova password').fill(NEW_PASSWORD);
    await expired.getByRole('button', { name: 'Cambia password' }).click();
    await closeModal(page, 'Password modificata correttamente');
  });

  await test.step('nuovo accesso con la nuova password: atterraggio sulla ricerca esercenti', async () => {
    await submitLogin(page, 'scaduto', NEW_PASSWORD);
    await expectPath(page, '/esercente/ricercaEsercente');
  });
});

test("accesso non riuscito per un guasto del server: 'Errore di sistema - contattare l'amministratore' (seed 002 §8)", async ({ page }) => {
  // The login call fails with a server error (not a 401, not the expiry code): the seed's system message.
  await page.route('**/authorization/auth?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","errorMessage":"Servizio non disponibile"}' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login/banca');
  await submitLogin(page, 'sede.30480');
  await closeModal(page, "Errore di sistema - contattare l'amministratore");
  await expectPath(page, '/login/banca');
});

test('sede.60855 (gruppo padre 15000, senza e-mail): solo un avviso', async ({ page }) => {
  await page.goto('/login/banca');
  await submitLogin(page, 'sede.60855');
  await expect(page.getByText('deve essere inserito nel sistema di sicurezza della banca')).toBeVisible();
  await expect(page.getByRole('dialog'), 'a modal asks the e-mail of a parent-group-15000 user').toHaveCount(0);
});

test('assistenza: elenco ruoli del gruppo 11000, apertura di BANCA_FILIALE e clone', async ({ page }) => {
  await test.step('assistenza: elenco ruoli del gruppo 11000 e apertura di BANCA_FILIALE', async () => {
    await page.goto('/security/ruoli?gruppo=11000');
    await submitLogin(page, 'assistenza');
    await expectPath(page, '/security/ruoli');
    await page.getByRole('cell', { name: 'BANCA_FILIALE', exact: true }).click();
    await expectPath(page, '/security/ruoli/ruolo/11000/BANCA_FILIALE');
    await expect(grant(page, 'Anagrafica banche: Visualizzazione')).toBeChecked();
    await expect(grant(page, 'Anagrafica POS fisici: Visualizzazione'), 'a grant the role does not have').not.toBeChecked();
  });

  await test.step("Salva e Annulla restano in vista mentre la tabella dei permessi scorre (barra fissa in basso)", async () => {
    const bar = page.getByRole('group', { name: 'Azioni del ruolo' });
    await expect(bar.getByRole('button', { name: 'Salva' })).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Annulla' })).toBeInViewport();
    await page.mouse.wheel(0, 600);
    await expect(bar.getByRole('button', { name: 'Salva' })).toBeInViewport();
  });

  await test.step('Clona in BANCA_FILIALE_COPIA', async () => {
    await page.getByRole('button', { name: 'Clona' }).click();
    const clone = page.getByRole('dialog');
    await clone.getByLabel('Nome del nuovo ruolo').fill('BANCA_FILIALE_COPIA');
    await clone.getByRole('button', { name: 'Clona' }).click();
    await expectPath(page, '/security/ruoli/ruolo/11000/BANCA_FILIALE_COPIA');
    await expect(page.getByRole('heading', { name: 'Ruolo BANCA_FILIALE_COPIA' })).toBeVisible();
    await expect(grant(page, 'Anagrafica banche: Visualizzazione')).toBeChecked();
  });
});

test('scheda utente sede.30480: Reimposta password, poi la mail in uscita', async ({ page }) => {
  await page.goto('/utente/sede.30480');
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, '/utente/sede.30480');
  await page.getByRole('button', { name: 'Reimposta password' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await closeModal(page, MAIL_SENT);
  await page.goto('/security/mailoutbox');
  await expect(page.locator('table tbody tr', { hasText: 'sede.30480@bcc-esempio.example' }).first()).toBeVisible();
});

test('pagina pubblica /resetPassword', async ({ page }) => {
  await page.goto('/login/banca');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expectPath(page, '/resetPassword');
  // The page is a lazily loaded chunk: type only once it has settled, and check what was typed.
  await expect(page.getByRole('heading', { name: 'Recupero password' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Nome utente').fill('federazione');
  await page.getByLabel('E-mail').fill('federazione@federazione.example');
  await expect(page.getByLabel('Nome utente'), 'the reset form kept the username typed into it').toHaveValue('federazione');
  await page.getByRole('button', { name: 'Invia' }).click();
  await closeModal(page, MAIL_SENT);
  await expectPath(page, '/login/banca');
});

test('cambio password da menu (agente.push): messaggio di non corrispondenza, poi cambio e nuovo accesso', async ({ page }) => {
  await page.goto('/login/banca');
  await submitLogin(page, 'agente.push');
  // A push agent maintains the push aggregate's merchants (ANAG_ESERCENTE): it lands on the merchant search (seed 001 §2).
  await expectPath(page, '/esercente/ricercaEsercente');
  await expect(page.getByRole('heading', { level: 1, name: 'Ricerca esercente' })).toBeVisible();
  await page.goto('/security/cambioPassword');
  await expect(page.getByRole('heading', { name: 'Cambio password' })).toBeVisible();
  await fillPasswords(page, DEMO_PASSWORD, NEW_PASSWORD, 'altro');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await expect(page.getByText(MISMATCH)).toBeVisible();
  await page.getByLabel('Conferma nuova password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await closeModal(page, 'Password modificata correttamente');
  await expectPath(page, '/login/banca');
});
