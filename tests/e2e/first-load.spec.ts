/**
 * What a phone downloads before the first screen (issue 15 item 8, bench/README.md "Fifth pass"): the manifest is a
 * hashed JSON file of its own, preloaded by index.html and cached for a year, not a part of the entry chunk. The page still works from it: the banks list opens with
 * its rows after a login.
 */
import { expect, test } from './support/fixtures';
import { exactText, expectPath, submitLogin } from './support/steps';

test("il manifest è un file a sé, precaricato dalla pagina; l'elenco delle banche si apre", async ({ page, request }) => {
  const manifestAnswers: { url: string; status: number; cache: string | undefined }[] = [];
  page.on('response', (r) => {
    if (/\/assets\/manifest-[\w-]+\.json$/.test(r.url())) manifestAnswers.push({ url: r.url(), status: r.status(), cache: r.headers()['cache-control'] });
  });

  await test.step('index.html precarica il manifest; il chunk iniziale non lo contiene', async () => {
    const html = await (await request.get('/login/banca')).text();
    const manifest = /<link rel="preload" href="(\/assets\/manifest-[\w-]+\.json)" as="fetch" crossorigin>/.exec(html)?.[1];
    expect(manifest, html).toBeDefined();
    // The entry's scripts (the bundler's runtime and the shell, both loaded by index.html).
    const scripts = [...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)">/g)].map((m) => m[1]);
    expect(scripts.length, html).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await request.get(script)).text();
      // Every entity's plural label is in the manifest's entities, which the entry no longer carries.
      expect(code, script).not.toContain('Anagrafica banche');
    }
    const answer = await request.get(manifest ?? '');
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('Anagrafica banche');
  });

  await test.step("l'assistenza entra e vede l'elenco delle banche, con il manifest scaricato una volta", async () => {
    await page.goto('/anagrafiche/anaBanca');
    await expectPath(page, '/login/banca');
    await submitLogin(page, 'assistenza');
    await expectPath(page, '/anagrafiche/anaBanca');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(exactText('Anagrafica banche'));
    await expect(page.getByRole('cell', { name: 'Banca di Credito Cooperativo di Esempio' }).first()).toBeVisible();
    expect(manifestAnswers.length).toBeGreaterThan(0);
    for (const a of manifestAnswers) {
      expect(a.status).toBe(200);
      expect(a.cache).toContain('immutable');
    }
  });
});

test('finché il codice e la sessione non arrivano la pagina dice "Caricamento…", sotto il titolo se la sessione c\'è', async ({ page, request }) => {
  const loading = page.getByRole('status').filter({ hasText: exactText('Caricamento…') });

  await test.step("index.html lo scrive già, prima di ogni script", async () => {
    const html = await (await request.get('/anagrafiche/anaBanca')).text();
    expect(html).toMatch(/<div id="root"><!--first-paint--><div role="status"[^>]*>Caricamento…<\/div><!--\/first-paint--><\/div>/);
  });

  await test.step("l'assistenza entra; alla riapertura dell'elenco, con users/me trattenuto, si vede Caricamento…", async () => {
    await page.goto('/login/banca');
    await submitLogin(page, 'assistenza');
    await expect(page).not.toHaveURL(/\/login\//);
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/webpos/api/v1/users/me', async (route) => { await held; await route.continue(); });
    await page.goto('/anagrafiche/anaBanca');
    await expect(loading).toBeVisible();
    // The server wrote the page's title with the loader (server/http/first-paint.ts): it is there before the code runs.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(exactText('Anagrafica banche'));
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`caricamento-${width}.png`) });
    }
    release?.();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(exactText('Anagrafica banche'));
    await expect(loading).toHaveCount(0);
  });
});

test("la scheda di una banca aperta dal suo indirizzo ha subito il nome della banca nel titolo; la banca è chiesta una volta", async ({ page }) => {
  await page.goto('/login/banca');
  await submitLogin(page, 'assistenza');
  await expect(page).not.toHaveURL(/\/login\//);
  // Every text the page's h1 shows, in order, from the first paint on.
  await page.addInitScript(`(() => {
    window.__titles = [];
    new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent ?? '';
      if (text && window.__titles.at(-1) !== text) window.__titles.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  })()`);
  const reads: string[] = [];
  page.on('request', (r) => { if (r.method() === 'GET' && /\/webpos\/api\/v1\/banche\/30480$/.test(r.url())) reads.push(r.url()); });
  await page.goto('/anagrafiche/anaBanca/formBanca/30480');
  const title = 'Modifica Banca 30480 - Banca di Credito Cooperativo di Esempio';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(exactText(title));
  await expect(page.getByRole('textbox', { name: /Denominazione/ })).toHaveValue('Banca di Credito Cooperativo di Esempio');
  // Asked once, as the shell started (ui/src/core/firstRecord.ts): the form's first render already had it.
  expect(reads).toHaveLength(1);
  expect(await page.evaluate('window.__titles')).toEqual([title]);
});

test("l'elenco delle filiali aperto dal suo indirizzo, con un filtro, ha le righe già nel primo disegno, senza segnaposto; l'elenco è chiesto una volta", async ({ page }) => {
  await page.goto('/login/banca');
  // A single-bank user: the bank is a filter the page adds (core/fixedScope.ts), which the early read must add too.
  await submitLogin(page, 'sede.30480');
  await expect(page).not.toHaveURL(/\/login\//);
  // Whether the list's placeholder (shown until its first answer: ListPlaceholder.tsx) was ever drawn, and how many
  // rows the table had when it first appeared.
  await page.addInitScript(`(() => {
    window.__placeholder = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="list-placeholder"]')) window.__placeholder = true;
      const table = document.querySelector('table');
      if (table && window.__firstRows === undefined) window.__firstRows = table.querySelectorAll('tbody tr').length;
    }).observe(document, { subtree: true, childList: true });
  })()`);
  const reads: string[] = [];
  page.on('request', (r) => { if (r.method() === 'GET' && /\/webpos\/api\/v1\/filiali\?/.test(r.url())) reads.push(decodeURIComponent(r.url())); });
  await page.goto('/anagrafiche/filiali?nome=Sede');
  await expect(page.getByRole('cell', { name: 'Sede centrale' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('1 risultato');
  // Asked once, as the shell started (ui/src/core/firstList.ts), with the user's bank: the table's first render had its row.
  expect(reads).toHaveLength(1);
  expect(reads[0]).toContain('codAbi=30480');
  expect(reads[0]).toContain('nome=Sede');
  expect(await page.evaluate('window.__placeholder')).toBe(false);
  expect(await page.evaluate('window.__firstRows')).toBe(1);
});
