/**
 * Shells and public routes (issue 14 item 10, issue 15 item 10; seed 000 §1-§2): a visitor opens every public
 * route of seed 000 §2 without being sent to a login, each page shows its own title and no API call is refused
 * on it; a signed-out login page asks the server nothing and logs no console error (Lighthouse's best
 * practices; the session hint cookie, docs/security.md#session-cookie), while the server still refuses data calls without a session; a merchant
 * lands in the business shell (its header, no side menu) and a bank user in the bank shell (side menu), each
 * sent back to its own shell from the other one.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

/** Seed 000 §2's public routes (login and password pages aside) and the h1 each shows a visitor. */
const PUBLIC_ROUTES: [string, string][] = [
  ['/about', 'Informazioni'],
  ['/menu', 'Servizio menu digitale'],
  ['/security/users', 'Accesso e sicurezza degli utenti'],
  ['/home', 'Benvenuto'],
  ['/statistiche/transatoEsercente', 'Transato esercente'],
  ['/download/fattureCooper', 'Fatture Coopersystem'],
  ['/anagrafiche/visualizzainstallazionepos', 'Installazione POS'],
];

test('un visitatore apre ogni rotta pubblica senza essere mandato al login', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.includes('/api/') && r.status() >= 400) refused.push(`${String(r.status())} ${url.pathname}`);
  });
  for (const [route, title] of PUBLIC_ROUTES) {
    await test.step(`${route}: '${title}'`, async () => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectPath(page, route);
      await expect(page.getByText('Pagina in preparazione')).toHaveCount(0);
      await expect(page.getByText('Pagina non trovata')).toHaveCount(0);
    });
  }
  expect(refused, 'API calls refused on a public page').toEqual([]);

  await test.step('i dati restano riservati: senza sessione il server risponde 401', async () => {
    const answer = await page.request.get('/webpos/api/v1/banche');
    expect(answer.status()).toBe(401);
  });

  await test.step('la home pubblica porta ai due accessi', async () => {
    await page.goto('/home');
    await page.getByRole('link', { name: 'Accesso esercenti' }).click();
    await expectPath(page, '/login/merchant');
    await expect(page.getByRole('heading', { name: 'WebPOS Business' })).toBeVisible();
  });

  await test.step('una rotta riservata manda al login della sua area', async () => {
    await page.goto('/anagrafiche/anaBanca');
    await expectPath(page, '/login/banca');
    await page.goto('/wpbusiness/home');
    await expectPath(page, '/login/merchant');
  });
});

test("senza sessione la pagina d'accesso non chiede nulla al server e non scrive errori in console", async ({ page, appURL }) => {
  const consoleErrors: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()); });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/webpos/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });
  const forget = () => { consoleErrors.length = 0; apiCalls.length = 0; };
  const accedi = page.getByRole('button', { name: 'Accedi', exact: true });
  const menu = page.getByRole('navigation', { name: 'Menu principale' });

  await test.step('un visitatore: /login/banca, nessuna chiamata, nessun errore', async () => {
    await page.goto('/login/banca');
    await expect(accedi).toBeVisible();
    expect(apiCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  await test.step('dopo un accesso, ricaricare la pagina riprende la sessione', async () => {
    await submitLogin(page, 'assistenza');
    await expect(menu).toBeVisible();
    await page.reload();
    await expect(menu).toBeVisible();
    expect(apiCalls).toContain('GET /webpos/api/v1/users/me');
  });

  await test.step("dopo l'uscita, ricaricare la pagina d'accesso non chiede nulla", async () => {
    await page.getByRole('button', { name: 'Esci' }).click();
    await expectPath(page, '/login/banca');
    // A request of the signed-in page still on its way at the exit answers 401 after it (CI once logged that
    // 401 as a console error of this step): let them end before counting.
    await page.waitForLoadState('networkidle');
    forget();
    await page.reload();
    await expect(accedi).toBeVisible();
    expect(apiCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  await test.step('una sessione finita sul server: un solo 401, poi il browser la dimentica', async () => {
    await page.context().addCookies([
      { name: 'WP_TOKEN', value: 'sessione-finita', url: appURL },
      { name: 'WP_SESSION', value: '1', url: appURL },
    ]);
    await page.goto('/anagrafiche/anaBanca');
    await expectPath(page, '/login/banca');
    await expect(accedi).toBeVisible();
    forget();
    await page.reload();
    await expect(accedi).toBeVisible();
    expect(apiCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test("l'esercente atterra nell'area business, l'utente banca nell'area banche", async ({ page, newPage }) => {
  await test.step('merchant.0001234: /login/merchant -> /wpbusiness/home, intestazione business e nessun menu laterale', async () => {
    await page.goto('/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/home');
    await expect(page.getByRole('link', { name: 'WebPOS Business' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toHaveCount(0);
  });

  await test.step("l'esercente su /home e su una rotta banca torna alla home business", async () => {
    await page.goto('/home');
    await expectPath(page, '/wpbusiness/home');
    await page.goto('/esercente/ricercaEsercente');
    await expectPath(page, '/wpbusiness/home');
  });

  await test.step("una pagina pubblica si apre nell'area dell'esercente", async () => {
    await page.goto('/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Servizio menu digitale' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'WebPOS Business' })).toBeVisible();
  });

  const bank = await newPage();
  await test.step('sede.30480: /login/banca -> ricerca esercente, con il menu laterale', async () => {
    await bank.goto('/login/banca');
    await submitLogin(bank, 'sede.30480');
    await expectPath(bank, '/esercente/ricercaEsercente');
    await expect(bank.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
    await expect(bank.getByRole('link', { name: 'WebPOS', exact: true })).toBeVisible();
  });

  await test.step("l'utente banca sull'area business torna alla sua pagina di atterraggio", async () => {
    await bank.goto('/wpbusiness/home');
    await expectPath(bank, '/esercente/ricercaEsercente');
  });
});

test.describe('telefono (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('le rotte pubbliche non scorrono di lato', async ({ page }) => {
    for (const [route, title] of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${route} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
