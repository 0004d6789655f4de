/**
 * The movements search in the browser (seed 002 §2 /movimenti/search, §4, §9): sede.30480 opens it and the page
 * puts its default period (the last month) in the address; a period of more than 3 months shows the API's message
 * and no rows; a period that fits lists 20 rows a page with a pager of 5 page numbers and the outcome as a label;
 * a filter and the page are in the address; a row opens the movement with its receipt. Expected rows come from
 * the demo's generator (scripts/demo-movimenti.ts).
 */
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-09-01';
const TO = '2026-11-25';
const DEMO = demoMovements().filter((m) => m.codAbi === '30480' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const count = new Intl.NumberFormat('it-IT');

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
      .sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || a.id.localeCompare(b.id))[0];
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
