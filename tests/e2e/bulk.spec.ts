/**
 * Bulk actions in a list (issue 15 item 3, issue 14 item 9; docs/spec-language.md#bulk-transitions): sede.30480,
 * of the group that owns bank 30480's stock, selects two movements it sent through the API, both pending,
 * and accepts them at once after the spec's question with the count; both are then accepted. A pending and an
 * accepted movement together offer no action; Rifiuta on a selection asks the reason once for all rows.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, expectPath, submitLogin } from './support/steps';

const API = '/webpos/api/v1';
const LIST = '/magazzino/movimenti';

/** Pending movements of bank 30480 sent through the API by sede.30480, dated today so they head the list. */
async function pendingMovements(appURL: string, quantities: number[]) {
  const login = await fetch(`${appURL}${API}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'sede.30480', password: DEMO_PASSWORD }),
  });
  const { access_token: token }: { access_token: string } = await login.json();
  for (const qtaMov of quantities) {
    const created = await fetch(`${appURL}${API}/magazzino/movimenti`, {
      method: 'POST', headers: { 'X-AuthToken': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ codAbi: '30480', codModpos: '201', tipoMov: 'R+', qtaMov, dataMov: '2026-12-31', statoMov: 'S' }),
    });
    expect(created.status, `movement of ${String(qtaMov)} created: ${await created.text()}`).toBe(201);
  }
}

/** The list row of the movement with this quantity (unique in the demo data and in this file). */
const rowOf = (page: Page, qtaMov: number) =>
  page.locator('table tbody tr').filter({ has: page.getByRole('cell', { name: String(qtaMov), exact: true }) });

async function openListAsSede(page: Page) {
  await page.goto(LIST);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, LIST);
  await expect(page.getByRole('heading', { name: 'Movimenti di magazzino' })).toBeVisible();
}

test('sede.30480 seleziona due movimenti in attesa e li accetta insieme', async ({ page, appURL }) => {
  await pendingMovements(appURL, [771, 772]);
  await openListAsSede(page);

  const bar = page.getByRole('region', { name: 'Righe selezionate' });
  await test.step('le caselle si spuntano da tastiera; la barra conta le righe e offre Accetta e Rifiuta', async () => {
    await expect(bar).toHaveCount(0);
    const first = rowOf(page, 771).getByRole('checkbox');
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await expect(bar.getByText('1 riga selezionata')).toBeVisible();
    await rowOf(page, 772).getByRole('checkbox').check();
    await expect(bar.getByText('2 righe selezionate')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Accetta', exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Rifiuta', exact: true })).toBeVisible();
    await expectPath(page, LIST);
  });

  const question = page.getByRole('dialog').filter({ hasText: 'Accettare il movimento? La giacenza del modello sarà variata. Vale per ciascuna delle 2 righe selezionate.' });
  await test.step('Accetta: la domanda della specifica con il numero delle righe, No non cambia nulla', async () => {
    await bar.getByRole('button', { name: 'Accetta', exact: true }).click();
    await expect(question).toBeVisible();
    await expect(question.getByText('Accetta: 2 righe selezionate')).toBeVisible();
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(bar.getByText('2 righe selezionate')).toBeVisible();
  });

  await test.step('Accetta, Sì: "2 righe aggiornate", selezione vuota, entrambi accettati', async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/magazzino/movimenti/azioni/accetta') && r.request().method() === 'POST');
    await bar.getByRole('button', { name: 'Accetta', exact: true }).click();
    await question.getByRole('button', { name: 'Sì' }).click();
    expect((await answered).status(), 'the bulk accept answered').toBe(200);
    await expect(page.getByText('2 righe aggiornate')).toBeVisible();
    await expect(bar).toHaveCount(0);
    for (const qta of [771, 772]) await expect(rowOf(page, qta).getByRole('cell', { name: 'Accettato', exact: true })).toBeVisible();
  });

  await test.step('un movimento accettato e uno in attesa insieme: nessuna azione comune', async () => {
    await rowOf(page, 771).getByRole('checkbox').check();
    await rowOf(page, 772).getByRole('checkbox').check();
    await expect(bar.getByText('Nessuna azione comune alle righe selezionate')).toBeVisible();
    await expect(bar.getByRole('button')).toHaveCount(0);
  });
});

test('Rifiuta su più movimenti chiede il motivo una volta sola', async ({ page, appURL }) => {
  await pendingMovements(appURL, [781, 782]);
  await openListAsSede(page);
  const bar = page.getByRole('region', { name: 'Righe selezionate' });
  await rowOf(page, 781).getByRole('checkbox').check();
  await rowOf(page, 782).getByRole('checkbox').check();
  await bar.getByRole('button', { name: 'Rifiuta', exact: true }).click();

  const modal = page.getByRole('dialog').filter({ hasText: 'Rifiuta: 2 righe selezionate' });
  await expect(modal.getByText('Rifiutare il movimento? La giacenza non sarà variata. Vale per ciascuna delle 2 righe selezionate.')).toBeVisible();
  await modal.getByRole('button', { name: 'Conferma' }).click();
  await expect(modal.getByText('Indicare il motivo del rifiuto').first()).toBeVisible();
  await modal.getByRole('textbox', { name: /Motivo del rifiuto/ }).fill('Quantità non consegnata');
  await modal.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('2 righe aggiornate')).toBeVisible();
  for (const qta of [781, 782]) await expect(rowOf(page, qta).getByRole('cell', { name: 'Rifiutato', exact: true })).toBeVisible();
});
