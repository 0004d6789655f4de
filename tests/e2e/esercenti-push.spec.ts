/**
 * The push aggregate's stores (seed 001 §6, §9: "code 99999 means push; non-push-bank users cannot save on push
 * shops"): the push agent finds the demo's push merchant (bank 99999) in the search, marked "Banca push", opens
 * it, moves between the terminals of its store and saves the store; assistance opens the same store and finds it
 * read-only, at 1400 and 390 px. The server's refusal is tests/server/esercenti-regole.test.ts. The push agent may
 * change merchants but not create them (no GES_ESER:CREAZIONE, spec/demo/07-ruoli.yaml): no "Nuovo" on the search,
 * the seed's refusal on the empty form, 403 from the API.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const SEARCH = '/esercente/ricercaEsercente';
const RECORD = '/esercente/anagraficaesercente/E/0007001';

test("l'agente push trova l'esercente della banca push, ne apre il negozio e i terminali e salva il negozio", async ({ page }) => {
  const phone = `02 ${String(Date.now()).slice(-7)}`;
  await page.goto(SEARCH);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'agente.push');
  await expectPath(page, SEARCH);
  const stores = page.getByRole('region', { name: 'Negozi' });

  await test.step('ricerca per codice esercente: il risultato porta [Banca push] dopo il nome', async () => {
    await page.getByRole('searchbox', { name: 'Codice esercente' }).fill('0007001');
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(page.locator('table tbody tr').first()).toContainText('Caffetteria Aurora S.n.c. [Banca push]');
    await page.locator('table tbody tr').first().click();
    await expectPath(page, RECORD);
  });

  await test.step('il negozio della banca push e il suo secondo terminale; l\'indirizzo li segue', async () => {
    await expect(stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { selected: true })).toHaveText('Caffetteria Aurora');
    const terminals = stores.getByRole('tablist', { name: 'Terminali' });
    await expect(terminals.getByRole('tab')).toHaveText(['Terminale 99990001', 'Terminale 99990002']);
    await terminals.getByRole('tab', { name: 'Terminale 99990002' }).click();
    await expect(terminals.getByRole('tab', { selected: true })).toHaveText('Terminale 99990002');
    await expect(page).toHaveURL(/7001\/99999\/1\/99990002(\?|$)/);
  });

  await test.step('cambia il telefono del negozio e salva: è un utente push', async () => {
    await stores.locator('#negozi_telefono').fill(phone);
    await stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.reload();
    await expect(stores.locator('#negozi_telefono')).toHaveValue(phone);
  });
});

test("l'assistenza legge il negozio della banca push ma non può salvarlo (seed 001 §6)", async ({ page }, testInfo) => {
  await page.goto(`${RECORD}/7001/99999/1`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  const stores = page.getByRole('region', { name: 'Negozi' });
  for (const width of [1400, 390]) {
    await test.step(`a ${width} px il negozio si legge e non si salva`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await expect(stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { selected: true })).toHaveText('Caffetteria Aurora');
      // The store shows as a record to read: its values as text, no field to type in, no save.
      const store = stores.getByRole('tabpanel', { name: 'Caffetteria Aurora' });
      await expect(store.getByText('Consultazione: i dati non sono modificabili con le autorizzazioni attuali.')).toBeVisible();
      await expect(store.getByRole('group', { name: 'Negozio' }).getByText('99999 - Aggregato push')).toBeVisible();
      await expect(stores.locator('#negozi_telefono')).toHaveCount(0);
      await expect(stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' })).toHaveCount(0);
      // The merchant's own record stays assistance's to save: only the push bank's store is locked.
      await expect(page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`negozio-push-assistenza-${width}.png`) });
    });
  }
});

test("l'agente push, senza GES_ESER:CREAZIONE, non ha «Nuovo» nella ricerca, il modulo vuoto lo rimanda alla home e il server rifiuta la creazione diretta (seed 001 §6)", async ({ page, request }) => {
  await page.goto(SEARCH);
  await submitLogin(page, 'agente.push');
  await expectPath(page, SEARCH);

  await test.step('la ricerca esercente si apre, senza il pulsante Nuovo', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Ricerca esercente' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Codice esercente' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuovo' })).toHaveCount(0);
  });

  await test.step("l'indirizzo del modulo vuoto dice il messaggio del seed e torna alla home", async () => {
    await page.goto('/esercente/anagraficaesercente/E');
    const refusal = page.getByRole('dialog');
    await expect(refusal).toContainText('Attenzione: Non si dispone dei permessi necessari per creare nuovi esercenti.');
    await expect(page.locator('#root_codEser')).toHaveCount(0);
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(page).not.toHaveURL(/\/esercente\/anagraficaesercente\/E$/);
  });

  await test.step('la creazione diretta via API: 403, e l\'esercente non esiste', async () => {
    const login = await request.post('/webpos/api/v1/authorization/auth?userType=banca', { data: { username: 'agente.push', password: 'Demo-WebPos-2026' } });
    const headers = { 'X-AuthToken': String((await login.json()).access_token) };
    const created = await request.post('/webpos/api/v1/esercenti', {
      headers,
      data: { codEser: '0009971', codAbi: '99999', cab: '01600', ds: 'Caffetteria Nuova', tipo: 'FI', tipoSoggettoEser: '2', pivaEser: '01234560124' },
    });
    expect(created.status()).toBe(403);
    expect(await created.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await request.get('/webpos/api/v1/esercenti/0009971', { headers })).status()).toBe(404);
  });
});
