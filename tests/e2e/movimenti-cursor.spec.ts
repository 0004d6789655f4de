/**
 * The movements search pages by cursor (docs/spec-language.md#paging-by-cursor): next and previous ask the page by
 * the cursor the list answered, the address keeps page number and cursor, Back from a movement comes back to the
 * very page, and the pager works the same on a phone (390 px). Expected rows come from the demo's generator, in the
 * list's order: newest day first, then the highest id.
 */
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-09-01';
const TO = '2026-11-25';
const ORDERED = demoMovements()
  .filter((m) => m.codAbi === '30480' && m.dataOperazione >= FROM && m.dataOperazione <= TO)
  .sort((a, b) => b.dataOperazione.localeCompare(a.dataOperazione) || b.id.localeCompare(a.id));

test('sede.30480 scorre i movimenti con successiva e precedente, e Indietro riporta alla stessa pagina', async ({ newPage }) => {
  expect(ORDERED.length).toBeGreaterThan(60);
  const page = await newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  const rows = page.locator('table tbody tr[tabindex="0"]');
  const pager = page.getByRole('navigation', { name: 'Pagine' });
  const search = `/movimenti/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;

  await test.step('accede e apre la ricerca del periodo', async () => {
    await page.goto(search);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/movimenti/search');
    await page.goto(search);
    await expect(rows).toHaveCount(20);
  });

  await test.step('successiva due volte: pagina 3 per cursore, nell\'indirizzo', async () => {
    await pager.getByRole('button', { name: 'Pagina successiva' }).click();
    await expect(page).toHaveURL(/page=2&cursor=[\w-]+/);
    await expect(pager.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
    // Page 2's own rows first: its answer carries page 3's cursor (a click before it goes by page number).
    await expect(rows.first()).toContainText(ORDERED[20].oraOperazione);
    await pager.getByRole('button', { name: 'Pagina successiva' }).click();
    await expect(page).toHaveURL(/page=3&cursor=[\w-]+/);
    await expect(pager.getByRole('button', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
  });

  await test.step('apre il primo movimento della pagina 3 e Indietro torna alla pagina 3', async () => {
    const third = page.url();
    // The pager marks the page before its rows arrive: wait for the page's own first row (its time of day).
    await expect(rows.first()).toContainText(ORDERED[40].oraOperazione);
    await rows.first().click();
    await expectPath(page, `/movimenti/search/movimento/${ORDERED[40].id}`);
    await page.goBack();
    await expect(page).toHaveURL(third);
    await expect(pager.getByRole('button', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
    await expect(rows).toHaveCount(20);
  });

  await test.step('precedente: la pagina 2 per cursore, con le sue righe', async () => {
    await pager.getByRole('button', { name: 'Pagina precedente' }).click();
    await expect(page).toHaveURL(/page=2&cursor=[\w-]+/);
    await expect(rows.first()).toContainText(ORDERED[20].oraOperazione);
    await rows.first().click();
    await expectPath(page, `/movimenti/search/movimento/${ORDERED[20].id}`);
    await page.goBack();
  });

  await test.step('su un telefono (390 px) il pager scorre allo stesso modo', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(pager.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
    await expect(rows.first()).toContainText(ORDERED[20].oraOperazione);
    await pager.getByRole('button', { name: 'Pagina successiva' }).click();
    await expect(page).toHaveURL(/page=3&cursor=[\w-]+/);
    await expect(rows.first()).toContainText(ORDERED[40].oraOperazione);
    // A full window (« ‹ 1 2 3 4 5 › », no » past a count that stopped) on one line, inside the screen.
    const tops = await pager.getByRole('button').evaluateAll((buttons) => buttons.map((b) => { const r = b.getBoundingClientRect(); return { top: Math.round(r.top), right: r.right }; }));
    expect(tops.length).toBeGreaterThanOrEqual(8);
    expect(new Set(tops.map((t) => t.top)).size, `the pager's buttons on one line: ${JSON.stringify(tops)}`).toBe(1);
    expect(Math.max(...tops.map((t) => t.right))).toBeLessThanOrEqual(390);
    await rows.first().click();
    await expectPath(page, `/movimenti/search/movimento/${ORDERED[40].id}`);
  });
});

test('successiva cliccata di nuovo mentre la pagina 2 arriva: la pagina 3 mostra le sue righe, non quelle della 2', async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  const rows = page.locator('table tbody tr[tabindex="0"]');
  const pager = page.getByRole('navigation', { name: 'Pagine' });
  const search = `/movimenti/search?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
  await page.goto(search);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, '/movimenti/search');
  await page.goto(search);
  await expect(rows.first()).toContainText(ORDERED[0].oraOperazione);

  // A slow answer for every page asked by cursor: page 2 is still on its way when "next" is clicked again.
  await page.route((url) => url.pathname.startsWith('/webpos/api/') && url.searchParams.has('cursor'), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await pager.getByRole('button', { name: 'Pagina successiva' }).click();
  await expect(pager.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Pagina successiva' }).click();
  await expect(pager.getByRole('button', { name: 'Pagina 3' })).toHaveAttribute('aria-current', 'page');
  await expect(rows.first()).toContainText(ORDERED[40].oraOperazione);
  await expect(rows).toHaveCount(20);
});
