/**
 * Seed 001 §6 "GES_NEG: ... VARIAZIONE and AGGIORNAMENTO edit" in the browser (spec/esercenti/negozio.yaml
 * `permissions: { update: [GES_NEG:AGGIORNAMENTO, GES_NEG:VARIAZIONE] }`, docs/spec-language.md#any-of-permissions):
 * a head-office user whose role reads merchants and holds GES_NEG's VISUALIZZAZIONE and VARIAZIONE only sees the
 * store's Salva, not the merchant's, and saves the store; at 1400 and at 390 px.
 */
import Database from 'better-sqlite3';
import { expect, test } from './support/fixtures';
import { submitLogin } from './support/steps';

const USER = 'sede.variazione.negozi';
const STORE = '/esercente/anagraficaesercente/E/0001234/1002/30480/1';

/** The role and its user, written in this file's database as an administrator would (password of sede.30480). */
function addStoreEditor(databaseFile: string): void {
  const db = new Database(databaseFile);
  try {
    const role = 'VARIAZIONE_NEGOZI';
    db.prepare("insert into ruolo (group_name, role_name, description) values ('30480', ?, 'Variazione negozi')").run(role);
    const grants = [['ANAG_ESERCENTE', 'VISUALIZZAZIONE'], ['GES_ESER', 'VISUALIZZAZIONE'], ['GES_NEG', 'VISUALIZZAZIONE'], ['GES_NEG', 'VARIAZIONE'], ['GES_POS', 'VISUALIZZAZIONE']];
    for (const [funzione, azione] of grants) db.prepare("insert into ruolo_permesso (group_name, role_name, funzione, azione) values ('30480', ?, ?, ?)").run(role, funzione, azione);
    db.prepare("insert into utente (username, full_name, email, \"group\", locked, enabled) values (?, 'Variazione negozi', 'variazione.negozi@bcc-esempio.example', '30480', 0, 1)").run(USER);
    db.prepare('insert into utente_ruolo (username, role_name) values (?, ?)').run(USER, role);
    const credential = db.prepare("select password_hash from credenziale where username = 'sede.30480'").get();
    if (!credential || typeof credential !== 'object' || !('password_hash' in credential)) throw new Error('no credential of sede.30480');
    db.prepare('insert into credenziale (username, password_hash, password_changed_at, must_change, failed_attempts) values (?, ?, ?, 0, 0)')
      .run(USER, credential.password_hash, new Date().toISOString());
  } finally {
    db.close();
  }
}

test('con GES_NEG VARIAZIONE (senza AGGIORNAMENTO) il negozio ha Salva e si salva; l\'anagrafica no, a 1400 e 390 px', async ({ page, appDatabase }, testInfo) => {
  addStoreEditor(appDatabase);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(STORE);
  await submitLogin(page, USER);
  const stores = page.getByRole('region', { name: 'Negozi' });
  const storeSave = stores.getByRole('group', { name: 'Azioni Negozio' }).getByRole('button', { name: 'Salva' });

  await test.step('Salva del negozio sì, Salva dell\'anagrafica no', async () => {
    await expect(stores.getByRole('tablist', { name: 'Negozi' }).getByRole('tab', { selected: true })).toHaveText('Bar Centrale Stazione');
    await expect(storeSave).toBeVisible();
    await expect(page.getByRole('group', { name: 'Azioni del modulo' }).getByRole('button', { name: 'Salva' })).toHaveCount(0);
    await stores.screenshot({ path: testInfo.outputPath('negozio-variazione-1400.png') });
  });

  await test.step('cambia il telefono del negozio e salva', async () => {
    const phone = `02 ${String(Date.now()).slice(-7)}`;
    await stores.locator('#negozi_telefono').fill(phone);
    await storeSave.click();
    await expect(page.getByText('Salvataggio effettuato').first()).toBeVisible();
    await page.reload();
    await expect(stores.locator('#negozi_telefono')).toHaveValue(phone);
  });

  await test.step('a 390 px il Salva del negozio resta raggiungibile', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await storeSave.scrollIntoViewIfNeeded();
    await expect(storeSave).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('negozio-variazione-390.png') });
  });
});
