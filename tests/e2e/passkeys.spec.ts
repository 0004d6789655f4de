/**
 * Passkeys in the browser (seed 000 §4 "Biometric login can be registered, used and deleted from settings";
 * seed 002 §4 refund re-authentication), with Chromium's virtual authenticator (CDP WebAuthn: ctap2, internal,
 * resident keys, user verification): a bank user and a merchant register from the settings, log out and log in
 * with the passkey; both refund a movement confirming with the passkey (the merchant in the business portal,
 * issue 18). An operator given MERCHANT_OP_STO_PRE without a passkey is offered the password only, and refunds
 * with it. The pages are opened at http://localhost:<port>: a passkey's relying party is a domain, and the
 * server's default is localhost.
 */
import Database from 'better-sqlite3';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const REGISTERED = 'Registrazione effettuata con successo';
const DISABLED = 'Disattivazione effettuata con successo';

/** A platform authenticator with user verification, as a phone or laptop with a fingerprint reader has. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

const credentialsOf = async (cdp: CDPSession, authenticatorId: string) => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

async function closeModal(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/** A movement of store 1001 dated today, as the acquiring system writes it (movimenti.spec.ts). */
function insertMovement(databaseFile: string, id: string): void {
  const db = new Database(databaseFile);
  try {
    const template = db.prepare("select * from transazione where cod_stab = '1001' limit 1").get();
    if (!template || typeof template !== 'object') throw new Error('no demo movement of store 1001');
    const row: Record<string, unknown> = { ...template, id, data_operazione: new Date().toISOString().slice(0, 10), importo: 48.9, esito: '01', cod_circuito: '01',
      flag_storno: 0, flag_preautorizzazione: 0, storno_richiesto: 0, stornato: 0, preaut_azione: null, stato: 'AP', dcc: 0 };
    const names = Object.keys(row);
    db.prepare(`insert into transazione (${names.join(', ')}) values (${names.map((n) => `@${n}`).join(', ')})`).run(row);
  } finally {
    db.close();
  }
}

test('sede.30480: passkey registrata dalle impostazioni, accesso con passkey, storno confermato con la passkey', async ({ page, appURL, appDatabase }) => {
  const local = appURL.replace('127.0.0.1', 'localhost');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  const movement = 'E2EPASSKEY000000000001';
  insertMovement(appDatabase, movement);

  await test.step("impostazioni: lo stato 2 e l'interruttore 'Accesso biometrico' registra la passkey", async () => {
    await page.goto(`${local}/impostazioni`);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/impostazioni');
    await expect(page.getByTestId('stato-biometrico')).toHaveText('Stato 2');
    const toggle = page.getByRole('switch', { name: 'Accesso biometrico' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await closeModal(page, REGISTERED);
    await expect(toggle).toBeChecked();
    expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);
    await page.screenshot({ path: test.info().outputPath('impostazioni-1400.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('impostazioni-390.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  await test.step("uscita, poi 'Accedi con passkey': la sessione di sede.30480", async () => {
    await page.getByRole('button', { name: 'Esci' }).click();
    await expectPath(page, '/login/banca');
    await page.getByLabel('Nome utente').fill('sede.30480');
    await page.screenshot({ path: test.info().outputPath('login-1400.png') });
    await page.getByRole('button', { name: 'Accedi con passkey' }).click();
    await expectPath(page, '/esercente/ricercaEsercente');
  });

  await test.step("storno: 'Conferma con passkey' al posto della password, poi 'Storno eseguito con successo'", async () => {
    await page.goto(`${local}/movimenti/search/movimento/${movement}`);
    await page.getByRole('button', { name: 'Storna', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Storna' });
    await dialog.getByLabel('Importo da stornare').fill('20,5');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the three buttons wrap inside the modal: none is cut off.
    for (const name of ['Annulla', 'Conferma con passkey', 'Conferma']) await expect(dialog.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('storno-passkey-390.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
    await dialog.getByRole('button', { name: 'Conferma con passkey' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Confermare lo storno di 20,50 euro?');
    await page.screenshot({ path: test.info().outputPath('storno-passkey-1400.png') });
    await dialog.getByRole('button', { name: 'Sì' }).click();
    await expect(page.getByText('Storno eseguito con successo').first()).toBeVisible();
    await expect(page.locator('[data-field="stato"]')).toHaveText('Storno richiesto');
  });

  await test.step("impostazioni: l'interruttore spento elimina la passkey, che non apre più la sessione", async () => {
    await page.goto(`${local}/impostazioni`);
    await page.getByRole('switch', { name: 'Accesso biometrico' }).click();
    await closeModal(page, DISABLED);
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.getByLabel('Nome utente').fill('sede.30480');
    await page.getByRole('button', { name: 'Accedi con passkey' }).click();
    const error = page.getByRole('dialog', { name: 'ERRORE AUTENTICATORE' });
    await expect(error).toContainText('Impossibile effettuare il riconoscimento biometrico: INVALID_CREDENTIALS');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('login-errore-390.png') });
  });
});

test('merchant.0001234: passkey dalle impostazioni del profilo business, accesso con passkey, storno confermato con la passkey', async ({ page, appURL, appDatabase }) => {
  const local = appURL.replace('127.0.0.1', 'localhost');
  const movement = 'E2EPASSKEY000000000002';
  insertMovement(appDatabase, movement);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${local}/wpbusiness/impostazioni`);
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/impostazioni');
  await page.getByRole('switch', { name: 'Accesso biometrico' }).click();
  await closeModal(page, REGISTERED);
  await page.screenshot({ path: test.info().outputPath('business-impostazioni-390.png') });
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPath(page, '/login/merchant');
  await page.getByLabel('Nome utente').fill('merchant.0001234');
  await page.getByRole('button', { name: 'Accedi con passkey' }).click();
  await expectPath(page, '/wpbusiness/home');

  await test.step("storno nel portale business: 'Conferma con passkey', la domanda con l'importo, poi 'Storno eseguito con successo'", async () => {
    await page.goto(`${local}/wpbusiness/statistiche/movimenti/movimento/${movement}`);
    await expect(page.locator('[data-field="stato"]')).toHaveText('Approvata');
    await page.getByRole('button', { name: 'Storna', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Storna' });
    await expect(dialog.getByLabel('Importo da stornare')).toHaveValue('48,9');
    await dialog.getByLabel('Importo da stornare').fill('12,3');
    for (const name of ['Annulla', 'Conferma con passkey', 'Conferma']) await expect(dialog.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('business-storno-passkey-390.png') });
    const [signCount] = (await credentialsOf(cdp, authenticatorId)).map((c) => c.signCount);
    await dialog.getByRole('button', { name: 'Conferma con passkey' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Confermare lo storno di 12,30 euro?');
    // The passkey's single-use proof is sent, not written into the Password input.
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    // The authenticator signed once more: the biometric confirmation, not the password, answers the question.
    expect((await credentialsOf(cdp, authenticatorId))[0].signCount).toBeGreaterThan(signCount);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.screenshot({ path: test.info().outputPath('business-storno-passkey-1400.png') });
    const answered = page.waitForResponse((r) => r.url().endsWith(`/wpbusiness/movimenti/${movement}/storna`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sì' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText('Storno eseguito con successo').first()).toBeVisible();
    await expect(page.locator('[data-field="stato"]')).toHaveText('Storno richiesto');
    await expect(page.getByRole('button', { name: 'Storna', exact: true })).toHaveCount(0);
  });
});

test("operatore.0001234 con MERCHANT_OP_STO_PRE e senza passkey: lo storno chiede la password, che conferma", async ({ page, appURL, appDatabase }) => {
  const local = appURL.replace('127.0.0.1', 'localhost');
  const movement = 'E2EPASSKEY000000000003';
  insertMovement(appDatabase, movement);
  // What the merchant's administrator gives with the user form's checkbox (utenti-merchant.spec.ts), before the operator signs in.
  const db = new Database(appDatabase);
  try {
    db.prepare("insert into utente_ruolo (username, role_name) values ('operatore.0001234', 'MERCHANT_OP_STO_PRE')").run();
  } finally {
    db.close();
  }
  // The device could sign, but the operator registered no passkey: the password is the only way.
  await virtualAuthenticator(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${local}/wpbusiness/statistiche/movimenti/movimento/${movement}`);
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'operatore.0001234');
  await expectPath(page, `/wpbusiness/statistiche/movimenti/movimento/${movement}`);
  await page.getByRole('button', { name: 'Storna', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Storna' });
  await expect(dialog.getByRole('button', { name: 'Conferma', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Conferma con passkey' })).toHaveCount(0);
  await dialog.getByLabel('Importo da stornare').fill('5');
  await dialog.getByLabel('Password').fill('Demo-WebPos-2026');
  await page.screenshot({ path: test.info().outputPath('business-storno-operatore-390.png') });
  await dialog.getByRole('button', { name: 'Conferma', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Confermare lo storno di 5,00 euro?');
  await dialog.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByText('Storno eseguito con successo').first()).toBeVisible();
  await expect(page.locator('[data-field="stato"]')).toHaveText('Storno richiesto');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: test.info().outputPath('business-storno-operatore-1400.png') });
});
