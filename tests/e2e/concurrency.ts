/**
 * Optimistic concurrency and the audit trail in the browser (issue 5 items 5 and 6): assistenza opens bank
 * 60855 and types a new name; meanwhile sede.60855 changes the bank through the API. Salva answers 412: the
 * form shows the Italian message and keeps what was typed; "Storico modifiche" shows who changed what;
 * "Ricarica i dati" shows the current row, and a save from there goes through.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, expectPath, newPage, step, StepError, STEP_TIMEOUT_MS, submitLogin, waitForExactText } from './helpers';

const FORM = '/anagrafiche/anaBanca/formBanca/60855';
const API = '/webpos/api/v1';
const CONFLICT = "L'elemento e' stato modificato da un altro utente nel frattempo: ricaricare i dati e ripetere la modifica";
const TYPED = 'Nome scritto nel modulo E2E';
const OTHER = 'Nome cambiato da sede.60855';

async function nameShown(page: Page, expected?: string) {
  await page.waitForFunction((e) => {
    const value = document.querySelector<HTMLInputElement>('#root_nomeBcc')?.value;
    return e === undefined ? Boolean(value) : value === e;
  }, expected, { timeout: STEP_TIMEOUT_MS });
}

/**
 * Another user changes the bank's name through the API, as a client that read it first (GET, then PUT with
 * If-Match). Node's fetch, not page.request: that shares the page's cookies, and the login's session cookie
 * would replace assistenza's in the browser.
 */
async function changeThroughApi(base: string, nomeBcc: string) {
  const login = await fetch(`${base}${API}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'sede.60855', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const read = await fetch(`${base}${API}/banche/60855`, { headers: { 'X-AuthToken': token } });
  const etag = read.headers.get('etag') ?? '';
  const put = await fetch(`${base}${API}/banche/60855`, {
    method: 'PUT', headers: { 'X-AuthToken': token, 'If-Match': etag, 'Content-Type': 'application/json' }, body: JSON.stringify({ ...(await read.json()), nomeBcc }),
  });
  if (put.status !== 200) throw new StepError(`the API change answered ${put.status}: ${await put.text()}`);
}

export async function concurrencyScenario(browser: Browser, base: string, errors: string[]) {
  step('assistenza apre la banca 60855 e scrive una nuova denominazione');
  const page = await newPage(browser, errors);
  await page.goto(`${base}${FORM}`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, FORM);
  await nameShown(page);
  const original = await page.locator('#root_nomeBcc').inputValue();
  await page.locator('#root_nomeBcc').fill(TYPED);

  step('nel frattempo sede.60855 cambia la banca (GET, PUT con If-Match)');
  await changeThroughApi(base, OTHER);

  step('Salva: 412, il messaggio in italiano, i valori inseriti restano nel modulo');
  await page.getByRole('button', { name: 'Salva' }).click();
  await waitForExactText(page, CONFLICT);
  if (await page.locator('#root_nomeBcc').inputValue() !== TYPED) throw new StepError('the typed name was replaced after the 412');

  step('Storico modifiche: la modifica di sede.60855, campo per campo');
  await page.getByRole('button', { name: 'Storico modifiche' }).click();
  const entry = page.getByTestId('voce-storico').filter({ hasText: 'sede.60855' }).first();
  await entry.waitFor({ timeout: STEP_TIMEOUT_MS });
  const text = (await entry.textContent()) ?? '';
  if (!text.includes('Denominazione') || !text.includes(OTHER) || !text.includes('Modifica')) throw new StepError(`the history entry does not show the change: ${text}`);

  step('Ricarica i dati: il modulo mostra la banca com\'e\' ora');
  await page.getByRole('button', { name: 'Ricarica i dati' }).click();
  await nameShown(page, OTHER);

  step('rimetto la denominazione originale e salvo: la versione ricaricata passa');
  await page.locator('#root_nomeBcc').fill(original);
  await page.getByRole('button', { name: 'Salva' }).click();
  await page.getByText('Salvataggio effettuato').first().waitFor();
  await page.context().close();
}
