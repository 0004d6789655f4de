/**
 * Optimistic concurrency and the audit trail in the browser (issue 5 items 5 and 6): assistenza opens bank
 * 60855 and types a new name; meanwhile sede.60855 changes the bank through the API. Salva answers 412: the
 * form shows the Italian message and keeps what was typed; "Storico modifiche" shows who changed what;
 * "Ricarica i dati" shows the current row, and a save from there goes through.
 */
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, exactText, expectPath, submitLogin } from './support/steps';

const FORM = '/anagrafiche/anaBanca/formBanca/60855';
const API = '/webpos/api/v1';
const CONFLICT = "L'elemento è stato modificato da un altro utente nel frattempo: ricaricare i dati e ripetere la modifica";
const TYPED = 'Nome scritto nel modulo E2E';
const OTHER = 'Nome cambiato da sede.60855';

/**
 * Another user changes the bank's name through the API, as a client that read it first (GET, then PUT with
 * If-Match). Node's fetch, not page.request: that shares the page's cookies, and the login's session cookie
 * would replace assistenza's in the browser.
 */
async function changeThroughApi(baseURL: string, nomeBcc: string) {
  const login = await fetch(`${baseURL}${API}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'sede.60855', password: DEMO_PASSWORD }),
  });
  const { access_token: token }: { access_token: string } = await login.json();
  const read = await fetch(`${baseURL}${API}/banche/60855`, { headers: { 'X-AuthToken': token } });
  const etag = read.headers.get('etag') ?? '';
  const put = await fetch(`${baseURL}${API}/banche/60855`, {
    method: 'PUT', headers: { 'X-AuthToken': token, 'If-Match': etag, 'Content-Type': 'application/json' }, body: JSON.stringify({ ...(await read.json()), nomeBcc }),
  });
  const answer = await put.text();
  expect(put.status, `the API change answered: ${answer}`).toBe(200);
}

test('una modifica concorrente: 412 in italiano, i valori restano, lo storico la mostra, Ricarica i dati e il salvataggio passa', async ({ page, appURL }) => {
  const name = page.locator('#root_nomeBcc');
  let original = '';
  await test.step('assistenza apre la banca 60855 e scrive una nuova denominazione', async () => {
    await page.goto(FORM);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'assistenza');
    await expectPath(page, FORM);
    await expect(name).not.toHaveValue('');
    original = await name.inputValue();
    await name.fill(TYPED);
  });

  await test.step('nel frattempo sede.60855 cambia la banca (GET, PUT con If-Match)', async () => {
    await changeThroughApi(appURL, OTHER);
  });

  await test.step('Salva: 412, il messaggio in italiano, i valori inseriti restano nel modulo', async () => {
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.locator('body')).toContainText(exactText(CONFLICT));
    await expect(name, 'the typed name after the 412').toHaveValue(TYPED);
  });

  await test.step('Storico modifiche: la modifica di sede.60855, campo per campo', async () => {
    await page.getByRole('button', { name: 'Storico modifiche' }).click();
    const entry = page.getByTestId('voce-storico').filter({ hasText: 'sede.60855' }).first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Denominazione');
    await expect(entry).toContainText(OTHER);
    await expect(entry).toContainText('Modifica');
  });

  await test.step("Ricarica i dati: il modulo mostra la banca com'e' ora", async () => {
    await page.getByRole('button', { name: 'Ricarica i dati' }).click();
    await expect(name).toHaveValue(OTHER);
  });

  await test.step('rimetto la denominazione originale e salvo: la versione ricaricata passa', async () => {
    await name.fill(original);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
  });
});
