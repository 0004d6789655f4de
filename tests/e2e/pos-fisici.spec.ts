/**
 * A `many` child shown as tabs on a real screen (docs/spec-language.md#children, `widget: tabs`): a physical
 * POS model's network codes (seed 000 §3) are "Rete 1", "Rete 2"..., added with "Aggiungi" and removed with
 * "Rimuovi" after a confirmation naming the network; the save keeps what the tabs show, and a user who may
 * only read the model sees the same tabs in the record view.
 */
import { expect, test } from './support/fixtures';
import { expectPath, submitLogin } from './support/steps';

const FORM = '/anagrafiche/posFisici/edit/101';

test('modello POS fisico: aggiungo due reti, ne rimuovo una, salvo e ricarico: le schede giuste', async ({ page }) => {
  await page.goto(FORM);
  await expectPath(page, '/login/banca');
  await submitLogin(page, 'assistenza');
  await expectPath(page, FORM);
  const reti = page.locator('[data-field="reti"]');
  const tab = (name: string) => reti.getByRole('tab', { name, exact: true });

  await test.step('la rete del modello è la scheda Rete 1', async () => {
    await expect(reti.getByRole('tab')).toHaveText(['Rete 1']);
    await expect(page.locator('#root_reti_0_codiceNets')).toHaveValue('NETS01');
  });

  await test.step('Aggiungi due volte: Rete 2 e Rete 3, ciascuna con i suoi campi', async () => {
    await reti.getByRole('button', { name: 'Aggiungi Rete 2' }).click();
    await expect(tab('Rete 2')).toHaveAttribute('aria-selected', 'true');
    await expect(tab('Rete 2'), 'the keyboard lands on the new tab').toBeFocused();
    await page.locator('#root_reti_1_codiceNets').fill('NETS77');
    await reti.getByRole('button', { name: 'Aggiungi Rete 3' }).click();
    await page.locator('#root_reti_2_codiceNets').fill('NETS88');
    await page.locator('#root_reti_2_tipoConnessione').fill('WIFI');
    await expect(reti.getByRole('tab')).toHaveText(['Rete 1', 'Rete 2', 'Rete 3']);
  });

  await test.step('con la tastiera: freccia a sinistra dalla Rete 3 apre la Rete 2', async () => {
    await tab('Rete 3').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Rete 2')).toBeFocused();
    await expect(tab('Rete 2')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#root_reti_1_codiceNets')).toBeVisible();
  });

  await test.step('Rimuovi sulla Rete 2: la conferma la nomina; No la tiene, Sì la toglie', async () => {
    await reti.getByRole('button', { name: 'Rimuovi Rete 2' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Rimuovere Rete 2? I suoi dati saranno eliminati al salvataggio.');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(reti.getByRole('tab')).toHaveCount(3);
    await reti.getByRole('button', { name: 'Rimuovi Rete 2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì' }).click();
    await expect(reti.getByRole('tab')).toHaveText(['Rete 1', 'Rete 2']);
    await expect(tab('Rete 1'), 'the keyboard lands on the tab shown').toBeFocused();
    await expect(page.locator('#root_reti_1_codiceNets')).toHaveValue('NETS88');
  });

  await test.step('Salva, poi ricarico la pagina: Rete 1 NETS01, Rete 2 NETS88 via WIFI', async () => {
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.reload();
    await expect(reti.getByRole('tab')).toHaveText(['Rete 1', 'Rete 2']);
    await expect(page.locator('#root_reti_0_codiceNets')).toHaveValue('NETS01');
    await tab('Rete 2').click();
    await expect(page.locator('#root_reti_1_codiceNets')).toHaveValue('NETS88');
    await expect(page.locator('#root_reti_1_tipoConnessione')).toHaveValue('WIFI');
  });
});

test('modello POS fisico in consultazione: le reti sono schede anche nella scheda di sola lettura', async ({ page }) => {
  // Another model than the test above changes: the file's tests share one server.
  const record = '/anagrafiche/posFisici/edit/102';
  await page.goto(record);
  await submitLogin(page, 'sede.30480');
  await expectPath(page, record);
  await expect(page.getByText('Consultazione: i dati non sono modificabili con le autorizzazioni attuali.')).toBeVisible();
  const reti = page.locator('[data-field="reti"]');
  await expect(reti.getByRole('tab')).toHaveText(['Rete 1']);
  await expect(reti.getByRole('tabpanel')).toContainText('NETS02');
  await expect(reti.getByRole('tabpanel')).toContainText('ETH');
  await expect(reti.getByRole('button')).toHaveCount(0);
});
