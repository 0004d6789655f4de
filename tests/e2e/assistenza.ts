/**
 * The assistance back-office in the browser (seed 000 §8): deleting a municipality first shows the
 * irreversible-operation warning; "No" keeps it, "Sì" deletes it and shows 'Comune eliminato correttamente'.
 * Then a promotion's banks move between the associated and the available list: the promotion is marked
 * "modificata" until it is saved with 'Promozione salvata correttamente'.
 */
import type { Browser, Page } from 'playwright-core';
import { expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin } from './helpers';

const COMUNE = '/assistenze/backOffice/comuni/comune/004003';
const WARNING = "Il comune sara' eliminato definitivamente: l'operazione non e' reversibile. Procedere?";
const DELETED = 'Comune eliminato correttamente';
const PROMO = '/assistenze/backOffice/promozioni/promozione/PROMO_SMARTPOS_2026';

async function comuneShown(page: Page) {
  await page.getByRole('heading', { name: 'Modifica Comune 004003' }).waitFor();
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#root_comune')?.value === 'Alba', undefined, { timeout: STEP_TIMEOUT_MS });
}

export async function assistenzaScenario(browser: Browser, base: string, errors: string[]) {
  step('assistenza apre il comune di Alba');
  const page = await newPage(browser, errors);
  await page.goto(`${base}${COMUNE}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, COMUNE);
  await comuneShown(page);

  step("Elimina: l'avviso di operazione irreversibile, No non elimina");
  const remove = page.getByRole('button', { name: 'Elimina', exact: true });
  await remove.click();
  let dialog = page.getByRole('dialog').filter({ hasText: WARNING });
  await dialog.waitFor();
  await dialog.getByText('Operazione irreversibile').waitFor();
  await dialog.getByRole('button', { name: 'No' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await comuneShown(page);

  step(`Elimina, Sì: "${DELETED}" e il comune non è più nell'elenco`);
  const answered = page.waitForResponse((r) => r.url().endsWith('/assistenza/comuni/004003') && r.request().method() === 'DELETE', { timeout: STEP_TIMEOUT_MS });
  await remove.click();
  dialog = page.getByRole('dialog').filter({ hasText: WARNING });
  await dialog.getByRole('button', { name: 'Sì' }).click();
  if ((await answered).status() !== 204) throw new StepError(`delete answered ${(await answered).status()}`);
  await page.getByText(DELETED).first().waitFor();
  await page.goto(`${base}/assistenze/backOffice/comuni`);
  await page.getByRole('heading', { name: 'Comuni' }).waitFor();
  await page.locator('table tbody tr', { hasText: 'Milano' }).waitFor();
  if (await page.locator('table tbody tr', { hasText: 'Alba' }).count()) throw new StepError('Alba still listed after the delete');

  step('promozione: spostare una banca la segna "modificata", salvare la salva');
  await page.goto(`${base}${PROMO}`);
  await page.getByRole('heading', { name: 'Modifica Promozione PROMO_SMARTPOS_2026' }).waitFor();
  const chosen = page.getByTestId('transfer-chosen');
  const available = page.getByTestId('transfer-available');
  await chosen.getByText('30480', { exact: false }).waitFor();
  await available.getByText('34256', { exact: false }).waitFor();
  if (await page.getByTestId('transfer-modified').count()) throw new StepError("'modificata' shown before any change");
  await available.getByLabel(/^34256/).check();
  await page.getByRole('button', { name: /Associa/ }).click();
  await chosen.getByText('34256', { exact: false }).waitFor();
  await page.getByTestId('transfer-modified').waitFor();
  const saved = page.waitForResponse((r) => r.url().endsWith('/assistenza/promozioni/PROMO_SMARTPOS_2026') && r.request().method() === 'PUT', { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  if ((await saved).status() !== 200) throw new StepError(`save answered ${(await saved).status()}`);
  await page.getByText('Promozione salvata correttamente').first().waitFor();
  await page.getByTestId('transfer-modified').waitFor({ state: 'detached' });
  await page.context().close();
}
