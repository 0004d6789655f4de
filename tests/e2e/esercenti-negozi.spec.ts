/**
 * The merchant record's stores as tabs, ten a page, each with its terminals as tabs (seed 001 §2, §9;
 * docs/spec-language.md#related-lists-as-tabs): the head office opens Supermercati Lombardi (twelve stores),
 * goes to the second page of stores, opens a store and one of its terminals; the address follows
 * (/:codEser/:negozio/:abi/:pagina/:posid) and a reload reopens the same store and terminal. The arrow keys
 * move between the store tabs. A store's tab shows its opening hours and receipt lines (seed 001 §1, §3) at 1400
 * and 390 px, and the server's refusals of them on their fields (tests/server/esercenti-negozi-orari.test.ts).
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const RECORD = '/esercente/anagraficaesercente/E/0005678';

test('negozi a schede, dieci per pagina: pagina 2, un negozio, un terminale; il ricaricamento riapre lo stesso punto', async ({ page }) => {
  await page.goto(RECORD);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, RECORD);
  const stores = page.getByRole('region', { name: 'Negozi' });
  const storeTabs = stores.getByRole('tablist', { name: 'Negozi' });

  await test.step('la prima pagina: dieci negozi, il primo aperto con i suoi terminali', async () => {
    await expect(stores.getByText('12 risultati')).toBeVisible();
    await expect(stores.getByText('Pagina 1 di 2')).toBeVisible();
    await expect(storeTabs.getByRole('tab')).toHaveCount(10);
    await expect(storeTabs.getByRole('tab', { selected: true })).toHaveText('Supermercato Lombardi Milano Torino');
    await expect(stores.locator('#negozi_insegna')).toHaveValue('Supermercato Lombardi Milano Torino');
    await expect(stores.getByRole('tablist', { name: 'Terminali' }).getByRole('tab')).toHaveText(['Terminale 30480501', 'Terminale 30480502']);
    await expect(stores.getByRole('button', { name: 'Pagina precedente' })).toBeDisabled();
  });

  await test.step('le frecce passano al negozio accanto', async () => {
    await storeTabs.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(storeTabs.getByRole('tab', { selected: true })).toHaveText('Supermercato Lombardi Milano Umbria');
    await expectPath(page, `${RECORD}/5002/30480/1`);
    await expect(stores.locator('#negozi_insegna')).toHaveValue('Supermercato Lombardi Milano Umbria');
    await expect(stores.getByRole('region', { name: 'Terminali' }).getByText('Nessun risultato')).toBeVisible();
  });

  await test.step('pagina successiva: i due negozi della seconda pagina', async () => {
    await stores.getByRole('button', { name: 'Pagina successiva' }).click();
    await expect(stores.getByText('Pagina 2 di 2')).toBeVisible();
    await expect(storeTabs.getByRole('tab')).toHaveText(['Supermercato Lombardi Cremona', 'Supermercato Lombardi Lecco']);
    await expect(stores.getByRole('button', { name: 'Pagina successiva' })).toBeDisabled();
  });

  await test.step('apro il negozio di Lecco e poi il secondo terminale di Cremona', async () => {
    await storeTabs.getByRole('tab', { name: 'Supermercato Lombardi Lecco' }).click();
    await expectPath(page, `${RECORD}/5012/30480/2`);
    await expect(stores.locator('#negozi_insegna')).toHaveValue('Supermercato Lombardi Lecco');
    await storeTabs.getByRole('tab', { name: 'Supermercato Lombardi Cremona' }).click();
    await expectPath(page, `${RECORD}/5011/30480/2`);
    const terminals = stores.getByRole('tablist', { name: 'Terminali' });
    await expect(terminals.getByRole('tab')).toHaveText(['Terminale 30480511', 'Terminale 30480512']);
    await terminals.getByRole('tab', { name: 'Terminale 30480512' }).click();
    await expectPath(page, `${RECORD}/5011/30480/2/30480512`);
    await expect(stores.locator('#terminali_posid')).toHaveValue('30480512');
  });

  await test.step('dopo il ricaricamento: pagina 2, Cremona, terminale 30480512', async () => {
    await page.reload();
    await expect(stores.getByText('Pagina 2 di 2')).toBeVisible();
    await expect(storeTabs.getByRole('tab', { selected: true })).toHaveText('Supermercato Lombardi Cremona');
    await expect(stores.getByRole('tablist', { name: 'Terminali' }).getByRole('tab', { selected: true })).toHaveText('Terminale 30480512');
    await expect(stores.locator('#terminali_posid')).toHaveValue('30480512');
    await expect(page.locator('#root_ds')).toHaveValue('Supermercati Lombardi S.p.A.');
  });
});

test("il negozio si modifica nella sua scheda e si salva da solo; l'anagrafica non salvata resta passando a un altro negozio", async ({ page }) => {
  const phone = `02 ${String(Date.now()).slice(-7)}`;
  await page.goto('/esercente/anagraficaesercente/E/0001234/1002/30480/1');
  await submitLogin(page, 'sede.30480');
  const stores = page.getByRole('region', { name: 'Negozi' });

  await test.step('cambio il telefono del negozio Stazione e salvo con il suo pulsante', async () => {
    await expect(stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { selected: true })).toHaveText('Bar Centrale Stazione');
    await stores.locator('#negozi_telefono').fill(phone);
    await stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.reload();
    await expect(stores.locator('#negozi_telefono')).toHaveValue(phone);
  });

  await test.step("con l'anagrafica modificata e non salvata, passare a un altro negozio non la perde e non chiede nulla", async () => {
    await page.locator('#root_telefono').fill('02 1111111');
    await stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { name: 'Bar Centrale Monza' }).click();
    await expectPath(page, '/esercente/anagraficaesercente/E/0001234/1003/30480/1');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(stores.locator('#negozi_insegna')).toHaveValue('Bar Centrale Monza');
    await expect(page.locator('#root_telefono')).toHaveValue('02 1111111');
  });
});

test('la categoria merceologica del negozio è obbligatoria: senza, il modulo lo dice sul campo e non salva (seed 001 §5)', async ({ page }) => {
  await page.goto('/esercente/anagraficaesercente/E/0001234/1002/30480/1');
  await submitLogin(page, 'sede.30480');
  const stores = page.getByRole('region', { name: 'Negozi' });
  await expect(stores.locator('#negozi_abcid')).toHaveValue('5812');
  let sent = 0;
  page.on('request', (r) => { if (r.method() === 'PUT' && r.url().includes('/negozi/1002')) sent += 1; });
  await stores.locator('#negozi_abcid').fill('');
  await stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' }).click();
  await expect(stores.locator('#negozi_abcid-error')).toHaveText('Indicare la categoria merceologica del negozio');
  expect(sent, 'the form asks nothing of the server').toBe(0);
  await stores.locator('#negozi_abcid').fill('5812');
  await stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
});

test("orari di apertura e righe scontrino nella scheda del negozio, a 1400 e 390 px; una chiusura prima dell'apertura e una lettera accentata sono rifiutate sul campo", async ({ page }, testInfo) => {
  // Ferramenta Verdi (0002345, store 2001): 08:30-19:30 with a break 12:30-15:00 in the demo (spec/demo/46-negozi.yaml).
  await page.goto('/esercente/anagraficaesercente/E/0002345');
  await submitLogin(page, 'sede.30480');
  const stores = page.getByRole('region', { name: 'Negozi' });
  const hours = stores.getByRole('group', { name: 'Orari di apertura' });
  const receipt = stores.getByRole('group', { name: 'Righe scontrino' });
  const save = stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' });
  await expect(stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { selected: true })).toHaveText('Ferramenta Verdi');

  for (const width of [1400, 390]) {
    await test.step(`a ${width} px: gli orari con la pausa e le righe dello scontrino, esercente e cliente`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await expect(hours.getByLabel('Orario di apertura')).toHaveValue('08:30');
      await expect(hours.getByLabel('Orario di chiusura')).toHaveValue('19:30');
      await expect(hours.getByLabel('Pausa dalle ore')).toHaveValue('12:30');
      await expect(hours.getByLabel('Pausa alle ore')).toHaveValue('15:00');
      await expect(receipt.getByLabel('Testata', { exact: true })).toHaveValue('FERRAMENTA VERDI');
      await expect(receipt.getByLabel('Riga 2', { exact: true })).toHaveValue('20900 MONZA (MB)');
      await expect(receipt.getByLabel('Riga 1 cliente')).toHaveValue('VIA ITALIA 22 - MONZA');
      await expect(receipt.getByLabel('Messaggio di cortesia', { exact: true })).toHaveValue('GRAZIE DELLA VISITA');
      await expect(stores.locator('#negozi_fax')).toHaveValue('039 2223344');
      // Side by side on a wide screen, one under the other on a phone.
      const opening = await hours.getByLabel('Orario di apertura').boundingBox();
      const closing = await hours.getByLabel('Orario di chiusura').boundingBox();
      if (width === 1400) expect(closing?.y).toBe(opening?.y);
      else expect(closing?.y ?? 0).toBeGreaterThan((opening?.y ?? 0) + (opening?.height ?? 0));
      expect((closing?.x ?? 0) + (closing?.width ?? 0), 'no field beyond the screen').toBeLessThanOrEqual(width);
      await hours.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`negozio-orari-scontrino-${width}.png`) });
    });
  }

  await test.step("una chiusura alle 07:00 e una testata con la È: i messaggi sui campi, niente salvato", async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await receipt.getByLabel('Testata', { exact: true }).fill('FERRAMENTA È VERDI');
    await save.click();
    await expect(stores.locator('#negozi_testata-error')).toHaveText("Lo scontrino stampa solo lettere senza accento, cifre, spazi e i segni . , ; : ' ! ? ( ) / & + * # % @ -");
    await receipt.getByLabel('Testata', { exact: true }).fill("FERRAMENTA VERDI & FIGLI");
    await hours.getByLabel('Orario di chiusura').fill('07:00');
    await save.click();
    await expect(stores.locator('#negozi_chiusura-error')).toHaveText("L'orario di chiusura deve essere successivo all'orario di apertura");
  });

  await test.step('chiusura alle 20:00: salvato, e dopo il ricaricamento resta', async () => {
    await hours.getByLabel('Orario di chiusura').fill('20:00');
    await save.click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.reload();
    await expect(hours.getByLabel('Orario di chiusura')).toHaveValue('20:00');
    await expect(receipt.getByLabel('Testata', { exact: true })).toHaveValue('FERRAMENTA VERDI & FIGLI');
  });
});

test("l'anagrafica anche sotto la ricerca: /esercente/ricercaEsercente/anagraficaesercente/E/{codEser}/{codNeg}/{abi}/{posId} riapre negozio e terminale (seed 001 §2)", async ({ page }) => {
  const UNDER_SEARCH = '/esercente/ricercaEsercente/anagraficaesercente/E/0001234';
  await page.goto(`${UNDER_SEARCH}/1002/30480/30480003`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, `${UNDER_SEARCH}/1002/30480/30480003`);
  await expect(page.locator('#root_ds')).toHaveValue('Bar Centrale S.r.l.');
  const stores = page.getByRole('region', { name: 'Negozi' });
  await expect(stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { selected: true })).toHaveText('Bar Centrale Stazione');
  await expect(stores.getByRole('tablist', { name: 'Terminali' }).getByRole('tab', { selected: true })).toHaveText('Terminale 30480003');
  await expect(stores.locator('#terminali_posid')).toHaveValue('30480003');
  // The same record as at /esercente/anagraficaesercente: the head office saves it here too.
  await page.locator('#root_telefono').fill('02 7654322');
  await page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('#root_telefono')).toHaveValue('02 7654322');
});
