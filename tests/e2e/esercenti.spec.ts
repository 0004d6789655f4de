/**
 * The merchant search and record (seed 001 §2, §5; spec/esercenti/esercente.yaml) as the bank's head office:
 * the bank is already chosen and locked (seed 000 §6), so the search needs nothing else; it finds the merchant by company name within its
 * bank, opens the record on its three tabs (registry data, legal representative, beneficial owners), and a
 * changed phone number is saved and read back. A new merchant takes its subject type from a whole VAT number,
 * and a bank of a central initiative refuses it with the seed's message on the bank (seed 001 §6). A terminal id
 * alone finds its merchant (seed 001 §7), and a CAB or CAP that is not of the municipality is refused in the form
 * with the seed 001 §5 messages on the fields.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const SEARCH = '/esercente/ricercaEsercente';
const RECORD = '/esercente/anagraficaesercente/E/0001234';
const NEEDS_A_FIELD = "E' necessario compilare almeno un campo del form prima di poter effettuare una ricerca.";

test("ricerca esercente per ragione sociale, apertura dell'anagrafica nelle sue schede, modifica del telefono", async ({ page }) => {
  const phone = `02 ${String(Date.now()).slice(-7)}`;

  await test.step("la banca dell'utente è già scelta e bloccata: la ricerca non chiede altro (seed 000 §6)", async () => {
    await page.goto(SEARCH);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, SEARCH);
    await expect(page.getByRole('heading', { name: 'Ricerca esercente' })).toBeVisible();
    const bank = page.getByRole('textbox', { name: 'Banca' });
    await expect(bank).toHaveValue('30480 - Banca di Credito Cooperativo di Esempio');
    await expect(bank).not.toBeEditable();
    await expect(page.getByText(NEEDS_A_FIELD)).toHaveCount(0);
  });

  await test.step('la ragione sociale trova Bar Centrale nella banca', async () => {
    const searched = page.waitForResponse((r) => r.url().includes('/esercenti?') && r.url().includes('codAbi=30480') && r.url().includes('ds=centrale') && r.ok());
    await page.getByRole('searchbox', { name: 'Ragione sociale' }).fill('centrale');
    await searched;
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(page.locator('table tbody tr').first()).toContainText('Bar Centrale S.r.l.');
  });

  await test.step("apro l'anagrafica: tre schede, il legale rappresentante e i due titolari", async () => {
    await page.locator('table tbody tr', { hasText: 'Bar Centrale S.r.l.' }).click();
    await expectPath(page, RECORD);
    // The first tablist is the record's own; its stores and their terminals follow as tabs of their own.
    await expect(page.getByRole('tablist').first().getByRole('tab')).toHaveText(['Anagrafica', 'Legale rappresentante', 'Titolari effettivi']);
    await expect(page.locator('#root_ds')).toHaveValue('Bar Centrale S.r.l.');
    await page.getByRole('tab', { name: 'Legale rappresentante' }).click();
    await expect(page.locator('#root_legaleRappresentante_cognome')).toHaveValue('Bianchi');
    await page.getByRole('tab', { name: 'Titolari effettivi' }).click();
    await expect(page.locator('#root_titolari_1_cognome')).toHaveValue('Rossi');
  });

  await test.step('cambio il telefono, salvo, e dopo il ricaricamento è quello nuovo', async () => {
    await page.getByRole('tab', { name: 'Anagrafica' }).click();
    await page.locator('#root_telefono').fill(phone);
    // The merchant's own Salva: each store tab below has its own.
    await page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.reload();
    await expect(page.locator('#root_telefono')).toHaveValue(phone);
  });
});

test('nuovo esercente: il tipo soggetto dedotto dalla partita IVA; una banca di iniziativa dell\'ente centrale lo rifiuta', async ({ page }) => {
  await page.goto('/esercente/anagraficaesercente/E');
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.60855');
  await expect(page.getByRole('heading', { name: 'Inserimento Esercente' })).toBeVisible();

  await test.step('la partita IVA intera dà "Solo partita IVA" e nasconde il codice fiscale (seed 001 §5)', async () => {
    await page.locator('#root_codEser').fill('0009901');
    await page.locator('#root_ds').fill('Trattoria Piemontese');
    await page.locator('#root_cab').fill('01600');
    await expect(page.locator('#root_codFiscaleEser')).toBeVisible();
    await page.locator('#root_pivaEser').fill('01234560124');
    await expect(page.locator('#root_tipoSoggettoEser')).toHaveValue('Solo partita IVA');
    await expect(page.locator('#root_codFiscaleEser')).toBeHidden();
  });

  await test.step('il salvataggio per la banca 60855 è rifiutato con il messaggio del seed sulla banca (seed 001 §6)', async () => {
    // sede.60855 has one bank: it is already chosen and locked (seed 000 §6).
    await expect(page.locator('#root_codAbi')).toHaveValue('60855');
    await expect(page.locator('#root_codAbi')).not.toBeEditable();
    await page.getByRole('tab', { name: 'Legale rappresentante' }).click();
    await page.locator('#root_legaleRappresentante_nome').fill('Sara');
    await page.locator('#root_legaleRappresentante_cognome').fill('Colombo');
    await page.locator('#root_legaleRappresentante_codiceFiscale').fill('CLMSRA90M50A944J');
    await page.getByRole('tab', { name: 'Anagrafica' }).click();
    await page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.locator('#root_codAbi-error')).toHaveText("Attenzione: per questa banca non e' possibile la creazione di nuovi esercenti.");
    await expectPath(page, '/esercente/anagraficaesercente/E');
  });
});

test("ricerca per terminal id; un CAB e un CAP che non sono del comune sono rifiutati nel form con i messaggi del seed", async ({ page }) => {
  await test.step('il terminal id da solo basta: trova il suo esercente', async () => {
    await page.goto(SEARCH);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, SEARCH);
    const searched = page.waitForResponse((r) => r.url().includes('/esercenti?') && r.url().includes('posId=30480003') && r.ok());
    await page.getByRole('searchbox', { name: 'Codice terminale' }).fill('30480003');
    await searched;
    await expect(page.getByText(NEEDS_A_FIELD)).toHaveCount(0);
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(page.locator('table tbody tr').first()).toContainText('Bar Centrale S.r.l.');
  });

  await test.step('un CAB di Roma e il CAP unico di Milano: due messaggi sui campi, nulla salvato', async () => {
    await page.locator('table tbody tr', { hasText: 'Bar Centrale S.r.l.' }).click();
    await expectPath(page, RECORD);
    await page.locator('#root_cab').fill('03200');
    await page.locator('#root_cap').fill('20100');
    await page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.locator('#root_cab-error')).toHaveText('Manca la corrispondenza fra CAB e Comune');
    await expect(page.locator('#root_cap-error')).toHaveText('Per le città con Zone Postali non è ammesso il CAP UNICO di Città ma solo i CAP specifici.');
  });

  await test.step('con il CAB e un CAP di Milano il salvataggio riesce', async () => {
    await page.locator('#root_cab').fill('01600');
    await page.locator('#root_cap').fill('20121');
    await page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await expect(page.locator('#root_cab-error')).toHaveCount(0);
  });
});

test('sede.30480, senza i permessi del back-office: il comune dell\'esercente per nome, e lo si cerca scrivendone il nome', async ({ page }) => {
  await page.goto(RECORD);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, RECORD);
  const comune = page.locator('#root_comune');
  await expect(comune, 'the name, not the ISTAT code 015146').toHaveValue('015146 - Milano - MI');

  const searched = page.waitForResponse((r) => r.url().includes('/assistenza/comuni?') && r.url().includes('q=tori') && r.ok());
  await comune.fill('tori');
  await searched;
  await page.getByRole('option', { name: /Torino - TO$/ }).click();
  await expect(comune).toHaveValue(/Torino - TO$/);
});

test('il filtro "Solo e-commerce" della ricerca: Sì i PayWay e PayWayMail della banca, No gli altri (seed 001 §2, §7)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(SEARCH);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, SEARCH);
  const filter = page.getByRole('textbox', { name: 'Solo e-commerce' });

  await test.step('Sì: della banca 30480 resta la Libreria Online [PayWay]', async () => {
    const searched = page.waitForResponse((r) => r.url().includes('/esercenti?') && r.url().includes('soloCommElettronico=true') && r.ok());
    await filter.click();
    await page.getByRole('option', { name: 'Sì' }).click();
    await searched;
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(page.locator('table tbody tr').first()).toContainText('Libreria Online di Sara Colombo [PayWay]');
    await page.screenshot({ path: testInfo.outputPath('ricerca-ecommerce-1400.png'), fullPage: true });
  });

  await test.step('No: Bar Centrale sì, la Libreria Online no', async () => {
    const searched = page.waitForResponse((r) => r.url().includes('/esercenti?') && r.url().includes('soloCommElettronico=false') && r.ok());
    await filter.click();
    await page.getByRole('option', { name: 'No' }).click();
    await searched;
    await expect(page.locator('table tbody tr', { hasText: 'Bar Centrale S.r.l.' })).toHaveCount(1);
    await expect(page.locator('table tbody tr', { hasText: 'Libreria Online' })).toHaveCount(0);
  });

  await test.step('al telefono il filtro resta nella barra, leggibile', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(filter).toBeVisible();
    await expect(filter).toHaveValue('No');
    const box = await filter.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(150);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('ricerca-ecommerce-390.png'), fullPage: true });
  });
});

test("la federazione legge bloccata la ragione sociale di un esercente di una banca socia; il resto lo modifica (seed 001 §6)", async ({ page, request }, testInfo) => {
  await test.step("l'assistenza crea via API un esercente della banca 08549, socia della federazione", async () => {
    const login = await request.post('/webpos/api/v1/authorization/auth?userType=banca', { data: { username: 'assistenza', password: 'Demo-WebPos-2026' } });
    const token = String((await login.json()).access_token);
    const created = await request.post('/webpos/api/v1/esercenti', {
      headers: { 'X-AuthToken': token },
      data: { codEser: '0008901', codAbi: '08549', cab: '01800', ds: 'Trattoria Emilia', tipoSoggettoEser: '2', pivaEser: '01234560124' },
    });
    expect(created.status()).toBe(201);
  });
  const record = '/esercente/anagraficaesercente/E/0008901';
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(record);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'federazione');
  await expectPath(page, record);

  await test.step('la ragione sociale è in sola lettura, il telefono no; il salvataggio del telefono riesce', async () => {
    await expect(page.locator('#root_ds')).toHaveValue('Trattoria Emilia');
    await expect(page.locator('#root_ds')).not.toBeEditable();
    await expect(page.locator('#root_telefono')).toBeEditable();
    await page.locator('#root_telefono').fill('051 7654321');
    await page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('ragione-sociale-bloccata-1400.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('#root_ds')).toBeVisible();
    await expect(page.locator('#root_ds')).not.toBeEditable();
    await page.screenshot({ path: testInfo.outputPath('ragione-sociale-bloccata-390.png') });
  });
});
