/**
 * Documents sent by mail in the business portal (seed 002 §7 "send contract by mail. Debit letters: ... send by
 * mail"; spec/documenti/operazioni-invio-mail.yaml; docs/spec-language.md#form-operations): merchant.0001234 opens
 * its contract, 'Invia per e-mail' starts from the merchant's e-mail, an invalid address gets seed 001 §5's 'Mail non
 * valida.' before sending, the question names the address, the answer is seed 001 §8's 'Mail inviata correttamente
 * a: ...', and the mail with the PDF reaches the SMTP server. The same for a debit letter on a 390 px phone, with no
 * sideways scroll. That nobody mails another merchant's document is tests/server/documenti-invio-mail.test.ts's.
 */
import { expect, test } from './support/fixtures';
import { captureMails } from './support/mail-capture';
import { expectPath, submitLogin } from './support/steps';

const { mailTo } = captureMails();

const MERCHANT_MAIL = 'amministrazione@barcentrale.example';

test("l'esercente invia il contratto per e-mail, a 1400 px", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/wpbusiness/documenti/contratto');
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await page.locator('table tbody tr', { hasText: '30480000012345' }).getByText('Contratto di convenzionamento POS').click();
  await expectPath(page, '/wpbusiness/documenti/contratto/dettaglio/c0000000-0000-4000-8000-000000001234');

  await test.step("parte dall'e-mail dell'esercente; un indirizzo non valido si dice prima di inviare", async () => {
    await page.getByRole('button', { name: 'Invia per e-mail' }).click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('E-mail del destinatario');
    await expect(email).toHaveValue(MERCHANT_MAIL);
    await email.fill('non-una-mail');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByText('Mail non valida.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('contratto-mail-1400.png'), fullPage: true });
    await email.fill('commercialista@studio.example');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByRole('status')).toHaveText("Inviare il contratto all'indirizzo commercialista@studio.example?");
    await dialog.getByRole('button', { name: 'Sì' }).click();
  });

  await test.step('il messaggio di successo e la mail con il PDF', async () => {
    await expect(page.getByText('Mail inviata correttamente a: commercialista@studio.example')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const mail = await mailTo('commercialista@studio.example');
    expect(mail.subject).toBe('Contratto n. 30480000012345');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['contratto-0001234.pdf']);
    expect(mail.attachments[0]?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test("l'esercente invia una lettera di addebito per e-mail, su un telefono da 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/wpbusiness/documenti/lettereAddebito/lettera/1a000000-0000-4000-8000-000000100209');
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/documenti/lettereAddebito/lettera/1a000000-0000-4000-8000-000000100209');
  await page.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('E-mail del destinatario')).toHaveValue(MERCHANT_MAIL);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Inviare la lettera di addebito all'indirizzo ${MERCHANT_MAIL}?`);
  await page.screenshot({ path: test.info().outputPath('lettera-mail-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await dialog.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByText(`Mail inviata correttamente a: ${MERCHANT_MAIL}`)).toBeVisible();
  const mail = await mailTo(MERCHANT_MAIL);
  expect(mail.attachments.map((a) => a.filename)).toEqual(['lettera-addebito-1002-2026-09.pdf']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
