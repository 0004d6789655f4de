/**
 * Issue 18: pay by mail only for merchants with hasPwMail (seed 002 §6; spec/platform/functions.yaml PWMAIL
 * requiresMerchantFlag). merchant.0003456 (Hotel Dolomiti, hasPwMail off) has the same role as merchant.0001234 but
 * no "Servizi" group with the pay-by-mail entries in its menu, the pay-by-mail addresses show the not-authorised
 * page, the API refuses the list (403), its home's channel charts have no "Pay by mail" column and its operator
 * editor does not offer the PayWayMail role (the server refuses it: tests/server/utenze-esercente-pay-by-mail.test.ts). At 1400 px (header groups) and 390 px (the menu behind a button).
 * Every operation and the flag turned off by staff: tests/server/pay-by-mail-abilitazione.test.ts.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const NEW_OPERATOR = '/wpbusiness/gestioneUtenze/nuovo';
const CHARTS = ['Transato per canale', 'Numero transazioni per canale', 'Importo medio per canale'];
const PAGES = ['/wpbusiness/servizi/pwmail', '/wpbusiness/servizi/pwmail/richieste', '/wpbusiness/servizi/pwmail/messaggimail'];

test('merchant.0001234, che ha il pay by mail, lo trova nel menu sotto Servizi', async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/login/merchant');
  await submitLogin(page, 'merchant.0001234');
  await expectPath(page, '/wpbusiness/home');
  // The home's channel charts have a "Pay by mail" column (spec/statistiche/movimenti-aggregati.yaml valueFunctions).
  for (const title of CHARTS) await expect(page.getByRole('img', { name: new RegExp(`^${title}: .*Pay by mail`) })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu WebPOS Business' }).getByRole('button', { name: 'Servizi' }).click();
  await expect(page.getByRole('menuitem', { name: 'Richieste pay by mail' })).toBeVisible();
  // The operator editor offers the PayWayMail role (spec/sicurezza/utente-esercente.yaml choices.functions).
  await page.goto(NEW_OPERATOR);
  await expect(page.getByRole('checkbox', { name: 'Statistiche' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'PayWayMail' })).toBeVisible();
});

for (const width of [1400, 390]) {
  test(`merchant.0003456, senza pay by mail, non lo vede nel menu e non ne apre le pagine a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login/merchant');
    await submitLogin(page, 'merchant.0003456');
    await expectPath(page, '/wpbusiness/home');

    await test.step('i grafici della home non hanno la colonna "Pay by mail"', async () => {
      for (const title of CHARTS) {
        const chart = page.getByRole('img', { name: new RegExp(`^${title}: POS`) });
        await expect(chart).toBeVisible();
        await expect(chart).toHaveAttribute('aria-label', /^[^;]+: POS [^;]+; Pagamento online [^;]+$/);
      }
      await page.screenshot({ path: test.info().outputPath(`home-senza-pay-by-mail-${width}.png`), fullPage: true });
    });

    await test.step('la scheda di un nuovo operatore non offre il ruolo PayWayMail', async () => {
      await page.goto(NEW_OPERATOR);
      await expect(page.getByRole('checkbox', { name: 'Statistiche' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'PayWayMail' })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`operatore-senza-paywaymail-${width}.png`), fullPage: true });
      await page.goto('/wpbusiness/home');
    });

    await test.step('il menu non ha le voci del pay by mail', async () => {
      const header = page.getByRole('navigation', { name: 'Menu WebPOS Business' });
      if (width < 768) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('menuitem', { name: 'Impostazioni' })).toBeVisible();
      } else {
        await expect(header.getByRole('button', { name: 'Profilo' })).toBeVisible();
        await expect(header.getByRole('button', { name: 'Servizi' })).toHaveCount(0);
      }
      await expect(page.getByRole('menuitem', { name: /pay by mail/i })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`menu-senza-pay-by-mail-${width}.png`), fullPage: true });
      if (width < 768) await page.keyboard.press('Escape');
    });

    await test.step('gli indirizzi del pay by mail mostrano la pagina "Non autorizzato"', async () => {
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Non autorizzato' }), path).toBeVisible();
      }
      await page.screenshot({ path: test.info().outputPath(`non-autorizzato-${width}.png`), fullPage: true });
    });

    await test.step("l'API rifiuta l'elenco delle richieste", async () => {
      const res = await page.request.get('/webpos/api/v1/serviziPosVirtuali/pagamentoMail', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      expect(res.status()).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita' });
    });
  });
}
