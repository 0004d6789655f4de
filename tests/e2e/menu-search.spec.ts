/**
 * The side menu's icons and search box (issue 15 item 9): every group and entry shows the spec's icon; the
 * box on top ("Cerca nel menu") filters the entries as one types, ignoring case and accents; from the keyboard,
 * Down moves to the first entry, Up and Down between entries, Enter opens one; on a 390 px phone it works inside
 * the burger menu, which closes when an entry opens.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const BANKS = '/anagrafiche/anaBanca';

test('1400 px: icone nel menu, ricerca senza accenti, frecce e Invio aprono una voce', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(BANKS);
  await submitLogin(page, 'assistenza');
  await expectPath(page, BANKS);
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  const search = page.getByRole('searchbox', { name: 'Cerca nel menu' });
  const count = page.getByTestId('menu-search-count');

  await test.step("ogni gruppo e ogni voce ha la sua icona, caricata dopo la pagina", async () => {
    const entries = nav.getByRole('link').filter({ hasNotText: 'Home' });
    await expect(entries.first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Banche', exact: true }).locator('svg')).toBeVisible();
    const withoutIcon = await entries.evaluateAll((links) => links.filter((a) => !a.querySelector('svg')).map((a) => a.textContent));
    expect(withoutIcon).toEqual([]);
    const groupsWithoutIcon = await nav.locator('button').evaluateAll((buttons) => buttons.filter((b) => !b.querySelector('svg')).map((b) => b.textContent));
    expect(groupsWithoutIcon).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('menu-1400.png') });
  });

  await test.step('Tab raggiunge la ricerca; "comuni" lascia una voce, Invio la apre', async () => {
    await page.locator('body').click({ position: { x: 700, y: 300 } });
    for (let i = 0; i < 40 && !(await search.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    await page.keyboard.type('comuni');
    await expect(nav.getByRole('link')).toHaveText(['Comuni']);
    await expect(count).toHaveText('1 voce; Invio apre Comuni');
    await page.keyboard.press('Enter');
    await expectPath(page, '/assistenze/backOffice/comuni');
    await expect(search).toHaveValue('');
  });

  await test.step('senza accenti e con: "sicurézza" tiene il gruppo; Giù, Giù e Invio aprono la seconda voce', async () => {
    await search.fill('sicurézza');
    await expect(nav.getByRole('link')).toHaveText([
      'Utenti', 'Ruoli', 'Monitor rischio frodi', 'Monitor storni', 'Monitor transato', 'Destinatari rischio', 'Template mail rischio',
      'Mail inviate', 'Cambio password', 'Impostazioni', 'Configurazione',
    ]);
    await expect(count).toHaveText('11 voci; Invio apre Utenti');
    await search.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Utenti' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Ruoli' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(search).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectPath(page, '/security/ruoli');
  });

  await test.step('"movimenti" trova le voci di due gruppi (e tiene il gruppo "Movimenti e statistiche"); nessuna voce: lo dice; Esc svuota', async () => {
    await search.fill('movimenti');
    await expect(nav.getByRole('link')).toHaveText([
      'Movimenti', 'Dashboard statistiche', 'Movimenti', 'Movimenti Satispay', 'Report statistico', 'Statistiche transato', 'Transato giornaliero', 'Confronto dati periodo',
      'Tracciato mensile', 'Report transazioni banca', 'Report transazioni esercenti', 'Crea report transazioni banca', 'Crea report transazioni esercente', 'Report in tour',
      'Sconti immediati', 'Ventis City', 'Contratti per compagnia', 'Caricamento scarti', 'Storico testapacchi',
    ]);
    await search.fill('xyz');
    await expect(nav.getByRole('link')).toHaveCount(0);
    await expect(nav).toContainText('Nessuna voce del menu contiene «xyz».');
    await expect(count).toHaveText('Nessuna voce');
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(nav.getByRole('link', { name: 'Banche', exact: true })).toBeVisible();
  });
});

test('390 px: la ricerca nel menu a tendina, un tocco apre la voce e chiude il menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(BANKS);
  await submitLogin(page, 'sede.30480');
  await expectPath(page, BANKS);
  const search = page.getByRole('searchbox', { name: 'Cerca nel menu' });
  await expect(search).not.toBeInViewport();
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(search).toBeVisible();
  await search.fill('filiàli');
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(nav.getByRole('link')).toHaveText(['Filiali']);
  await expect(nav.getByRole('link', { name: 'Filiali' }).locator('svg')).toBeVisible();
  const box = await search.boundingBox();
  expect(box && box.x + box.width <= 390, 'the search box fits the phone').toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('menu-390.png') });
  await nav.getByRole('link', { name: 'Filiali' }).tap().catch(() => nav.getByRole('link', { name: 'Filiali' }).click());
  await expectPath(page, '/anagrafiche/filiali');
  await expect(search).not.toBeInViewport();
});
