/**
 * A store's immediate discount in the browser (seed 001 §2 the store's "discounts", §4 request, update, deactivate,
 * §5 and §8; spec/esercenti/sconto-immediato.yaml) and the discount statistics (seed 002 §2 /statistiche/scontiimmediati,
 * /wpbusiness/statistiche/ventisCity): sede.30480 opens store 5002's record, requests a discount from its related list,
 * is told the category's minimum, saves one at it and deactivates it; the statistics page adds up the bank's
 * discounted movements, and a second request for a store whose discount is active is refused; assistance is told which
 * terminals of a store have an open technical intervention; the merchant reads its Ventis City figures. At 1400 px and
 * at 390 px (no sideways scroll).
 */
import { demoMovements } from '../../scripts/demo-movimenti';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FROM = '2026-06-01';
const TO = '2026-11-25';
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' });
const cents = (n: number) => Math.round(n * 100) / 100;
const counted = (tipo: string) => demoMovements().filter((m) => m.tipoSconto === tipo && m.esito === '01' && m.codCompagnia !== '90' && m.dataOperazione >= FROM && m.dataOperazione <= TO);
const ALREADY_ACTIVE = 'Per questo negozio il servizio è già attivo: modificare lo sconto attivo o disattivarlo prima di una nuova richiesta';
const OPEN_INTERVENTIONS = 'Attenzione: sui seguenti terminali sono in corso interventi tecnici: 34256001 (Sostituzione POS). Per richiedere il servizio contattare il fornitore dei terminali.';
const noSidewaysScroll = async (page: import('@playwright/test').Page, width: number) => {
  if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
};

for (const width of [1400, 390]) {
  test(`sede.30480 richiede, corregge e disattiva lo sconto immediato del negozio 5002 a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/esercente/negozi/negozio/5002');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/esercente/negozi/negozio/5002');
    const sconti = page.getByRole('region', { name: 'Sconti immediati e Ventis City' });
    // The first width's run leaves its deactivated discount behind: the list holds it from then on.
    await expect(sconti.getByText(width === 1400 ? 'Nessun risultato' : '1 risultato')).toBeVisible();
    await noSidewaysScroll(page, width);

    await test.step('Nuovo apre la richiesta con negozio, esercente, banca e filiale già scelti', async () => {
      await sconti.getByRole('button', { name: 'Nuovo' }).click();
      await expectPath(page, '/esercente/scontiImmediati/sconto');
      await expect(page.locator('#root_pdvid')).toHaveValue(/5002/);
      await expect(page.locator('#root_cab')).toHaveValue('01600');
    });

    await test.step('sotto il minimo della categoria il server rifiuta con il suo messaggio', async () => {
      await page.locator('#root_scontoMin').fill('4');
      await page.locator('#root_email').fill('umbria@lombardi.example');
      await page.getByRole('button', { name: 'Salva', exact: true }).click();
      await expect(page.getByText('Lo sconto non può essere inferiore al minimo della categoria merceologica del negozio (5%)').first()).toBeVisible();
    });

    await test.step('al 5% la richiesta è inserita', async () => {
      await page.locator('#root_scontoMin').fill('5');
      await page.getByRole('button', { name: 'Salva', exact: true }).click();
      await expect(page.getByText('Richiesta inserita con successo').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disattiva', exact: true })).toBeVisible();
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `/tmp/sconto-immediato-${width}.png`, fullPage: true });
    });

    await test.step('Disattiva chiede conferma e lascia lo sconto in sola lettura', async () => {
      await page.getByRole('button', { name: 'Disattiva', exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Disattivare lo sconto?' });
      await dialog.getByRole('button', { name: 'Sì' }).click();
      await expect(page.getByText('Sconto disattivato con successo').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disattiva', exact: true })).toHaveCount(0);
    });
  });

  test(`sede.30480 legge le statistiche degli sconti immediati e un negozio con un terminale a magazzino a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/statistiche/scontiimmediati?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}&per=negozio`);
    await submitLogin(page, 'sede.30480');
    await expectPath(page, '/statistiche/scontiimmediati');
    await expect(page.getByRole('heading', { name: 'Statistiche sconti immediati', exact: true })).toBeVisible();
    const mine = counted('SI').filter((m) => m.codAbi === '30480');
    const table = page.getByTestId('report-table');
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(euro.format(cents(mine.reduce((s, m) => s + (m.importoSconto ?? 0), 0))));
    await expect(table.getByRole('row', { name: /Supermercato Lombardi Cremona/ })).toBeVisible();
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: `/tmp/statistiche-sconti-immediati-${width}.png`, fullPage: true });

    // Seed 001 §8: the store's terminal 30480002 comes from the bank's stock.
    await page.goto('/esercente/scontiImmediati/sconto?pdvid=1001&codEser=0001234&abi=30480&cab=01600');
    await page.locator('#root_scontoMin').fill('5');
    await page.locator('#root_email').fill('roma@barcentrale.example');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByText('Attenzione: è necessario che i modelli richiesti non siano a magazzino.').first()).toBeVisible();

    // One active discount per store and service: store 5001's immediate discount is active (the database's rule, 409).
    await page.goto('/esercente/scontiImmediati/sconto?pdvid=5001&codEser=0005678&abi=30480&cab=01600');
    await page.locator('#root_scontoMin').fill('6');
    await page.locator('#root_email').fill('torino@lombardi.example');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByText(ALREADY_ACTIVE).first()).toBeVisible();
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: `/tmp/sconto-gia-attivo-${width}.png`, fullPage: true });
  });

  test(`assistenza chiede uno sconto per un negozio con un intervento tecnico aperto e legge i terminali a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    // Seed 001 §8: terminal 34256001 of store 3001 has an open maintenance ticket (TK-0004, a POS replacement).
    await page.goto('/esercente/scontiImmediati/sconto?pdvid=3001&codEser=0003456&abi=34256&cab=01800');
    await submitLogin(page, 'assistenza');
    await expectPath(page, '/esercente/scontiImmediati/sconto');
    await page.locator('#root_scontoMin').fill('10');
    await page.locator('#root_email').fill('hotel@dolomiti.example');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByText(OPEN_INTERVENTIONS).first()).toBeVisible();
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: `/tmp/sconto-interventi-aperti-${width}.png`, fullPage: true });
  });

  test(`merchant.0001234 legge il suo Ventis City nel portale business a ${width} px`, async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/wpbusiness/statistiche/ventisCity?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`);
    await expectPath(page, '/login/merchant');
    await submitLogin(page, 'merchant.0001234');
    await expectPath(page, '/wpbusiness/statistiche/ventisCity');
    const mine = counted('VC').filter((m) => m.codEserc === '0001234');
    const table = page.getByTestId('report-table');
    await expect(table.getByRole('row', { name: /^Totale/ })).toContainText(euro.format(cents(mine.reduce((s, m) => s + m.importo, 0))));
    await expect(table.getByRole('row', { name: /settembre 2026/ })).toBeVisible();
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: `/tmp/ventis-city-esercente-${width}.png`, fullPage: true });
  });
}
