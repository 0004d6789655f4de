/**
 * The bank logo in the browser (seed 000 §5, §7): sede.30480 opens its bank, has no logo yet; a file over
 * 250 kB and a file name with a forbidden character are refused in the form with the seed's exact messages
 * (nothing is sent); a real PNG is uploaded and shown as a preview; the form then still saves (the upload
 * moved the row's version, and the form follows it instead of answering 412).
 */
import { expect, test } from './support/fixtures';
import { exactText, expectPath, submitLogin } from './support/steps';

const FORM = '/anagrafiche/anaBanca/formBanca/30480';
const TOO_BIG = "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 250kb";
const BAD_NAME = 'Il nome del file contiene caratteri non consentiti';
/** A 1x1 PNG, so the preview really renders. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('logo della banca: file troppo grande e nome non consentito rifiutati nel modulo, PNG caricato e mostrato, il modulo salva ancora', async ({ page }) => {
  const body = page.locator('body');
  const input = page.locator('input[type=file]').first();
  let uploads = 0;
  page.on('request', (r) => { if (r.method() === 'PUT' && r.url().endsWith('/banche/30480/logo')) uploads++; });

  await test.step('sede.30480 apre la propria banca: nessun logo', async () => {
    await page.goto(FORM);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, FORM);
    await expect(body).toContainText(exactText('Nessun file presente'));
  });

  await test.step("un file di 250 kB + 1 byte è rifiutato nel modulo con il messaggio del seed", async () => {
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(256001 - PNG.length)]) });
    await expect(body).toContainText(exactText(TOO_BIG));
  });

  await test.step("un nome con un carattere non consentito è rifiutato con il messaggio del seed", async () => {
    await input.setInputFiles({ name: 'logo banca.png', mimeType: 'image/png', buffer: PNG });
    await expect(body).toContainText(exactText(BAD_NAME));
    expect(uploads, 'refused files sent to the server').toBe(0);
  });

  await test.step("un PNG valido è caricato e mostrato in anteprima", async () => {
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('img', { name: 'Logo' });
    await expect(preview).toBeVisible();
    await expect(preview, 'the preview shows the uploaded 1x1 image').toHaveJSProperty('naturalWidth', 1);
    expect(uploads, 'uploads').toBe(1);
  });

  await test.step("dopo il caricamento il modulo salva ancora (la versione è quella nuova)", async () => {
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(body).toContainText(exactText('Salvataggio effettuato'));
    await expect(page.getByText('Salvataggio non effettuato'), 'the save after the upload was refused as a conflict').toHaveCount(0);
  });
});
