/**
 * The bank list and form (seed 000 §5): the list asks for a login and comes back to itself; Nuovo -> a
 * 4-digit ABI is refused with the spec's exact message, in Italian only -> a 5-digit ABI saves and moves to
 * the edit route, where the key is locked -> back to the list, the ABI and name filters find the new row.
 * And the page carries a strict Content-Security-Policy that Chromium enforces.
 */
import { CSP_VIOLATION_EVENT } from './support/page-errors';
import { expect, test } from './support/fixtures';
import { exactText, expectPath, submitLogin } from './support/steps';

const LIST = '/anagrafiche/anaBanca';
const ABI_WRONG = '1234';
const ABI = '12345';
const BANK_NAME = `Banca di prova E2E ${Date.now()}`;
const PATTERN_MESSAGE = 'Il campo  deve essere di 5 cifre';

test("la pagina ha la Content-Security-Policy, e Chromium la applica", async ({ page, pageErrors }) => {
  const response = await page.goto(LIST);
  await expectPath(page, '/login/banca');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");

  const seen = pageErrors.length;
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.appendChild(script);
    return '__inlineRan' in window && window.__inlineRan === true;
  });
  expect(ran, 'an inline script ran despite the Content-Security-Policy').toBe(false);

  // The refusal above is the one violation expected: both its reports (console, event) arrive, then are forgotten.
  const reports = () => pageErrors.slice(seen);
  await expect.poll(() => reports().some((e) => e.startsWith(CSP_VIOLATION_EVENT)), 'the CSP violation reported by the page event').toBe(true);
  await expect.poll(() => reports().some((e) => !e.startsWith(CSP_VIOLATION_EVENT)), "the CSP violation reported in Chromium's console").toBe(true);
  pageErrors.splice(seen);
});

test('banca: ABI di 4 cifre rifiutato con il messaggio della specifica, di 5 salvato, poi trovato dai filtri', async ({ page }) => {
  await test.step("apro l'elenco banche: serve l'accesso", async () => {
    await page.goto(LIST);
    await expectPath(page, '/login/banca');
  });

  await test.step("accesso come assistenza: torno all'elenco banche", async () => {
    await submitLogin(page, 'assistenza');
    await expectPath(page, LIST);
    await expect(page.getByRole('heading', { name: 'Anagrafica banche' })).toBeVisible();
    // The tab names the page (WCAG 2.4.2): history and screen readers tell pages apart.
    await expect(page).toHaveTitle('Anagrafica banche · WebPOS');
    await expect(page.locator('table tbody tr').first()).toBeVisible();
  });

  const abi = page.locator('#root_codAbi');
  await test.step(`Nuovo, ABI di 4 cifre (${ABI_WRONG}) e denominazione, Salva: il messaggio della specifica`, async () => {
    await page.getByRole('button', { name: 'Nuovo' }).click();
    await expect(page).toHaveURL(`${LIST}/formBanca`);
    await abi.fill(ABI_WRONG);
    await page.locator('#root_nomeBcc').fill(BANK_NAME);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.locator('body')).toContainText(exactText(PATTERN_MESSAGE));
    await expect(page).toHaveURL(`${LIST}/formBanca`);
    await expect(page.locator('body'), 'English validation text on the page').not.toContainText(/\bmust\b|\bshould\b|is a required property/i);
  });

  await test.step(`correggo l'ABI in ${ABI} e salvo: la pagina di modifica, con la chiave bloccata`, async () => {
    await abi.fill(ABI);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page).toHaveURL(`${LIST}/formBanca/${ABI}`);
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    // The edit route reloads the row: the assertions wait for that render instead of reading it mid-transition.
    await expect(abi).toHaveValue(ABI);
    await expect(abi, 'the key field is editable on the edit route').not.toBeEditable();
  });

  await test.step('rinomino la banca e salvo: il titolo della pagina segue subito, senza ricaricare', async () => {
    const reloads = { count: 0 };
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) reloads.count++; });
    await page.locator('#root_nomeBcc').fill(`${BANK_NAME} bis`);
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Modifica Banca ${ABI} - ${BANK_NAME} bis`);
    await expect(page).toHaveTitle(`Modifica Banca ${ABI} - ${BANK_NAME} bis · WebPOS`);
    // The form stayed as the user left it: the new name in its box, nothing to save.
    await expect(page.locator('#root_nomeBcc')).toHaveValue(`${BANK_NAME} bis`);
    expect(reloads.count, 'the page was reloaded').toBe(0);
  });

  await test.step("Annulla (nulla da salvare) riporta all'elenco; filtro per ABI", async () => {
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(page).toHaveURL(LIST);
    const filtered = page.waitForResponse((r) => r.url().includes('/banche?') && r.url().includes(`codAbi=${ABI}`) && r.ok());
    await page.getByRole('searchbox', { name: 'Codice ABI' }).fill(ABI);
    await filtered;
    const row = page.locator('table tbody tr', { hasText: BANK_NAME });
    await expect(row).toBeVisible();
    await expect(page.locator('table tbody tr')).toHaveCount(1);
    await expect(row).toContainText(ABI);
  });

  await test.step('filtro per denominazione (parametro del manifest)', async () => {
    const byName = page.waitForResponse((r) => r.url().includes('/banche?') && /[?&]name=prova/.test(r.url()) && r.ok());
    await page.getByRole('searchbox', { name: 'Codice ABI' }).fill('');
    await page.getByRole('searchbox', { name: 'Denominazione' }).fill('prova E2E');
    await byName;
    await expect(page.locator('table tbody tr', { hasText: BANK_NAME })).toBeVisible();
  });
});

test('la scheda banca in quattro schede: la scheda aperta è nell\'indirizzo, la forzatura si vede solo con la fatturazione diretta, un salvataggio rifiutato apre la scheda con gli errori', async ({ page }) => {
  const FORM = `${LIST}/formBanca/30480`;
  await page.goto(FORM);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, FORM);

  await test.step('quattro schede; Anagrafica aperta con i suoi riquadri', async () => {
    await expect(page).toHaveTitle('Modifica Banca 30480 - Banca di Credito Cooperativo di Esempio · WebPOS');
    await expect(page.getByRole('tab')).toHaveText(['Anagrafica', 'Fatturazione', 'Servizi e flussi', 'Modelli POS']);
    await expect(page.getByRole('tab', { name: 'Anagrafica' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('group', { name: 'Banca' })).toBeVisible();
    await expect(page.locator('#root_nomeBcc')).toBeVisible();
  });

  await test.step('Fatturazione: l\'indirizzo la ricorda, anche dopo il ricaricamento', async () => {
    await page.getByRole('tab', { name: 'Fatturazione' }).click();
    await expect(page).toHaveURL(`${FORM}?scheda=fatturazione`);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Fatturazione' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#root_nomeBcc')).toBeHidden();
  });

  await test.step('senza fatturazione diretta il riquadro Forzatura sparisce, e torna con essa', async () => {
    const forzatura = page.getByRole('group', { name: 'Forzatura' });
    const diretta = page.getByRole('checkbox', { name: 'Fatturazione diretta', exact: true });
    if (!(await diretta.isChecked())) await diretta.check();
    await expect(forzatura).toBeVisible();
    await diretta.uncheck();
    await expect(forzatura).toBeHidden();
    await diretta.check();
    await expect(forzatura).toBeVisible();
  });

  await test.step('nuova banca, Salva dalla scheda Fatturazione: si apre Anagrafica, che dice quanti errori ha', async () => {
    await page.goto(`${LIST}/formBanca?scheda=fatturazione`);
    await expect(page.getByRole('tab', { name: 'Fatturazione' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page).toHaveURL(`${LIST}/formBanca?scheda=anagrafica`);
    const anagrafica = page.getByRole('tab', { name: /Anagrafica/ });
    await expect(anagrafica).toHaveAttribute('aria-selected', 'true');
    await expect(anagrafica.getByLabel('2 errori')).toBeVisible();
    await expect(page.locator('#root_codAbi')).toBeVisible();
  });
});
