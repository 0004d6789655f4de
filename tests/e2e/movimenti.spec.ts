/**
 * The movements search in the browser (seed 002 §2 /movimenti/search, §4, §9): sede.30480 opens it and the page
 * puts its default period (the last month) in the address; a period of more than 3 months shows the API's message
 * and no rows; a period that fits lists 20 rows a page with a pager of 5 page numbers and the outcome as a label;
 * a filter and the page are in the address; a row opens the movement with its receipt. Expected rows come from
 * the demo's generator (scripts/demo-movimenti.ts). The refund modal (seed 002 §4 "Refund flow", §5, §8): the amount
 * prefilled with the original one, the password, the confirmation naming the amount in euro, the seed's messages.
 */
import Database from 'better-sqlite3';
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-09-01';
const TO = '2026-11-25';
const DEMO = demoMovements().filter((m) => m.codAbi === '30480' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const count = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });

test('sede.30480 cerca i movimenti di un periodo, pagina, filtra e apre un movimento con il suo scontrino', async ({ newPage }) => {
  const page = await newPage();
  await test.step('la ricerca si apre sul periodo predefinito, scritto nell\'indirizzo', async () => {
    await page.goto('/movimenti/search');
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/movimenti/search');
    await expect(page.getByRole('heading', { name: 'Movimenti', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/dataOperazioneDa=\d{4}-\d{2}-\d{2}&dataOperazioneA=\d{4}-\d{2}-\d{2}/);
  });

  await test.step('un periodo di oltre 3 mesi: il messaggio della API, nessuna riga chiesta', async () => {
    await page.goto('/movimenti/search?dataOperazioneDa=2026-06-01&dataOperazioneA=2026-11-25');
    await expect(page.getByTestId('period-message')).toHaveText('Il periodo di ricerca non può superare i 3 mesi');
    await expect(page.getByTestId('result-count')).toHaveText('');
    await expect(page.locator('[data-outcome]')).toHaveCount(0);
  });

  const rows = page.locator('table tbody tr[tabindex="0"]');
  await test.step('un periodo di 3 mesi: 20 righe, il totale, 5 numeri di pagina, l\'esito come etichetta', async () => {
    await page.goto(`/movimenti/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`);
    await expect(page.getByTestId('result-count')).toHaveText(`${count.format(DEMO.length)} risultati`);
    await expect(rows).toHaveCount(20);
    const pager = page.getByRole('navigation', { name: 'Pagine' });
    await expect(pager.getByRole('button', { name: /^Pagina \d+$/ })).toHaveCount(5);
    await expect(pager.getByRole('button', { name: 'Pagina 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Pagina 3' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(pager.getByRole('button', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
    // The window keeps the current page in its middle: 1..5.
    await expect(pager.getByRole('button', { name: /^Pagina \d+$/ })).toHaveText(['1', '2', '3', '4', '5']);
    await expect(rows.first().locator('[data-outcome]')).toHaveCount(1);
  });

  await test.step('filtra per esito: solo le rifiutate, il filtro nell\'indirizzo', async () => {
    const refused = DEMO.filter((m) => m.esito === '00' && !(m.flagStorno && !m.flagPreautorizzazione));
    await page.locator('[data-filter="stato"]').click();
    await page.getByRole('option', { name: 'Rifiutata' }).click();
    await expect(page).toHaveURL(/stato=RI/);
    await expect(page.getByTestId('result-count')).toHaveText(refused.length === 1 ? '1 risultato' : `${refused.length} risultati`);
    await expect(rows.locator('[data-outcome="RI"]')).toHaveCount(Math.min(20, refused.length));
  });

  await test.step('apre un movimento approvato di Bar Centrale: i dati e lo scontrino', async () => {
    // Approved (seed 002 §4): authorised, no refund, no pre-authorisation; at a physical store it has a receipt.
    const approved = DEMO.filter((m) => m.codStab === '1001' && m.esito === '01' && !m.flagStorno && !m.flagPreautorizzazione && !m.stornoRichiesto && !m.stornato)
      .sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || b.id.localeCompare(a.id))[0];
    expect(approved.scontrino).toBeDefined();
    await page.goto(`/movimenti/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&codStab=1001&stato=AP`);
    await rows.first().click();
    await expectPath(page, `/movimenti/search/movimento/${approved.id}`);
    await expect(page.getByRole('heading', { name: `Movimento ${approved.id}` })).toBeVisible();
    await expect(page.getByText(approved.pan, { exact: true })).toBeVisible();
    const receipt = page.locator('[data-field="scontrino"]');
    await expect(receipt).toContainText('BAR CENTRALE');
    await expect(receipt).toContainText(`IMPORTO EUR ${approved.importo.toFixed(2).replace('.', ',')}`);
    await expect(page.locator('[data-field="stato"]')).toHaveText('Approvata');
  });
});

/**
 * A movement written as the acquiring system would (dated today, so the refund's day limits hold whenever the
 * test runs), copied from a demo movement of Bar Centrale's store 1001; `columns` change it.
 */
function insertMovement(databaseFile: string, id: string, columns: Record<string, unknown>): void {
  const db = new Database(databaseFile);
  try {
    const template = db.prepare("select * from transazione where cod_stab = '1001' limit 1").get();
    if (!template || typeof template !== 'object') throw new Error('no demo movement of store 1001');
    const row: Record<string, unknown> = { ...template, id, data_operazione: new Date().toISOString().slice(0, 10), importo: 48.9, esito: '01',
      flag_storno: 0, flag_preautorizzazione: 0, storno_richiesto: 0, stornato: 0, preaut_azione: null, stato: 'AP', dcc: 0, ...columns };
    const names = Object.keys(row);
    db.prepare(`insert into transazione (${names.join(', ')}) values (${names.map((n) => `@${n}`).join(', ')})`).run(row);
  } finally {
    db.close();
  }
}

test('sede.30480 storna un movimento: importo proposto, password, conferma in euro, esito', async ({ newPage, appDatabase }) => {
  const visa = 'E2ESTORNO0000000000001';
  const bancomat = 'E2ESTORNO0000000000002';
  insertMovement(appDatabase, visa, { cod_circuito: '01' });
  insertMovement(appDatabase, bancomat, { cod_circuito: '00' });
  const page = await newPage();
  const dialog = page.getByRole('dialog', { name: 'Storna' });
  await page.setViewportSize({ width: 1400, height: 900 });

  await test.step('un movimento PagoBancomat: l\'importo è quello intero e non si cambia', async () => {
    await page.goto(`/movimenti/search/movimento/${bancomat}`);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, `/movimenti/search/movimento/${bancomat}`);
    await page.getByRole('button', { name: 'Storna', exact: true }).click();
    await expect(dialog.getByLabel('Importo da stornare')).toHaveValue('48,9');
    await expect(dialog.getByLabel('Importo da stornare')).toHaveAttribute('readonly', '');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
  });

  await test.step('la modale propone l\'importo originale; senza password non parte nulla', async () => {
    await page.goto(`/movimenti/search/movimento/${visa}`);
    await expect(page.locator('[data-field="stato"]')).toHaveText('Approvata');
    await page.getByRole('button', { name: 'Storna', exact: true }).click();
    await expect(dialog.getByLabel('Importo da stornare')).toHaveValue('48,9');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByText("Inserire la propria password per confermare l'operazione")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('storno-1400.png') });
  });

  await test.step("un importo oltre l'originale: 'Attenzione: ' e il messaggio, detto prima di inviare", async () => {
    let posted = false;
    page.on('request', (r) => { if (r.url().endsWith(`/movimenti/${visa}/storna`)) posted = true; });
    await dialog.getByLabel('Importo da stornare').fill('60');
    await dialog.getByLabel('Password').fill('Sbagliata-2026');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("Attenzione: L'importo dello storno non può superare l'importo della transazione");
    expect(posted, 'a refund over the original amount was sent').toBe(false);
    await page.screenshot({ path: test.info().outputPath('storno-rifiuto-1400.png') });
  });

  await test.step("una password errata: la domanda nomina l'importo, poi 'Attenzione: Password non corretta'", async () => {
    await dialog.getByLabel('Importo da stornare').fill('20,5');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Confermare lo storno di 20,50 euro?');
    await dialog.getByRole('button', { name: 'Sì' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Attenzione: Password non corretta');
    await expect(page.locator('[data-field="stato"]')).toHaveText('Approvata');
    await dialog.getByLabel('Password').fill('Demo-WebPos-2026');
  });

  await test.step('20,50 euro: la conferma nomina l\'importo, poi "Storno eseguito con successo" e l\'esito "Storno richiesto"', async () => {
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Confermare lo storno di 20,50 euro?');
    const answered = page.waitForResponse((r) => r.url().endsWith(`/movimenti/${visa}/storna`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Sì' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key'], 'the modal sends its idempotency key').toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByText('Storno eseguito con successo').first()).toBeVisible();
    await expect(page.locator('[data-field="stato"]')).toHaveText('Storno richiesto');
    await expect(page.getByRole('button', { name: 'Storna', exact: true })).toHaveCount(0);
  });

  await test.step('a 390 px la modale sta nello schermo', async () => {
    insertMovement(appDatabase, 'E2ESTORNO0000000000003', { cod_circuito: '02' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/movimenti/search/movimento/E2ESTORNO0000000000003');
    await page.getByRole('button', { name: 'Storna', exact: true }).click();
    await expect(dialog.getByLabel('Importo da stornare')).toHaveValue('48,9');
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `the dialog fits 390 px: ${JSON.stringify(box)}`).toBe(true);
    await page.screenshot({ path: test.info().outputPath('storno-390.png') });
  });
});
