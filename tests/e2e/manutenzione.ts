/**
 * Maintenance tickets in the browser (seed 000 §4, §7, §8): sede.30480 sees the pending-requests badge in the
 * header, opens the suspended ticket TK-0001, reads the question in the thread, replies and reads
 * 'Risposta inviata correttamente'; on the closed ticket TK-0002 the reply form is not offered.
 */
import type { Browser, Page } from 'playwright-core';
import { expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin } from './helpers';

const SENT = 'Risposta inviata correttamente';
const ticketPath = (n: string) => `/anagrafiche/searchManutenzione/ticket/${n}`;

/** The ticket form has loaded its row (the key field holds the ticket number). */
async function ticketShown(page: Page, numero: string) {
  await page.waitForFunction((n) => document.querySelector<HTMLInputElement>('#root_numeroTicket')?.value === n, numero, { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Messaggi', exact: true }).waitFor();
}

export async function manutenzioneScenario(browser: Browser, base: string, errors: string[]) {
  step('sede.30480 apre il ticket sospeso TK-0001');
  const page = await newPage(browser, errors);
  await page.goto(`${base}${ticketPath('TK-0001')}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, ticketPath('TK-0001'));
  await ticketShown(page, 'TK-0001');

  step("l'indicatore delle richieste sospese nell'intestazione: 2");
  const badge = page.getByTestId('indicatore-indicatoreSospesiBanca');
  await badge.waitFor({ timeout: STEP_TIMEOUT_MS });
  if ((await badge.textContent())?.trim() !== '2') throw new StepError(`badge shows '${await badge.textContent()}', expected 2`);

  step("Messaggi: la domanda dell'assistenza");
  await page.getByRole('button', { name: 'Messaggi', exact: true }).click();
  let dialog = page.getByRole('dialog').filter({ hasText: 'Messaggi del ticket TK-0001' });
  await dialog.getByText("Confermare l'indirizzo di installazione del terminale").first().waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  step(`Rispondi: invia la risposta e legge "${SENT}"`);
  await page.getByRole('button', { name: 'Rispondi', exact: true }).click();
  dialog = page.getByRole('dialog').filter({ hasText: "Risposta all'assistenza" });
  await dialog.getByLabel('Risposta').fill("L'indirizzo e' Via Roma 1, Trento");
  const answered = page.waitForResponse((r) => r.url().endsWith('/manutenzioni/risposta') && r.request().method() === 'POST', { timeout: STEP_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Invia risposta' }).click();
  if ((await answered).status() !== 200) throw new StepError(`insertRisposta answered ${(await answered).status()}`);
  await page.getByText(SENT).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  if (await page.getByRole('button', { name: 'Rispondi', exact: true }).count()) throw new StepError("'Rispondi' still offered after the reply");

  step('il ticket chiuso TK-0002 non offre la risposta');
  await page.goto(`${base}${ticketPath('TK-0002')}`);
  await ticketShown(page, 'TK-0002');
  if (await page.getByRole('button', { name: 'Rispondi', exact: true }).count()) throw new StepError("'Rispondi' offered on a closed ticket");
  await page.context().close();
}
