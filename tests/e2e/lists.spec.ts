/**
 * Lists people work in all day (issue 15 item 3): filters, sort, page and page size live in the address, so
 * a record opened from page 2 of a filtered, sorted list goes back (Back, "Annulla" or "Torna all'elenco") to exactly that
 * page; rows are Tab stops and open with Enter; the bank filter picks the bank by name; a bad address is
 * ignored, not a crash; an empty answer and a failed one say so in Italian; on a phone the page never
 * scrolls sideways, the table scrolls in its own box.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, expectPath, submitLogin } from './support/steps';

const LIST = '/anagrafiche/filiali';
const API = '/webpos/api/v1';
const BANK = '30480 - Banca di Credito Cooperativo di Esempio';
/** Twelve branches of bank 30480 named "Filiale E2E 01".."12": two pages of 10 once filtered. */
const CREATED = Array.from({ length: 12 }, (_, i) => ({ cab: String(70001 + i), nome: `Filiale E2E ${String(i + 1).padStart(2, '0')}` }));

/** The branches, created through the API as assistenza (Node's fetch: the browser's session stays its own). */
async function createBranches(appURL: string) {
  const login = await fetch(`${appURL}${API}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'assistenza', password: DEMO_PASSWORD }),
  });
  const { access_token: token }: { access_token: string } = await login.json();
  for (const { cab, nome } of CREATED) {
    const created = await fetch(`${appURL}${API}/filiali`, {
      method: 'POST', headers: { 'X-AuthToken': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ codAbi: '30480', cab, nome, localita: 'Milano', provincia: 'MI' }),
    });
    expect(created.status, await created.text()).toBe(201);
  }
}

const rows = (page: Page) => page.locator('table tbody tr');
const nameFilter = (page: Page) => page.getByRole('searchbox', { name: 'Nome' });

/** What the list shows on page 2 of the filtered list sorted by name, descending, 10 a page. */
async function expectPageTwo(page: Page) {
  await expect(page.getByTestId('result-count')).toHaveText('12 risultati');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText('Filiale E2E 02');
  await expect(rows(page).nth(1)).toContainText('Filiale E2E 01');
  await expect(nameFilter(page)).toHaveValue('E2E');
  await expect(page.getByRole('textbox', { name: 'Codice ABI' })).toHaveValue(BANK);
  await expect(page.getByText('11-12 di 12')).toBeVisible();
}

test('filiali: filtro, ordino, pagina 2, apro una riga con Invio; Indietro e "Torna all\'elenco" riportano alla stessa pagina', async ({ page, appURL }) => {
  await createBranches(appURL);
  await page.goto(LIST);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, LIST);
  await expect(page.getByTestId('result-count')).toHaveText('17 risultati');

  await test.step('la banca si sceglie per nome; il nome si filtra scrivendo', async () => {
    const bank = page.getByRole('textbox', { name: 'Codice ABI' });
    await bank.fill('Esempio');
    await page.getByRole('option', { name: BANK }).click();
    await expect(page).toHaveURL(/[?&]codAbi=30480(&|$)/);
    await expect(page.getByTestId('result-count')).toHaveText('14 risultati');
    await nameFilter(page).fill('E2E');
    await expect(page).toHaveURL(/[?&]nome=E2E(&|$)/);
    await expect(page.getByTestId('result-count')).toHaveText('12 risultati');
  });

  await test.step('ordino per nome, dal basso; 10 righe a pagina; pagina 2', async () => {
    const nome = page.getByRole('columnheader', { name: 'Nome' });
    await nome.click();
    await expect(page).toHaveURL(/[?&]sort=nome%2Casc(&|$)/);
    await nome.click();
    await expect(page).toHaveURL(/[?&]sort=nome%2Cdesc(&|$)/);
    await expect(rows(page).first()).toContainText('Filiale E2E 12');
    await page.getByRole('textbox', { name: 'Righe per pagina' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page).toHaveURL(/[?&]size=10(&|$)/);
    await page.getByRole('button', { name: 'Vai alla pagina successiva' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expectPageTwo(page);
  });

  const listURL = page.url();
  await test.step('con Tab arrivo alla prima riga, Invio la apre', async () => {
    await nameFilter(page).focus();
    let onRow = false;
    for (let i = 0; i < 20 && !onRow; i++) {
      await page.keyboard.press('Tab');
      onRow = await page.evaluate(() => document.activeElement?.matches('table tbody tr') ?? false);
    }
    expect(onRow, 'a row should be reachable with Tab').toBe(true);
    await expect(page.locator('table tbody tr:focus')).toContainText('Filiale E2E 02');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${LIST}/formFiliale/30480/70002`);
  });

  await test.step('Indietro: stessi filtri, ordine, pagina e dimensione', async () => {
    await page.goBack();
    expect(page.url()).toBe(listURL);
    await expectPageTwo(page);
  });

  // An editable record's way back is "Annulla" (the read-only view's is "Torna all'elenco"); nothing changed, so no question.
  await test.step('"Annulla" dalla scheda, senza modifiche: la stessa pagina', async () => {
    await rows(page).nth(1).click();
    await expect(page).toHaveURL(`${LIST}/formFiliale/30480/70001`);
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(page).toHaveURL(listURL);
    await expectPageTwo(page);
  });

  await test.step('Indietro annulla una modifica alla volta: prima la pagina, poi la dimensione', async () => {
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]size=10(&|$)/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(rows(page)).toHaveCount(10);
  });
});

test('un indirizzo con valori non validi apre l\'elenco senza errori; nessun risultato e "Azzera i filtri"; una ricerca scritta è un passo solo', async ({ page }) => {
  const bad = `${LIST}?page=abc&size=7&sort=segreto,asc&provincia=${'x'.repeat(300)}`;
  await page.goto(bad);
  await submitLogin(page, 'assistenza');
  await expectPath(page, LIST);
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ risultati$/);
  await expect(page.getByText('1-', { exact: false }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Provincia' }).fill('ZZ');
  await expect(page.getByTestId('result-count')).toHaveText('Nessun risultato');
  await expect(page.getByText('Nessun risultato con questi filtri')).toBeVisible();
  await test.step('su un telefono il messaggio sta tutto nello schermo, anche con la tabella scorsa a destra (issue 15)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const message = page.getByText('Nessun risultato con questi filtri');
    const clear = page.getByRole('table').getByRole('button', { name: 'Azzera i filtri' });
    const onScreen = async () => {
      const boxes = [await message.boundingBox(), await clear.boundingBox()];
      return boxes.every((b) => b !== null && b.x >= 0 && b.x + b.width <= 390);
    };
    await expect.poll(onScreen).toBe(true);
    const container = page.getByRole('table').locator('xpath=..');
    expect(await container.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await container.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
    await expect.poll(onScreen).toBe(true);
    await page.screenshot({ path: test.info().outputPath('nessun-risultato-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  await page.getByRole('button', { name: 'Azzera i filtri' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Provincia' })).toHaveValue('');
  await expect(page).toHaveURL((url) => url.pathname === LIST && url.search === '');

  await test.step('una ricerca scritta in due riprese è un solo passo: Indietro la annulla tutta e svuota la casella', async () => {
    const nome = page.getByRole('searchbox', { name: 'Nome' });
    await nome.fill('Se');
    await expect(page).toHaveURL(/[?&]nome=Se(&|$)/);
    await nome.fill('Sede');
    await expect(page).toHaveURL(/[?&]nome=Sede(&|$)/);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === LIST && url.search === '');
    await expect(nome).toHaveValue('');
  });

  await test.step('una pagina oltre la fine porta all\'ultima pagina con righe', async () => {
    await page.goto(`${LIST}?size=10&page=99`);
    await expect(page).not.toHaveURL(/page=99/);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText('Nessun risultato')).toHaveCount(0);
  });
});

test('banche: se l\'elenco non arriva lo dice in italiano, e Riprova lo carica', async ({ page }) => {
  await page.goto('/anagrafiche/anaBanca');
  await submitLogin(page, 'assistenza');
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ risultati$/);
  // The server answers the next list call with a failure, once.
  await page.route((url) => url.pathname.endsWith('/banche'), (route) => route.fulfill({ status: 503, body: '' }), { times: 1 });
  await page.getByRole('searchbox', { name: 'Denominazione' }).fill('Banca');
  const alert = page.getByRole('alert').filter({ hasText: "Impossibile caricare l'elenco" });
  await expect(alert).toContainText('Errore durante la chiamata al server - contattare il supporto');
  await alert.getByRole('button', { name: 'Riprova' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ risultat[oi]$/);
  await expect(rows(page).first()).toContainText('Banca');
});

test('la larghezza di una colonna trascinata resta alla riapertura dell\'elenco', async ({ page }) => {
  await page.goto('/anagrafiche/anaBanca');
  await submitLogin(page, 'assistenza');
  const header = page.getByRole('columnheader', { name: 'Denominazione' });
  await expect(rows(page).first()).toBeVisible();
  const before = (await header.boundingBox())?.width ?? 0;
  const handle = (await header.locator('.mrt-table-head-cell-resize-handle').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 120, handle.y + handle.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await header.boundingBox())?.width ?? 0).toBeGreaterThan(before + 100);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(async () => (await header.boundingBox())?.width ?? 0).toBeGreaterThan(before + 100);
});

test('su un telefono (390 px) la pagina non scorre di lato: la tabella scorre nel suo riquadro', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(LIST);
  await submitLogin(page, 'assistenza');
  await expectPath(page, LIST);
  for (const list of [LIST, '/anagrafiche/anaBanca']) {
    await page.goto(list);
    await expect(rows(page).first()).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.scrollingElement?.scrollWidth ?? 0, screen: innerWidth }));
    expect(widths.page, `${list}: the page scrolls sideways`).toBeLessThanOrEqual(widths.screen);
    const box = page.locator('.mrt-table-container');
    const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls, `${list}: the table scrolls in its own box`).toBe(true);
  }
});

/** Whether the table fits its box at this width and no cell hides part of its text. */
async function tableFits(page: Page) {
  return page.locator('.mrt-table-container').evaluate((box) => ({
    scrolls: box.scrollWidth > box.clientWidth,
    // Cells with text (the selection checkboxes' cells have none).
    clipped: [...box.querySelectorAll<HTMLElement>('th, td')].filter((cell) => cell.textContent.trim() !== '' && cell.scrollWidth > cell.clientWidth + 1).map((c) => c.textContent),
    outside: [...box.querySelectorAll<HTMLElement>('th')].filter((th) => th.getBoundingClientRect().right > box.getBoundingClientRect().right + 1).map((th) => th.textContent),
  }));
}

test('1400 px: la ricerca esercenti e i movimenti di magazzino stanno nel riquadro, ogni colonna in vista e nessun testo tagliato', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/esercente/ricercaEsercente');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, '/esercente/ricercaEsercente');

  await test.step('ricerca esercente: sei colonne, Abilitato compreso, senza scorrere di lato', async () => {
    await page.getByRole('searchbox', { name: 'Ragione sociale' }).fill('a');
    // Bar Centrale, Ferramenta Verdi, Libreria Online, Supermercati Lombardi, Trattoria da Gino, Pizzeria Bella Napoli.
    await expect(page.getByTestId('result-count')).toHaveText('6 risultati');
    await expect(page.getByRole('columnheader', { name: 'Abilitato' })).toBeInViewport();
    await expect(rows(page).first()).toContainText('30480 - Banca di Credito Cooperativo di Esempio');
    expect(await tableFits(page)).toEqual({ scrolls: false, clipped: [], outside: [] });
  });

  await test.step('movimenti di magazzino: con la colonna di selezione, Stato compreso', async () => {
    await page.goto('/magazzino/movimenti');
    await expect(rows(page).first()).toContainText('101 - Ingenico Move 5000 GPRS');
    await expect(page.getByRole('columnheader', { name: 'Stato' })).toBeInViewport();
    expect(await tableFits(page)).toEqual({ scrolls: false, clipped: [], outside: [] });
  });
});

test('telefono (390 px): il paginatore sta su una riga', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/magazzino/movimenti');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, '/magazzino/movimenti');
  await expect(rows(page).first()).toBeVisible();
  const pager = page.locator('.mrt-table-pagination');
  await expect(pager.getByRole('button', { name: 'Vai alla pagina successiva' })).toBeVisible();
  await expect(pager.getByText('Righe', { exact: true })).toBeVisible();
  // The vertical middles of the label, the page size, the range and the arrows: one line, give or take a pixel or two.
  const middles = await pager.locator('p, input, button').evaluateAll((all) => all.map((el) => el.getBoundingClientRect()).filter((box) => box.height > 0).map((box) => box.top + box.height / 2));
  expect(middles.length).toBeGreaterThanOrEqual(4);
  expect(Math.max(...middles) - Math.min(...middles), 'the pager wraps onto a second line').toBeLessThan(8);
  const widths = await page.evaluate(() => ({ page: document.scrollingElement?.scrollWidth ?? 0, screen: innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
});

test('una riga aperta mentre un filtro scritto sta per applicarsi: si resta sulla scheda, l\'elenco non si riprende la pagina', async ({ page }) => {
  await page.goto(LIST);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, LIST);
  await expect(rows(page).first()).toBeVisible();
  // The record page's code arrives late (a busy machine, a slow network): the list still shows when the
  // filter typed just before the click settles.
  await page.route((url) => /\/assets\/FormPage-[^/]+\.js$/.test(url.pathname), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await nameFilter(page).fill('Sede');
  await rows(page).first().click();
  await expect(page).toHaveURL(/\/anagrafiche\/filiali\/formFiliale\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Filiale');
  // Longer than the typing pause (800 ms): the filter has settled by now, and must have changed nothing.
  await page.waitForTimeout(1_500);
  expect(new URL(page.url()).pathname).toMatch(/^\/anagrafiche\/filiali\/formFiliale\//);
});
