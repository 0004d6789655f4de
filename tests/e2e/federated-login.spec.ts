/**
 * Single sign-on and one-time login in the browser (issue 18; seed 000 §1, §4; docs/federated-login.md): the
 * entry URL that `npm run sso:assertion` prints logs its user in and lands on the home of the user's shell,
 * with the assertion gone from the address; a refused assertion (the same URL again: a replay) destroys the
 * session the browser had and logs out, with the server's message.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/fixtures';
import { ROOT } from './support/app-server';
import { expectPath, submitLogin } from './support/steps';

const REFUSED = 'Accesso non riuscito: il collegamento usato non è valido o è scaduto. Accedere di nuovo dal portale di provenienza';

/** The entry URL the command prints for `username` (its last line), on this test's server. */
function entryUrl(appURL: string, username: string, otf = false): string {
  const output = execFileSync('npx', ['tsx', 'scripts/sso-assertion.ts', username, '--url', appURL, ...(otf ? ['--otf'] : [])], { cwd: ROOT, encoding: 'utf8' });
  const url = output.trim().split('\n').at(-1) ?? '';
  expect(url).toMatch(otf ? /\?otfid=.+&otftipo=/ : /\?sinergia_id=.+&FEU=/);
  return url;
}

test("l'asserzione del comando fa entrare l'utente nella sua home; riusata, chiude la sessione", async ({ page, appURL }) => {
  const ssoUrl = entryUrl(appURL, 'merchant.0001234');

  await test.step('single sign-on di merchant.0001234: home business, nessuna asserzione nell\'indirizzo', async () => {
    await page.goto(ssoUrl);
    await expectPath(page, '/wpbusiness/home');
    await expect(page.getByTestId('user-name')).toHaveText('Bar Centrale');
    expect(page.url()).not.toContain('sinergia_id');
    const me = await page.request.get('/webpos/api/v1/users/me');
    expect(await me.json()).toMatchObject({ username: 'merchant.0001234' });
  });

  await test.step('la stessa asserzione una seconda volta: messaggio, sessione distrutta, pagina di accesso', async () => {
    await page.goto(ssoUrl);
    const dialog = page.getByRole('dialog').filter({ hasText: REFUSED });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button').last().click();
    await expectPath(page, '/login/merchant');
    expect((await page.request.get('/webpos/api/v1/users/me')).status()).toBe(401);
  });
});

test("accesso una tantum di un utente banca, e un'asserzione falsa che chiude la sessione aperta con la password", async ({ page, appURL }) => {
  await test.step('otfid di sede.30480: entra nell\'area banche', async () => {
    await page.goto(entryUrl(appURL, 'sede.30480', true));
    await expect(page.getByTestId('user-name')).toHaveText('Sergio Sede');
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
    expect(page.url()).not.toContain('otfid');
  });

  await test.step('uscita, accesso con password come assistenza, poi un indirizzo con asserzione non firmata', async () => {
    await page.getByRole('button', { name: 'Esci' }).click();
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'assistenza');
    await expect(page.getByTestId('user-name')).toHaveText('Anna Assistenza');
    await page.goto('/?sinergia_id=eyJhbGciOiJub25lIn0.eyJzdWIiOiJhc3Npc3RlbnphIn0.&FEU=banca');
    const dialog = page.getByRole('dialog').filter({ hasText: REFUSED });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button').last().click();
    await expectPath(page, '/login/banca');
    expect((await page.request.get('/webpos/api/v1/users/me')).status()).toBe(401);
  });
});

test("l'assistenza entra nel profilo business dell'esercente: l'intestazione dice per conto di chi", async ({ page }) => {
  await page.goto('/login/banca');
  await submitLogin(page, 'assistenza');
  await expect(page.getByTestId('user-name')).toHaveText('Anna Assistenza');
  // The call the assistance screen makes (seed 000 §7); its answer replaces the browser's session cookie.
  const answer = await page.request.put('/webpos/api/v1/users/logToEserWpbProfile', {
    data: { codEsercente: '0001234' }, headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(answer.status()).toBe(200);
  await page.goto('/wpbusiness/home');
  await expect(page.getByTestId('user-name')).toHaveText('Bar Centrale');
  await expect(page.getByTestId('acting-by')).toHaveText('Assistenza: assistenza');
});
