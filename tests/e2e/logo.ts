/**
 * The bank logo in the browser (seed 000 §5, §7): sede.30480 opens its bank, has no logo yet; a file over
 * 250 kB and a file name with a forbidden character are refused in the form with the seed's exact messages
 * (nothing is sent); a real PNG is uploaded and shown as a preview; the form then still saves (the upload
 * moved the row's version, and the form follows it instead of answering 412).
 */
import type { Browser } from 'playwright-core';
import { expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin, waitForExactText } from './helpers';

const FORM = '/anagrafiche/anaBanca/formBanca/30480';
const TOO_BIG = "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 250kb";
const BAD_NAME = 'Il nome del file contiene caratteri non consentiti';
/** A 1x1 PNG, so the preview really renders. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function logoScenario(browser: Browser, base: string, errors: string[]) {
  step('sede.30480 apre la propria banca: nessun logo');
  const page = await newPage(browser, errors);
  await page.goto(`${base}${FORM}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, FORM);
  await waitForExactText(page, 'Nessun file presente');
  const input = page.locator('input[type=file]').first();

  step('un file di 250 kB + 1 byte e\' rifiutato nel modulo con il messaggio del seed');
  let count = 0;
  const uploads = () => count;
  page.on('request', (r) => { if (r.method() === 'PUT' && r.url().endsWith('/banche/30480/logo')) count++; });
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(256001 - PNG.length)]) });
  await waitForExactText(page, TOO_BIG);

  step('un nome con un carattere non consentito e\' rifiutato con il messaggio del seed');
  await input.setInputFiles({ name: 'logo banca.png', mimeType: 'image/png', buffer: PNG });
  await waitForExactText(page, BAD_NAME);
  if (uploads() !== 0) throw new StepError(`the form sent ${uploads()} refused file(s) to the server`);

  step('un PNG valido e\' caricato e mostrato in anteprima');
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: 'Logo' });
  await preview.waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForFunction(() => [...document.querySelectorAll('img')].some((i) => i.alt === 'Logo' && i.naturalWidth === 1), undefined, { timeout: STEP_TIMEOUT_MS });
  if (uploads() !== 1) throw new StepError(`expected one upload, saw ${uploads()}`);

  step('dopo il caricamento il modulo salva ancora (la versione e\' quella nuova)');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await waitForExactText(page, 'Salvataggio effettuato');
  if (await page.getByText('Salvataggio non effettuato').count()) throw new StepError('the save after the upload was refused as a conflict');
  await page.context().close();
}
