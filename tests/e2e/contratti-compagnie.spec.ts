/**
 * Contracts by company in the browser (seed 002 §2 /ricerca/ricercaContrattiCompagnie, §4 statoConv, §9 grid 10):
 * sede.30480 opens the search, which asks for a company first; with Visa Europe it reads its bank's contracts
 * (never bank 34256's), opens a printed one, marks it received after the spec's confirmation ('Variazione
 * archiviata') and reads it as Ricevuto; at 390 px a received contract goes in shipment to the company, the
 * confirmation fitting the screen. axe finds no serious or critical violation on the list. The list's operations
 * (docs/spec-language.md#list-operations): the cover sheet of the selected contracts (a mixed selection refused
 * and kept), and the reminder file of the searched company.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const LIST = '/ricerca/ricercaContrattiCompagnie';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs the state change labelled `action` from the record, answering Sì to `question`. */
async function move(page: Page, id: string, action: string, transition: string, question: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `the confirmation fits ${width} px: ${JSON.stringify(box)}`).toBe(true);
  const answered = page.waitForResponse((r) => r.url().endsWith(`/contrattiCompagnie/${id}/${transition}`) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Sì' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('Variazione archiviata').first()).toBeVisible();
}

test('sede.30480 cerca i contratti di una compagnia e ne sposta uno di stato, a 1400 e a 390 px', async ({ newPage }) => {
  const page = await newPage();
  await page.setViewportSize({ width: 1400, height: 900 });

  await test.step('la ricerca chiede prima la compagnia', async () => {
    await page.goto(LIST);
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'sede.30480');
    await expectPath(page, LIST);
    await expect(page.getByRole('heading', { name: 'Contratti per compagnia', exact: true })).toBeVisible();
    await expect(page.getByText('Selezionare la compagnia per effettuare la ricerca dei contratti.')).toBeVisible();
  });

  await test.step('Visa Europe: i contratti della banca 30480, 10 per pagina, con stato e insegna', async () => {
    await page.goto(`${LIST}?codCompagnie=20`);
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(7);
    await expect(rows.filter({ hasText: '34256001' })).toHaveCount(0);
    const printed = rows.filter({ hasText: '30480001' });
    await expect(printed).toContainText('Stampato');
    await expect(printed).toContainText('Bar Centrale');
    const violations = (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('contratti-1400.png'), fullPage: true });
    await printed.click();
    await expectPath(page, `${LIST}/contratto/ctr-30480-01`);
  });

  await test.step('Segna come ricevuto: la conferma, poi "Variazione archiviata" e lo stato Ricevuto', async () => {
    await expect(page.getByRole('textbox', { name: 'Stato convenzione', exact: true })).toHaveValue('Stampato');
    await move(page, 'ctr-30480-01', 'Segna come ricevuto', 'segnaRicevuto', 'Segnare il contratto come ricevuto?');
    await expect(page.getByRole('textbox', { name: 'Stato convenzione', exact: true })).toHaveValue('Ricevuto');
    await expect(page.getByRole('button', { name: 'Segna come ricevuto', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'In spedizione alla compagnia', exact: true })).toBeVisible();
  });

  await test.step('a 390 px un contratto ricevuto va in spedizione alla compagnia', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${LIST}/contratto/ctr-30480-10`);
    await expect(page.getByRole('textbox', { name: 'Stato convenzione', exact: true })).toHaveValue('Ricevuto');
    await move(page, 'ctr-30480-10', 'In spedizione alla compagnia', 'spedisciCompagnia', 'Mettere il contratto in spedizione alla compagnia?');
    await expect(page.getByRole('textbox', { name: 'Stato convenzione', exact: true })).toHaveValue('In spedizione alla compagnia');
    await expect(page.getByRole('button', { name: 'Riporta allo stato precedente', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('contratti-390.png'), fullPage: true });
  });
});

test('sede.30480 stampa il testapacco del contratto in spedizione selezionato ed esporta i solleciti della compagnia', async ({ page }) => {
  await page.goto(`${LIST}?codCompagnie=20`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(7);

  await test.step('un contratto in spedizione e uno in errore insieme: il server rifiuta, la selezione resta', async () => {
    await rows.filter({ hasText: '30480003' }).getByRole('checkbox').check();
    await rows.filter({ hasText: '30480101' }).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Righe selezionate' }).getByRole('button', { name: 'Stampa testapacco' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Contratti selezionati: 2. Stampare il loro testapacco?' }).getByRole('button', { name: 'Sì' }).click();
    await expect(page.getByText('Il testapacco si stampa per contratti tutti in errore o tutti in spedizione alla compagnia').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Righe selezionate' })).toContainText('2 righe selezionate');
  });

  await test.step('il solo contratto in spedizione: il file del testapacco', async () => {
    await rows.filter({ hasText: '30480101' }).getByRole('checkbox').uncheck();
    await page.getByRole('region', { name: 'Righe selezionate' }).getByRole('button', { name: 'Stampa testapacco' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('dialog').filter({ hasText: 'Contratti selezionati: 1. Stampare il loro testapacco?' }).getByRole('button', { name: 'Sì' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.txt$/);
    const sheet = await streamText(await file.createReadStream());
    expect(sheet).toContain('Tipo: Spedizione alla compagnia');
    expect(sheet).toContain('30480003;20;30480;Bar Centrale Stazione');
    await expect(page.getByText(`File scaricato: ${file.suggestedFilename()}`).first()).toBeVisible();
  });

  await test.step('Esporta solleciti con la compagnia cercata: il contratto in spedizione con il suo documento', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta solleciti' }).click();
    const text = await streamText(await (await download).createReadStream());
    expect(text).toContain('30480003');
    expect(text).not.toContain('34256');
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

test("sede.30480 aggiunge un contratto: il terminal id di 8 cifre della banca, poi 'Contratto salvato con successo' e i dati del punto vendita", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${LIST}/contratto`);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'sede.30480');
  await expectPath(page, `${LIST}/contratto`);
  await expect(page.locator('#root_codAbi')).toHaveValue('30480');
  await page.locator('#root_termid').fill('30480003');
  await page.getByRole('option', { name: /30480003/ }).first().click();
  // Seed 002 §7 GET compagnie: the company is searched by its name.
  await page.locator('#root_codCompagnie').fill('Visa');
  await page.getByRole('option', { name: /Visa Europe/ }).first().click();
  await page.locator('#root_dataStampaContratto').fill('20/11/2026');
  const saved = page.waitForResponse((r) => r.url().endsWith('/contrattiCompagnie') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salva' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('Contratto salvato con successo')).toBeVisible();
  // Seed 002 §5: the terminal's store gives the sign, address and VAT number.
  await expect(page.locator('#root_insegnaPdv')).toHaveValue('Bar Centrale Stazione');
  await expect(page.locator('#root_partitaIvaEserc')).toHaveValue('01234560124');
  await expect(page.locator('#root_codCompagnie')).toHaveValue(/Visa Europe/);
  await page.screenshot({ path: test.info().outputPath('contratto-nuovo-1400.png'), fullPage: true });
});
