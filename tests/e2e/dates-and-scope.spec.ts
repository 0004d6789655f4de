/**
 * Dates in Italian and the fields a user cannot choose (issue 15 items 5 and 10; seed 000 §6, §9; seed 002 §6, §9).
 * The browser runs in Europe/Rome with an American language, so a native input would show mm/dd/yyyy:
 * a movement's date is typed as dd/MM/yyyy and then picked on the calendar (weeks from Monday), saved and
 * read back on the same day; an accepted movement shows when it was decided to the minute, as the API
 * recorded it. sede.30480 (one bank) finds its bank set and locked in the movement form, the user form and
 * the lists; filiale.30480 also finds its cab locked.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

test.use({ timezoneId: 'Europe/Rome', locale: 'en-US' });

const NEW_MOVEMENT = '/magazzino/movimenti/movimento';

/** A text field of an answer's body. */
function textField(body: unknown, name: string): string {
  const value: unknown = typeof body === 'object' && body !== null ? Object.entries(body).find(([key]) => key === name)?.[1] : undefined;
  if (typeof value !== 'string') throw new Error(`The answer has no text ${name}: ${JSON.stringify(body)}`);
  return value;
}

async function login(page: Page, path: string, username: string) {
  await page.goto(path);
  await expectPath(page, '/login/banca');
  await submitLogin(page, username);
  await expectPath(page, path);
}

test('movimento: la banca è fissata, la data si scrive gg/mm/aaaa e si sceglie sul calendario, salvata resta quella', async ({ page }) => {
  await login(page, NEW_MOVEMENT, 'sede.30480');
  await expect(page.getByRole('heading', { name: 'Inserimento Movimento di magazzino' })).toBeVisible();

  await test.step("la banca dell'utente è già scelta e non si cambia", async () => {
    await expect(page.locator('#root_codAbi')).toHaveValue('30480');
    await expect(page.locator('#root_codAbi')).not.toBeEditable();
  });

  const date = page.locator('#root_dataMov');
  await test.step('la data si scrive giorno/mese/anno', async () => {
    await expect(date).toHaveAttribute('placeholder', 'gg/mm/aaaa');
    await date.fill('05/03/2026');
    await page.locator('#root_terminalId').click();
    await expect(date).toHaveValue('05/03/2026');
  });

  await test.step('il calendario è in italiano, la settimana comincia il lunedì, un clic sceglie il giorno', async () => {
    await date.click();
    await expect(page.getByRole('button', { name: 'marzo 2026', exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['lu', 'ma', 'me', 'gi', 've', 'sa', 'do']);
    await page.getByRole('button', { name: 'Mese successivo' }).click();
    await expect(page.getByRole('button', { name: 'aprile 2026', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Mese precedente' }).click();
    await page.getByRole('button', { name: '20 marzo 2026' }).click();
    await expect(date).toHaveValue('20/03/2026');
  });

  await test.step('salvato, il movimento ha la data scelta, nel modulo e nell\'elenco', async () => {
    await page.locator('#root_codModpos').fill('101');
    await page.getByRole('option', { name: /^101 - / }).click();
    await page.locator('#root_tipoMov').click();
    await page.getByRole('option', { name: 'Rettifica in aumento' }).click();
    await page.locator('#root_qtaMov').fill('3');
    const saved = page.waitForResponse((r) => r.url().endsWith('/magazzino/movimenti') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Salva' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    expect(await answer.json()).toMatchObject({ dataMov: '2026-03-20' });
    await expect(page.getByRole('heading', { name: /^Modifica Movimento di magazzino/ })).toBeVisible();
    await expect(date).toHaveValue('20/03/2026');
    await page.getByRole('button', { name: "Torna all'elenco" }).click();
    await expect(page.locator('table tbody tr', { hasText: '20/03/2026' })).toHaveCount(1);
  });
});

test("movimento accettato: la data e l'ora della decisione sono quelle registrate, al minuto", async ({ page }) => {
  const movement = '/magazzino/movimenti/movimento/mov-30480-0002';
  await login(page, movement, 'sede.30480');
  const decided = page.waitForResponse((r) => r.url().endsWith('/magazzino/movimenti/mov-30480-0002/accetta') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Accetta', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sì' }).click();
  const row: unknown = await (await decided).json();
  const dataEsito = textField(typeof row === 'object' && row !== null ? Object.entries(row).find(([key]) => key === 'row')?.[1] : undefined, 'dataEsito');
  // The instant the server recorded, on the clock of Rome: dd/MM/yyyy HH:mm.
  const expected = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(dataEsito)).replace(',', '');
  await expect(page.locator('#root_dataEsito')).toHaveValue(expected);
  await page.reload();
  await expect(page.locator('#root_dataEsito')).toHaveValue(expected);
});

test("sede.30480: la banca è fissata nell'elenco dei movimenti e nel modulo utente", async ({ page }) => {
  await login(page, '/magazzino/movimenti', 'sede.30480');

  await test.step("nell'elenco il filtro della banca è 30480, per nome, e non si cambia", async () => {
    const bank = page.getByRole('textbox', { name: 'Codice ABI' });
    await expect(bank).toHaveValue('30480 - Banca di Credito Cooperativo di Esempio');
    await expect(bank).not.toBeEditable();
    await expect(page.locator('table tbody tr').first()).toContainText('30480');
  });

  await test.step('nel nuovo utente il gruppo (ABI) è 30480 e non si cambia', async () => {
    await page.goto('/utente');
    await expect(page.getByRole('heading', { name: 'Inserimento Utente' })).toBeVisible();
    await expect(page.locator('#root_group')).toHaveValue('30480');
    await expect(page.locator('#root_group')).not.toBeEditable();
    await expect(page.locator('#root_cab')).toBeEditable();
  });
});

test('filiale.30480: banca e filiale fissate, nel modulo utente e tra le filiali', async ({ page }) => {
  await login(page, '/utente', 'filiale.30480');
  await expect(page.locator('#root_group')).toHaveValue('30480');
  await expect(page.locator('#root_group')).not.toBeEditable();
  await expect(page.locator('#root_cab')).toHaveValue(/01600/);
  await expect(page.locator('#root_cab')).not.toBeEditable();

  await page.goto('/anagrafiche/filiali');
  await expect(page.getByRole('textbox', { name: 'Codice ABI' })).toHaveValue('30480 - Banca di Credito Cooperativo di Esempio');
  await expect(page.getByRole('textbox', { name: 'Codice ABI' })).not.toBeEditable();
  const cab = page.locator('[data-filter="cab"]');
  await expect(cab).toHaveValue('01600');
  await expect(cab).not.toBeEditable();
  await expect(page.getByTestId('result-count')).toHaveText('1 risultato');
});

test('/about senza accesso: che cosa è il portale e per chi (seed 000 §1, §2)', async ({ page }) => {
  await page.goto('/about');
  await expectPath(page, '/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Informazioni' })).toBeVisible();
  await expect(page.getByText("WebPOS è il portale in italiano per l'acquiring delle carte di pagamento", { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Banche', 'Esercenti', 'Assistenza e agenti']);
  await expect(page.getByText(/^Versione dell'applicazione: \d+\.\d+\.\d+$/)).toBeVisible();
});
