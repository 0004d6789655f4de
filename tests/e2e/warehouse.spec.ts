/**
 * The warehouse in the browser (seed 000 §4, issue 5 item 1): the pending movement of bank 60855 (stock managed
 * by the federation, group 15000) offers no action to sede.60855, a user of another group with the same grants;
 * federazione, of the owning group, accepts it after the spec's confirmation, reads 'Movimento aggiornato con
 * successo', sees it accepted and the stock of model 101 go from 4 to 6. sede.30480 rejects its own pending
 * movement: the reason is asked (and required) in a modal, then shown on the rejected movement.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const MOVEMENT = '/magazzino/movimenti/movimento/mov-60855-0001';
const CONFIRM = "Accettare il movimento? La giacenza del modello sarà variata.";
const UPDATED = 'Movimento aggiornato con successo';

/** The movement form has loaded its row (the disabled key field holds the id). */
async function expectMovementShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Modifica Movimento di magazzino mov-60855-0001' })).toBeVisible();
  await expect(page.locator('#root_id')).toHaveValue('mov-60855-0001');
  await expect(page.getByRole('button', { name: "Torna all'elenco" })).toBeVisible();
}

/** Opens the stock list; the stock cell of model 101 (shown by name: "101 - ...") at bank 60855. */
async function stockOf101(page: Page) {
  await page.goto('/magazzino/giacenze');
  await expect(page.getByRole('heading', { name: 'Giacenze di magazzino' })).toBeVisible();
  const row = page.locator('table tbody tr', { hasText: '60855' }).filter({ has: page.getByRole('cell', { name: /^101 - / }) });
  await expect(row).toBeVisible();
  return row.locator('td').nth(2);
}

test("movimento in attesa di 60855: nessuna azione all'altro gruppo, federazione lo accetta e la giacenza passa da 4 a 6", async ({ newPage }) => {
  await test.step('sede.60855 (altro gruppo, stessi permessi) apre il movimento in attesa di 60855: nessuna azione', async () => {
    const page = await newPage();
    await page.goto(MOVEMENT);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.60855');
    await expectPath(page, MOVEMENT);
    await expectMovementShown(page);
    for (const action of ['Accetta', 'Rifiuta', 'Salva']) {
      await expect(page.getByRole('button', { name: action, exact: true }), `'${action}' shown to sede.60855, not of the group that owns the stock`).toHaveCount(0);
    }
    await page.context().close();
  });

  const page = await newPage();
  await test.step('federazione (gruppo che gestisce il magazzino di 60855): giacenza del modello 101 prima', async () => {
    await page.goto('/magazzino/giacenze');
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'federazione');
    await expectPath(page, '/magazzino/giacenze');
    await expect(await stockOf101(page), 'stock of 60855/101 before').toHaveText('4');
  });

  const accept = page.getByRole('button', { name: 'Accetta', exact: true });
  await test.step('apre il movimento in attesa: Accetta e Rifiuta', async () => {
    await page.goto(MOVEMENT);
    await expectMovementShown(page);
    await expect(accept).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rifiuta', exact: true })).toBeVisible();
  });

  const dialog = page.getByRole('dialog').filter({ hasText: CONFIRM });
  await test.step('Accetta: la conferma della specifica, No non cambia nulla', async () => {
    await accept.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(accept).toBeVisible();
  });

  await test.step(`Accetta, Sì: "${UPDATED}", il movimento non offre più azioni`, async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/magazzino/movimenti/mov-60855-0001/accetta') && r.request().method() === 'POST');
    await accept.click();
    await dialog.getByRole('button', { name: 'Sì' }).click();
    expect((await answered).status(), 'accetta answered').toBe(200);
    await expect(page.getByText(UPDATED).first()).toBeVisible();
    await expectMovementShown(page);
    await expect(accept).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rifiuta', exact: true }), "'Rifiuta' still offered on an accepted movement").toHaveCount(0);
  });

  await test.step("nell'elenco dei movimenti risulta Accettato", async () => {
    await page.getByRole('button', { name: "Torna all'elenco" }).click();
    await expectPath(page, '/magazzino/movimenti');
    await expect(page.locator('table tbody tr', { hasText: 'Accettato' }).first()).toBeVisible();
    await expect(page.locator('table tbody tr', { hasText: 'In attesa' }), 'a movement of 60855 is still pending in the list').toHaveCount(0);
  });

  await test.step('la giacenza del modello 101 è passata da 4 a 6', async () => {
    await expect(await stockOf101(page), 'stock of 60855/101 after the acceptance').toHaveText('6');
  });
});

const REJECTED = '/magazzino/movimenti/movimento/mov-30480-0002';
const REASON = "Quantità diversa dalla bolla di consegna";

test('Rifiuta chiede il motivo (obbligatorio prima dell\'invio), che resta sul movimento rifiutato', async ({ page }) => {
  const dialog = page.getByRole('dialog').filter({ hasText: 'Motivo del rifiuto' });
  await test.step('sede.30480 apre il proprio movimento in attesa e sceglie Rifiuta: si chiede il motivo', async () => {
    await page.goto(REJECTED);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, REJECTED);
    await expect(page.locator('#root_id')).toHaveValue('mov-30480-0002');
    await page.getByRole('button', { name: 'Rifiuta', exact: true }).click();
    await expect(dialog).toBeVisible();
  });

  await test.step("Conferma senza motivo: 'Indicare il motivo del rifiuto', nessuna chiamata", async () => {
    let posted = false;
    page.on('request', (r) => { if (r.url().endsWith('/mov-30480-0002/rifiuta')) posted = true; });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByText('Indicare il motivo del rifiuto')).toBeVisible();
    expect(posted, 'the rejection was sent without its reason').toBe(false);
  });

  await test.step(`con il motivo: "${UPDATED}" e il motivo resta sul movimento`, async () => {
    await dialog.getByLabel('Motivo del rifiuto').fill(REASON);
    const answered = page.waitForResponse((r) => r.url().endsWith('/mov-30480-0002/rifiuta') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    expect((await answered).status(), 'rifiuta answered').toBe(200);
    await expect(page.getByText(UPDATED).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('#root_notaEsito')).toHaveValue(REASON);
    await expect(page.getByRole('button', { name: 'Accetta', exact: true }), "'Accetta' still offered on a rejected movement").toHaveCount(0);
  });
});
