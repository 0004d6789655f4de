/**
 * Maintenance tickets in the browser (seed 000 §4, §7, §8): sede.30480 sees the pending-requests badge in the
 * header, opens the suspended ticket TK-0001, reads the question in the thread, replies and reads
 * 'Risposta inviata correttamente'; on the closed ticket TK-0002 the reply form is not offered.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const SENT = 'Risposta inviata correttamente';
const ticketPath = (n: string) => `/anagrafiche/searchManutenzione/ticket/${n}`;

/** The ticket has loaded (sede.30480 may read it, not change it: the record view shows its number). */
async function expectTicketShown(page: Page, numero: string) {
  await expect(page.locator('dd[data-field="numeroTicket"]')).toHaveText(numero);
  await expect(page.getByRole('button', { name: 'Messaggi', exact: true })).toBeVisible();
}

async function openTicket(page: Page, numero: string) {
  await page.goto(ticketPath(numero));
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, ticketPath(numero));
  await expectTicketShown(page, numero);
}

test('ticket sospeso TK-0001: indicatore, messaggi, risposta inviata', async ({ page }) => {
  await test.step('sede.30480 apre il ticket sospeso TK-0001', async () => {
    await openTicket(page, 'TK-0001');
  });

  await test.step("l'indicatore delle richieste sospese nell'intestazione: 2", async () => {
    await expect(page.getByTestId('indicatore-indicatoreSospesiBanca')).toHaveText('2');
  });

  await test.step("Messaggi: la domanda dell'assistenza", async () => {
    await page.getByRole('button', { name: 'Messaggi', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Messaggi del ticket TK-0001' });
    await expect(dialog.getByText("Confermare l'indirizzo di installazione del terminale").first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step(`Rispondi: invia la risposta e legge "${SENT}"`, async () => {
    const reply = page.getByRole('button', { name: 'Rispondi', exact: true });
    await reply.click();
    const dialog = page.getByRole('dialog').filter({ hasText: "Risposta all'assistenza" });
    await dialog.getByLabel('Risposta').fill("L'indirizzo è Via Roma 1, Trento");
    const answered = page.waitForResponse((r) => r.url().endsWith('/manutenzioni/risposta') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Invia risposta' }).click();
    expect((await answered).status(), 'insertRisposta answered').toBe(200);
    await expect(page.getByText(SENT).first()).toBeVisible();
    await expect(reply, "'Rispondi' still offered after the reply").toHaveCount(0);
  });
});

test('il ticket chiuso TK-0002 non offre la risposta', async ({ page }) => {
  await openTicket(page, 'TK-0002');
  await expect(page.getByRole('button', { name: 'Rispondi', exact: true }), "'Rispondi' offered on a closed ticket").toHaveCount(0);
});
