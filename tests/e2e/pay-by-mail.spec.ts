/**
 * Pay-by-mail in the business portal (seed 002 §2 servizi/pwmail, /richieste, /messaggimail; §4, §5, §8; spec/pwmail/):
 * merchant.0001234 sends a request by e-mail with an attachment ('Richiesta inviata con successo'), copies its link ('Link copiato'),
 * then confirms a reserved payment from the monitor, after a confirmation naming amount and customer
 * ('Pagamento confermato con successo'). At 1400 px and 390 px. The cause and name-surname show only while
 * PWM.SPECIAL_REQUESTS is on (seed 002 §5). The states, the scope and the messages of every refusal are
 * tests/server/pay-by-mail.test.ts's.
 */
import Database from 'better-sqlite3';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FORM = '/wpbusiness/servizi/pwmail';
const MONITOR = '/wpbusiness/servizi/pwmail/richieste';

test("l'esercente invia una richiesta pay by mail e conferma un pagamento prenotato", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(FORM);
  await expectPath(page, '/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, FORM);

  await test.step('la richiesta: negozio, importo, cliente; inviata per e-mail', async () => {
    const store = page.locator('#root_shopId');
    await store.fill('Stazione');
    await page.getByRole('option', { name: /Bar Centrale Stazione/ }).click();
    await page.locator('#root_importo').fill('25,50');
    await page.locator('#root_nomeDestinatario').fill('Elena Marchetti');
    await page.locator('#root_destinatario').fill('elena.marchetti@cliente.example');
    await page.locator('#root_descrizione').fill('Torta per il battesimo del 6/12');
    // Seed 002 §5: the attachment, chosen on the new request, travels with it (and so in its mail).
    await expect(page.getByRole('button', { name: 'Allegato: Scegli un file da caricare' })).toBeVisible();
    await page.locator('input[type=file]').first().setInputFiles({ name: 'preventivo-torta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\npreventivo\n') });
    await expect(page.getByText('Il file preventivo-torta.pdf si salva con il modulo.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('richiesta-1400.png'), fullPage: true });
    const saved = page.waitForResponse((r) => r.url().endsWith('/serviziPosVirtuali/pagamentoMail') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Salva' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    expect(await answer.json()).toMatchObject({ stato: 'AT', amount: 2550, shopUserRef: 'Elena Marchetti', allegato: expect.any(String) });
    await expect(page.getByText('Richiesta inviata con successo')).toBeVisible();
  });

  await test.step('il link si copia', async () => {
    await page.getByRole('button', { name: 'Copia link: Link di pagamento' }).click();
    await expect(page.getByText('Link copiato')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https:\/\/pagamenti\.webpos\.example\/pbm\/[0-9a-f-]{36}$/);
    await page.screenshot({ path: test.info().outputPath('richiesta-inviata-1400.png'), fullPage: true });
  });

  await test.step('dal monitor: conferma del pagamento prenotato, con importo e cliente', async () => {
    await page.goto(MONITOR);
    const row = page.locator('table tbody tr', { hasText: 'Paolo Greco' });
    await expect(row).toContainText('Prenotazione pagamento');
    await page.screenshot({ path: test.info().outputPath('monitor-1400.png'), fullPage: true });
    await row.getByText('Catering per la festa di laurea').click();
    await page.getByRole('button', { name: 'Conferma pagamento' }).click();
    await expect(page.getByRole('dialog')).toContainText("Confermare il pagamento di 210,00 euro di Paolo Greco? L'importo prenotato sarà addebitato al cliente.");
    await page.getByRole('dialog').getByRole('button', { name: /^(Sì|Conferma|OK)$/ }).click();
    await expect(page.getByText('Pagamento confermato con successo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Storna' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Conferma pagamento' })).toHaveCount(0);
  });

  await test.step('a 390 px: il monitor, il modulo e i messaggi', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(MONITOR);
    await expect(page.locator('table tbody tr', { hasText: 'Paolo Greco' })).toContainText('Approvato');
    await page.screenshot({ path: test.info().outputPath('monitor-390.png'), fullPage: true });
    await page.goto(FORM);
    await expect(page.locator('#root_importo')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('richiesta-390.png'), fullPage: true });
    await page.goto('/wpbusiness/servizi/pwmail/messaggimail');
    await expect(page.locator('table tbody tr')).toHaveCount(5);
    await page.screenshot({ path: test.info().outputPath('messaggi-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('causale e nome e cognome compaiono solo con le richieste speciali abilitate (PWM.SPECIAL_REQUESTS)', async ({ page, appDatabase }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(FORM);
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, FORM);
  await expect(page.locator('#root_importo')).toBeVisible();
  // Off (the default): neither the fields nor their section.
  await expect(page.getByText('Richieste speciali', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Causale')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('richiesta-senza-speciali-1400.png'), fullPage: true });
  // An administrator switches them on (the configuration table, as Configurazione > Salva writes it).
  const db = new Database(appDatabase);
  try {
    db.prepare('insert into configurazione (chiave, valore, updated_at, updated_by) values (?, ?, ?, ?)').run('PWM.SPECIAL_REQUESTS', 'true', new Date().toISOString(), 'assistenza');
  } finally {
    db.close();
  }
  await page.reload();
  await expect(page.getByText('Richieste speciali', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Causale')).toBeVisible();
  await expect(page.getByLabel("Nome e cognome dell'intestatario")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Causale').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('richiesta-speciali-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('senza un link la copia dice che manca (seed 002 §5 \'URL mancante.\')', async ({ page, context, appDatabase }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A request whose gateway answered no link (Paolo Greco's, seed data, here without it).
  const db = new Database(appDatabase);
  try {
    db.prepare('update pagamento_mail set link_url = null where tid = ?').run('9b1e0a52-0c4f-4b8e-9a51-000000000008');
  } finally {
    db.close();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(MONITOR);
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, MONITOR);
  await page.evaluate(() => navigator.clipboard.writeText('prima'));
  await page.getByText('Catering per la festa di laurea').first().click();
  await page.getByRole('button', { name: 'Copia link: Link di pagamento' }).click();
  await expect(page.getByText('URL mancante.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('url-mancante-390.png'), fullPage: true });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('prima');
});

test("una richiesta che il server non prende: 'ATTENZIONE: si è verificato un errore durante l'invio della richiesta' (seed 002 §8)", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(FORM);
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, FORM);
  // The send fails on the server's side (no answer from the gateway).
  await page.route('**/serviziPosVirtuali/pagamentoMail', (route) => route.request().method() === 'POST'
    ? route.fulfill({ status: 502, contentType: 'application/json', body: '{"code":"UPSTREAM_ERROR","errorMessage":"Gateway non raggiungibile"}' })
    : route.fallback());
  await page.locator('#root_shopId').fill('Stazione');
  await page.getByRole('option', { name: /Bar Centrale Stazione/ }).click();
  await page.locator('#root_importo').fill('12,00');
  await page.locator('#root_nomeDestinatario').fill('Elena Marchetti');
  await page.locator('#root_destinatario').fill('elena.marchetti@cliente.example');
  await page.locator('#root_descrizione').fill('Pasticcini');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText("ATTENZIONE: si è verificato un errore durante l'invio della richiesta. Gateway non raggiungibile")).toBeVisible();
  await expect(page.getByText('Richiesta inviata con successo')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('invio-fallito-1400.png'), fullPage: true });
});
