/**
 * The warehouse in the browser (seed 000 §4, issue 5 item 1): the pending movement of bank 60855 (stock managed
 * by the federation, group 15000) offers no action to sede.60855, a user of another group with the same grants;
 * federazione, of the owning group, accepts it after the spec's confirmation, reads 'Movimento aggiornato con
 * successo', sees it accepted and the stock of model 101 go from 4 to 6. sede.30480 rejects its own pending
 * movement: the reason is asked (and required) in a modal, then shown on the rejected movement.
 */
import type { Browser, Page } from 'playwright-core';
import { expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin } from './helpers';

const MOVEMENT = '/magazzino/movimenti/movimento/mov-60855-0001';
const CONFIRM = "Accettare il movimento? La giacenza del modello sara' variata.";
const UPDATED = 'Movimento aggiornato con successo';

/** The movement form has loaded its row (the disabled key field holds the id). */
async function movementShown(page: Page) {
  await page.getByRole('heading', { name: 'Modifica Movimento di magazzino mov-60855-0001' }).waitFor();
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#root_id')?.value === 'mov-60855-0001', undefined, { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: "Torna all'elenco" }).waitFor();
}

/** The stock of model 101 at bank 60855 as the stock list shows it. */
async function stockOf101(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/magazzino/giacenze`);
  await page.getByRole('heading', { name: 'Giacenze di magazzino' }).waitFor();
  const row = page.locator('table tbody tr', { hasText: '60855' }).filter({ has: page.getByRole('cell', { name: '101', exact: true }) });
  await row.waitFor({ timeout: STEP_TIMEOUT_MS });
  return (await row.locator('td').nth(2).textContent())?.trim() ?? '';
}

export async function warehouseScenario(browser: Browser, base: string, errors: string[]) {
  step('sede.60855 (altro gruppo, stessi permessi) apre il movimento in attesa di 60855: nessuna azione');
  let page = await newPage(browser, errors);
  await page.goto(`${base}${MOVEMENT}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.60855');
  await expectPath(page, MOVEMENT);
  await movementShown(page);
  for (const action of ['Accetta', 'Rifiuta', 'Salva']) {
    if (await page.getByRole('button', { name: action, exact: true }).count()) throw new StepError(`'${action}' shown to sede.60855, not of the group that owns the stock`);
  }
  await page.context().close();

  step('federazione (gruppo che gestisce il magazzino di 60855): giacenza del modello 101 prima');
  page = await newPage(browser, errors);
  await page.goto(`${base}/magazzino/giacenze`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'federazione');
  await expectPath(page, '/magazzino/giacenze');
  const before = await stockOf101(page, base);
  if (before !== '4') throw new StepError(`stock of 60855/101 before: expected 4, the list shows '${before}'`);

  step('apre il movimento in attesa: Accetta e Rifiuta');
  await page.goto(`${base}${MOVEMENT}`);
  await movementShown(page);
  const accept = page.getByRole('button', { name: 'Accetta', exact: true });
  await accept.waitFor();
  await page.getByRole('button', { name: 'Rifiuta', exact: true }).waitFor();

  step('Accetta: la conferma della specifica, No non cambia nulla');
  await accept.click();
  let dialog = page.getByRole('dialog').filter({ hasText: CONFIRM });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'No' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await accept.waitFor();

  step(`Accetta, Sì: "${UPDATED}", il movimento non offre più azioni`);
  const answered = page.waitForResponse((r) => r.url().endsWith('/magazzino/movimenti/mov-60855-0001/accetta') && r.request().method() === 'POST', { timeout: STEP_TIMEOUT_MS });
  await accept.click();
  dialog = page.getByRole('dialog').filter({ hasText: CONFIRM });
  await dialog.getByRole('button', { name: 'Sì' }).click();
  if ((await answered).status() !== 200) throw new StepError(`accetta answered ${(await answered).status()}`);
  await page.getByText(UPDATED).first().waitFor();
  await movementShown(page);
  await page.getByRole('button', { name: 'Accetta', exact: true }).waitFor({ state: 'detached' });
  if (await page.getByRole('button', { name: 'Rifiuta', exact: true }).count()) throw new StepError("'Rifiuta' still offered on an accepted movement");

  step("nell'elenco dei movimenti risulta Accettato");
  await page.getByRole('button', { name: "Torna all'elenco" }).click();
  await expectPath(page, '/magazzino/movimenti');
  await page.locator('table tbody tr', { hasText: 'Accettato' }).first().waitFor();
  if (await page.locator('table tbody tr', { hasText: 'In attesa' }).count()) throw new StepError('a movement of 60855 is still pending in the list');

  step('la giacenza del modello 101 è passata da 4 a 6');
  const after = await stockOf101(page, base);
  if (after !== '6') throw new StepError(`stock of 60855/101 after the acceptance: expected 6, the list shows '${after}'`);
  await page.context().close();

  await rejectionScenario(browser, base, errors);
}

const REJECTED = '/magazzino/movimenti/movimento/mov-30480-0002';
const REASON = "Quantita' diversa dalla bolla di consegna";

/** Rifiuta asks its reason (the transition's input): required before sending, then kept on the movement. */
async function rejectionScenario(browser: Browser, base: string, errors: string[]) {
  step('sede.30480 apre il proprio movimento in attesa e sceglie Rifiuta: si chiede il motivo');
  const page = await newPage(browser, errors);
  await page.goto(`${base}${REJECTED}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, REJECTED);
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#root_id')?.value === 'mov-30480-0002', undefined, { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Rifiuta', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Motivo del rifiuto' });
  await dialog.waitFor();

  step("Conferma senza motivo: 'Indicare il motivo del rifiuto', nessuna chiamata");
  let posted = false;
  page.on('request', (r) => { if (r.url().endsWith('/mov-30480-0002/rifiuta')) posted = true; });
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await dialog.getByText('Indicare il motivo del rifiuto').waitFor();
  if (posted) throw new StepError('the rejection was sent without its reason');

  step(`con il motivo: "${UPDATED}" e il motivo resta sul movimento`);
  await dialog.getByLabel('Motivo del rifiuto').fill(REASON);
  const answered = page.waitForResponse((r) => r.url().endsWith('/mov-30480-0002/rifiuta') && r.request().method() === 'POST', { timeout: STEP_TIMEOUT_MS });
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  if ((await answered).status() !== 200) throw new StepError(`rifiuta answered ${(await answered).status()}`);
  await page.getByText(UPDATED).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction((reason) => document.querySelector<HTMLInputElement>('#root_notaEsito')?.value === reason, REASON, { timeout: STEP_TIMEOUT_MS });
  if (await page.getByRole('button', { name: 'Accetta', exact: true }).count()) throw new StepError("'Accetta' still offered on a rejected movement");
  await page.context().close();
}
