/**
 * The generic form keeps the user's work (issue 15 items 4 and 9): leaving a branch with unsaved changes asks
 * first (stay keeps the value, leave goes), nothing is asked after a save; Enter in a field does not save; the
 * buttons stay on screen at the bottom of a long form, on a phone too; a delete names the record, the removal
 * of a child row names the row; a server
 * error on a field of another tab opens that tab. A path no route knows shows "Pagina non trovata", a route the
 * user's grants do not open shows "Non autorizzato", each with the way home.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const BRANCH = '/anagrafiche/filiali/formFiliale/30480/01601';
const BANK = '/anagrafiche/anaBanca/formBanca/30480';
const LEAVE = 'Le modifiche non salvate andranno perse. Uscire comunque?';

const menuItem = (page: Page, label: string) => page.getByRole('navigation', { name: 'Menu principale' }).getByText(label, { exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Modifiche non salvate' });

test('filiale: uscire con modifiche chiede conferma, Invio non salva, dopo il salvataggio si esce senza domande', async ({ page }) => {
  const name = page.locator('#root_nome');
  const writes: string[] = [];
  page.on('request', (r) => { if (r.method() === 'PUT') writes.push(r.url()); });

  await test.step('assistenza apre la filiale 30480/01601', async () => {
    await page.goto(BRANCH);
    await submitLogin(page, 'assistenza');
    await expectPath(page, BRANCH);
    await expect(name).toHaveValue('Filiale Monza');
  });

  await test.step('senza modifiche il menu porta via senza domande', async () => {
    await menuItem(page, 'Banche').click();
    await expectPath(page, '/anagrafiche/anaBanca');
    await expect(leaveDialog(page)).toHaveCount(0);
    await page.goBack();
    await expect(name).toHaveValue('Filiale Monza');
  });

  await test.step('Invio in un campo non salva: il valore resta da salvare', async () => {
    await name.fill('Filiale Monza centro');
    await name.press('Enter');
    await expect(page.getByRole('heading', { name: 'Modifica Filiale 01601 - Filiale Monza' })).toBeVisible();
    await expect(page.getByText('Salvataggio effettuato')).toHaveCount(0);
    expect(writes, 'Enter sent the form').toEqual([]);
    await expect(name).toHaveValue('Filiale Monza centro');
  });

  await test.step('il menu con modifiche non salvate: la domanda; "Resta nel modulo" lascia tutto com\'era', async () => {
    await menuItem(page, 'Banche').click();
    const ask = leaveDialog(page);
    await expect(ask).toContainText(LEAVE);
    await ask.getByRole('button', { name: 'Resta nel modulo' }).click();
    await expect(ask).toHaveCount(0);
    await expectPath(page, BRANCH);
    await expect(name).toHaveValue('Filiale Monza centro');
  });

  await test.step('"Annulla" chiede anche lui; "Esci senza salvare" esce e la filiale non è cambiata', async () => {
    await page.getByRole('button', { name: 'Annulla' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await expectPath(page, '/anagrafiche/filiali');
    expect(writes).toEqual([]);
    await page.goto(BRANCH);
    await expect(name).toHaveValue('Filiale Monza');
  });

  await test.step('Elimina chiede conferma nominando la filiale; Annulla non elimina', async () => {
    await page.getByRole('button', { name: 'Elimina' }).click();
    const ask = page.getByRole('dialog', { name: 'Conferma eliminazione' });
    // The branch by its display name (spec/anagrafiche/filiale.yaml display: [cab, nome]).
    await expect(ask).toContainText("Eliminare Filiale «01601 - Filiale Monza»? L'operazione non può essere annullata.");
    await ask.getByRole('button', { name: 'Annulla' }).click();
    await expect(ask).toHaveCount(0);
    await expectPath(page, BRANCH);
  });

  await test.step('modifico e salvo con il pulsante: poi il menu porta via senza domande', async () => {
    await name.fill('Filiale Monza centro');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    expect(writes).toHaveLength(1);
    await menuItem(page, 'Banche').click();
    await expectPath(page, '/anagrafiche/anaBanca');
    await expect(leaveDialog(page)).toHaveCount(0);
  });
});

test('banca: i pulsanti restano in vista su un modulo lungo; togliere una riga chiede conferma; un errore del server su un campo apre la sua scheda', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(BANK);
  await submitLogin(page, 'assistenza');
  await expectPath(page, BANK);
  await expect(page.locator('#root_nomeBcc')).not.toHaveValue('');

  await test.step('telefono 390 px: Salva e Annulla visibili senza scorrere, anche in fondo al modulo', async () => {
    await expect(page.getByRole('button', { name: 'Salva' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Annulla' })).toBeInViewport();
    await page.mouse.wheel(0, 600);
    await expect(page.getByRole('button', { name: 'Salva' })).toBeInViewport();
  });

  await test.step('la crocetta di un modello personalizzato chiede conferma nominando la riga; Annulla la tiene', async () => {
    await page.getByRole('tab', { name: /Modelli POS/ }).click();
    const rows = page.locator('.rjsf-array-item');
    await expect(rows).toHaveCount(2);
    await page.locator('#root_modelliPos_1__remove').click();
    const ask = page.getByRole('dialog', { name: 'Rimuovere la riga?' });
    await expect(ask).toContainText('Rimuovere la riga 2 di «Modelli POS personalizzati» (901)? La riga sarà eliminata quando si salva il modulo.');
    await ask.getByRole('button', { name: 'Annulla' }).click();
    await expect(rows).toHaveCount(2);
    await page.getByRole('tab', { name: /Anagrafica/ }).click();
  });

  await test.step('il server rifiuta un modello della scheda "Modelli POS": la scheda si apre con il messaggio sotto il campo', async () => {
    // The server's own answer for a wrong child field (tests/server/banche.test.ts), given here to a valid form:
    // the browser's checks would stop the wrong value before the server saw it.
    await page.route('**/banche/30480', (route) => route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, json: { errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'modelliPos.0.codModpos', message: 'Modello POS non disponibile' }] } })
      : route.fallback());
    await page.locator('#root_nomeBcc').fill('Banca di Credito Cooperativo di Esempio 2');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByRole('tab', { name: /Modelli POS/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/scheda=modelli-pos/);
    await expect(page.locator('#root_modelliPos_0_codModpos-error')).toHaveText('Modello POS non disponibile');
    await expect(page.getByRole('tab', { name: /Modelli POS/ })).toBeInViewport();
  });
});

test('un indirizzo sconosciuto mostra "Pagina non trovata" con il ritorno alla pagina iniziale', async ({ page }) => {
  await page.goto('/login/banca');
  await submitLogin(page, 'assistenza');
  await expect(page).not.toHaveURL(/\/login\//);
  await page.goto('/anagrafiche/nonEsiste');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  await expect(page).toHaveTitle('Pagina non trovata · WebPOS');
  await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
  await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
  await expectPath(page, '/home');
});

test('filiale.30480 su una rotta della sola assistenza vede "Non autorizzato", senza chiamate a quei dati', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/posfisici')) calls.push(r.url()); });
  await page.goto('/anagrafiche/posFisici');
  await submitLogin(page, 'filiale.30480');
  await expectPath(page, '/anagrafiche/posFisici');
  await expect(page.getByRole('heading', { level: 1, name: 'Non autorizzato' })).toBeVisible();
  await expect(page).toHaveTitle('Non autorizzato · WebPOS');
  await expect(page.getByText("Le autorizzazioni dell'utente con cui è stato effettuato l'accesso non consentono di aprire questa pagina.", { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Torna alla pagina iniziale' })).toBeVisible();
  expect(calls, 'the forbidden page called the API').toEqual([]);
});
