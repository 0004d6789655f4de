/**
 * The contracts' download sends a contract by mail (seed 002 §7 "send contract by mail";
 * spec/download/operazioni-download-contratti.yaml): sede.30480 opens a contract from /esercente/downloadContratti,
 * 'Invia per e-mail' starts from the merchant's e-mail, an invalid address gets seed 001 §5's 'Mail non valida.'
 * before sending, the question names the contract and the address, the answer is seed 001 §8's 'Mail inviata
 * correttamente a: ...', and the mail with the PDF reaches the SMTP server. At 1400 px and on a 390 px phone, with no
 * sideways scroll. The scope (another bank's contract: 404) is tests/server/download-contratti-invio-mail.test.ts's.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { captureMails } from './support/mail-capture';
import { expectPath, submitLogin } from './support/steps';

const { mailTo } = captureMails();

const CONTRATTI = '/esercente/downloadContratti';
const FERRAMENTA = 'c0000000-0000-4000-8000-000000002345';
const FERRAMENTA_MAIL = 'info@ferramentaverdi.example';


async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('la sede invia per e-mail un contratto scelto dal download contratti, a 1400 px', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(CONTRATTI);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, CONTRATTI);
  const row = page.locator('table tbody tr', { hasText: '30480000023456' });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.getByText('Contratto di convenzionamento POS').click();
  await expectPath(page, `${CONTRATTI}/contratto/${FERRAMENTA}`);

  await test.step("parte dall'e-mail dell'esercente; un indirizzo non valido si dice prima di inviare", async () => {
    await page.getByRole('button', { name: 'Invia per e-mail' }).click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('E-mail del destinatario');
    await expect(email).toHaveValue(FERRAMENTA_MAIL);
    await email.fill('non-una-mail');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByText('Mail non valida.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('download-contratto-mail-1400.png'), fullPage: true });
    expect(await blocking(page)).toEqual([]);
  });

  await test.step('la domanda nomina il contratto e l\'indirizzo; poi il messaggio di successo e la mail con il PDF', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail del destinatario').fill('commercialista.verdi@studio.example');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByRole('status')).toHaveText("Inviare il contratto n. 30480000023456 all'indirizzo commercialista.verdi@studio.example?");
    await page.screenshot({ path: test.info().outputPath('download-contratto-conferma-1400.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Sì' }).click();
    await expect(page.getByText('Mail inviata correttamente a: commercialista.verdi@studio.example')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const mail = await mailTo('commercialista.verdi@studio.example');
    expect(mail.subject).toBe('Contratto n. 30480000023456');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['contratto-0002345.pdf']);
    expect(mail.attachments[0]?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test('la sede invia il contratto all\'esercente da un telefono da 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${CONTRATTI}/contratto/${FERRAMENTA}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, `${CONTRATTI}/contratto/${FERRAMENTA}`);
  await page.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('E-mail del destinatario')).toHaveValue(FERRAMENTA_MAIL);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Inviare il contratto n. 30480000023456 all'indirizzo ${FERRAMENTA_MAIL}?`);
  await page.screenshot({ path: test.info().outputPath('download-contratto-mail-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await dialog.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByText(`Mail inviata correttamente a: ${FERRAMENTA_MAIL}`)).toBeVisible();
  const mail = await mailTo(FERRAMENTA_MAIL);
  expect(mail.attachments.map((a) => a.filename)).toEqual(['contratto-0002345.pdf']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
