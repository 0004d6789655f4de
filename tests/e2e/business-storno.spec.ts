/**
 * The business portal's refund and new users in the browser (issue 18; seed 002 §2 "refund and pre-authorisation
 * close modals", §4 "Refund flow", §8; seed 000 §2 accountConfirm, §4, §7 merchant/registrazione):
 * - merchant.0001234 refunds one of its movements with its password, at 1400 and at 390 px: the bank's modal and
 *   rules (spec/movimenti/movimento-esercente.yaml `states: inherit`), 'Attenzione: ' and the server's message on a
 *   refusal, 'Storno eseguito con successo' on success;
 * - a merchant registers from /login/merchant ('Registrati'): wrong data get the seed's one message, right data
 *   'Registrazione effettuata con successo'; the link of the mail that reaches the SMTP server (the outbox keeps it
 *   masked) confirms the account and shows the merchant's data; the same link again is invalid.
 */
import Database from 'better-sqlite3';
import { expect, test } from './support/fixtures';
import { captureMails } from './support/mail-capture';
import { expectPath, submitLogin } from './support/steps';

const mails = captureMails();

/** A movement of Bar Centrale's store 1001 written as the acquiring system would, dated today. */
function insertMovement(databaseFile: string, id: string): void {
  const db = new Database(databaseFile);
  try {
    const template = db.prepare("select * from transazione where cod_stab = '1001' limit 1").get();
    if (!template || typeof template !== 'object') throw new Error('no demo movement of store 1001');
    const row: Record<string, unknown> = { ...template, id, data_operazione: new Date().toISOString().slice(0, 10), importo: 35.4, esito: '01', cod_circuito: '01',
      flag_storno: 0, flag_preautorizzazione: 0, storno_richiesto: 0, stornato: 0, preaut_azione: null, stato: 'AP', dcc: 0 };
    const names = Object.keys(row);
    db.prepare(`insert into transazione (${names.join(', ')}) values (${names.map((n) => `@${n}`).join(', ')})`).run(row);
  } finally {
    db.close();
  }
}

test("merchant.0001234 storna un proprio movimento con la password, a 1400 e a 390 px", async ({ newPage, appDatabase }) => {
  const wide = 'E2EBIZSTORNO000000001';
  const phone = 'E2EBIZSTORNO000000002';
  insertMovement(appDatabase, wide);
  insertMovement(appDatabase, phone);
  const page = await newPage();
  const dialog = page.getByRole('dialog', { name: 'Storna' });
  await page.setViewportSize({ width: 1400, height: 900 });

  for (const [id, width] of [[wide, 1400], [phone, 390]] as const) {
    await test.step(`${width} px: la modale propone l'importo, rifiuta una password errata, poi storna`, async () => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/wpbusiness/statistiche/movimenti/movimento/${id}`);
      if (id === wide) {
        await expectPath(page, '/login/merchant');
        await submitLogin(page, 'merchant.0001234');
        await expectPath(page, `/wpbusiness/statistiche/movimenti/movimento/${id}`);
      }
      await expect(page.locator('[data-field="stato"]')).toHaveText('Approvata');
      await page.getByRole('button', { name: 'Storna', exact: true }).click();
      await expect(dialog.getByLabel('Importo da stornare')).toHaveValue('35,4');
      await dialog.getByLabel('Importo da stornare').fill('10');
      await dialog.getByLabel('Password').fill('Sbagliata-2026');
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Confermare lo storno di 10,00 euro?');
      await dialog.getByRole('button', { name: 'Sì' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Attenzione: Password non corretta');
      await page.screenshot({ path: test.info().outputPath(`storno-esercente-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await dialog.getByLabel('Password').fill('Demo-WebPos-2026');
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      const answered = page.waitForResponse((r) => r.url().endsWith(`/wpbusiness/movimenti/${id}/storna`) && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Sì' }).click();
      expect((await answered).status()).toBe(200);
      await expect(page.getByText('Storno eseguito con successo').first()).toBeVisible();
      await expect(page.locator('[data-field="stato"]')).toHaveText('Storno richiesto');
      await expect(page.getByRole('button', { name: 'Storna', exact: true })).toHaveCount(0);
    });
  }
});

test("un esercente si registra da /login/merchant e conferma l'utenza dal collegamento ricevuto", async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
  };
  const verdi = { 'Codice esercente (MID)': '0002345', 'Codice ABI della banca': '30480', 'Partita IVA o codice fiscale': '09876540155', "Ultime 4 cifre dell'IBAN": '5678', "E-mail dell'esercente": 'info@ferramentaverdi.example' };

  await test.step("dati errati: il messaggio della banca, qualunque campo sia sbagliato", async () => {
    await page.goto('/login/merchant');
    await page.getByRole('link', { name: 'Registrati' }).click();
    await expectPath(page, '/wpbusiness/registrazione');
    await fill({ ...verdi, "Ultime 4 cifre dell'IBAN": '1111' });
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.getByRole('alert')).toHaveText('I dati inseriti sono errati oppure non è associata alcuna mail. Si prega di contattare la propria banca.');
    await page.screenshot({ path: test.info().outputPath('registrazione-rifiuto-390.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await test.step("dati giusti: 'Registrazione effettuata con successo'", async () => {
    await fill(verdi);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.getByRole('status')).toContainText('Registrazione effettuata con successo');
  });

  const link = await test.step('il collegamento arriva per e-mail', async () => {
    let text = '';
    await expect.poll(() => {
      text = mails.messages().map((m) => m.text ?? '').find((t) => t.includes('accountConfirm#guid=')) ?? '';
      return text;
    }, { timeout: 15_000 }).not.toBe('');
    const match = /\/wpbusiness\/accountConfirm#guid=[A-Za-z0-9_-]+/.exec(text);
    if (!match) throw new Error('no link in the mail');
    return match[0];
  });

  await test.step("il collegamento conferma l'utenza e mostra i dati dell'esercente, a 390 e a 1400 px; usato di nuovo non è valido", async () => {
    await page.goto(link);
    await expect(page.getByRole('status')).toContainText('Utenza confermata');
    const data = page.getByRole('table', { name: "Dati dell'esercente" });
    await expect(data).toContainText('Ferramenta Verdi di Luigi Verdi');
    await expect(data).toContainText('0002345');
    await expect(data).toContainText('info@ferramentaverdi.example');
    await page.screenshot({ path: test.info().outputPath('conferma-390.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.screenshot({ path: test.info().outputPath('conferma-1400.png') });
    await page.goto('/wpbusiness/registrazione');
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('Il collegamento di conferma non è valido o è già stato usato');
  });
});
