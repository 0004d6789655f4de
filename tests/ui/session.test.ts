import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../ui/extensions/roles/catalogue';
import { createAuthApi } from '../../ui/src/core/authApi';
import { createDataProvider } from '../../ui/src/core/dataProvider';
import { entityPath } from '../../ui/src/core/keys';
import { afterLoginTarget, homeLanding, loginPathFor, missingEmailRule, shellOfPath, shellOfUser, visibleMenu } from '../../ui/src/core/navigation';
import { holdsAll } from '../../ui/src/core/permissions';
import { sessionMayExist } from '../../ui/src/core/sessionHint';
import type { Manifest } from '../../ui/src/core/types';
import { seen } from './fakeFetch';

/**
 * The real generated manifest: the landing rules and warning groups are the spec's (spec/ui/pages.yaml).
 * Read as JSON rather than imported, since an import's inferred type widens `kind: 'list'` to a string;
 * tests/generator/manifest-type.test.ts checks the file against the schema Manifest is generated from.
 */
const MANIFEST: Manifest = JSON.parse(readFileSync(join(__dirname, '../../generated/manifest.json'), 'utf8'));

const grants = new Map([['ANAG_BANCHE', new Set(['VISUALIZZAZIONE'])], ['GES_UTENTI', new Set(['VISUALIZZAZIONE', 'AGGIORNAMENTO'])]]);

describe('session cookie (issue 12 item 14)', () => {
  /** Every source file of the UI, extensions included. */
  const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

  it('the UI neither reads nor writes the token: the server keeps it in an HttpOnly cookie', () => {
    const offending = sources(join(__dirname, '../../ui')).filter((f) => /document\.cookie|X-AuthToken|access_token|localStorage\.setItem\([^)]*[Tt]oken/.test(readFileSync(f, 'utf8'))
      && !f.endsWith('authApi.ts') // authApi.ts only types the login answer API clients read
      && !f.endsWith('sessionHint.ts')); // reads the hint cookie, tested below; the token's cookie is HttpOnly anyway
    expect(offending).toEqual([]);
  });

  it('knows whether a session may exist from the WP_SESSION hint alone', () => {
    expect(sessionMayExist('WP_SESSION=1')).toBe(true);
    expect(sessionMayExist('tema=scuro; WP_SESSION=1')).toBe(true);
    expect(sessionMayExist('')).toBe(false);
    expect(sessionMayExist('WP_SESSIONE=1; XWP_SESSION=1; tema=WP_SESSION=1')).toBe(false);
  });

  it('the first load asks user, grants and menu at once, and none of their 401s is a lost session', async () => {
    const calls: string[] = [];
    let lost = 0;
    const provider = createDataProvider('/api', (request) => {
      calls.push(seen(request).url);
      return Promise.resolve(new Response(JSON.stringify({ errorMessage: 'x', code: 'UNAUTHENTICATED' }), { status: 401 }));
    }, { onUnauthorized: () => { lost++; } });
    const api = createAuthApi(provider);
    const answers = await Promise.allSettled([api.me({ probe: true }), api.grants({ probe: true }), api.menuItems({ probe: true })]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(lost).toBe(0);
    expect(calls).toEqual(['/api/users/me', '/api/permessi', '/api/menuitems']);
  });

  it('learns whether someone is logged in from users/me: its 401 on the first probe is "nobody", not a lost session', async () => {
    const calls: string[] = [];
    let lost = 0;
    const provider = createDataProvider('/api', (request) => {
      calls.push(seen(request).url);
      return Promise.resolve(new Response(JSON.stringify({ errorMessage: 'x', code: 'UNAUTHENTICATED' }), { status: 401 }));
    }, { onUnauthorized: () => { lost++; } });
    const api = createAuthApi(provider);
    await expect(api.me({ probe: true })).rejects.toMatchObject({ status: 401 });
    expect(lost).toBe(0);
    // Later, during a session, the same 401 means the session was lost.
    await expect(api.me()).rejects.toMatchObject({ status: 401 });
    expect(lost).toBe(1);
    expect(calls).toEqual(['/api/users/me', '/api/users/me']);
  });

  it('logs in and out through the API alone: the answers set and clear the cookie, the page stores nothing', async () => {
    const calls: { url: string; method?: string; credentials?: RequestCredentials }[] = [];
    const provider = createDataProvider('/api', (request) => {
      const { url, method, credentials } = seen(request);
      calls.push({ url, method, credentials });
      return Promise.resolve(url.includes('logout') ? new Response(null, { status: 204 }) : new Response(JSON.stringify({ access_token: 't', expire_in: 28800 }), { status: 200 }));
    }, {});
    const api = createAuthApi(provider);
    await api.login('banca', 'assistenza', 'x');
    await api.logout();
    expect(calls).toEqual([
      { url: '/api/authorization/auth?userType=banca', method: 'POST', credentials: 'same-origin' },
      { url: '/api/authorization/logout/', method: 'DELETE', credentials: 'same-origin' },
    ]);
  });
});

describe('can()', () => {
  it('needs every requested grant', () => {
    expect(holdsAll(grants, ['ANAG_BANCHE:VISUALIZZAZIONE'])).toBe(true);
    expect(holdsAll(grants, ['ANAG_BANCHE:VISUALIZZAZIONE', 'GES_UTENTI:AGGIORNAMENTO'])).toBe(true);
    expect(holdsAll(grants, ['ANAG_BANCHE:VISUALIZZAZIONE', 'GES_UTENTI:CREAZIONE'])).toBe(false);
    expect(holdsAll(grants, ['ANAG_POSFISICI:VISUALIZZAZIONE'])).toBe(false);
    expect(holdsAll(grants, [undefined])).toBe(true);
  });
});

describe('navigation rules (seed 000 §2, §4)', () => {
  it('sends a visitor to the login page of the shell of the path it asked for (shells of the manifest)', () => {
    const { shells } = MANIFEST;
    expect(shells.map((s) => [s.name, s.prefix, s.loginRealm, s.layout])).toEqual([['bank', '/', 'banca', 'sidebar'], ['business', '/wpbusiness', 'merchant', 'topbar']]);
    expect(loginPathFor('/wpbusiness/home', shells)).toBe('/login/merchant');
    expect(loginPathFor('/wpbusiness', shells)).toBe('/login/merchant');
    expect(loginPathFor('/anagrafiche/anaBanca', shells)).toBe('/login/banca');
    expect(loginPathFor('/wpbusinessx', shells)).toBe('/login/banca');
    expect(shellOfPath(shells, '/wpbusiness/documenti/fatture').name).toBe('business');
  });

  it('puts each kind of user in its shell', () => {
    const { shells } = MANIFEST;
    expect(shellOfUser(shells, { isMerchant: true, isAssistenza: false }).name).toBe('business');
    expect(shellOfUser(shells, { isMerchant: false, isAssistenza: true }).name).toBe('bank');
    expect(shellOfUser(shells, { isMerchant: false, isAssistenza: false }).name).toBe('bank');
  });

  it('returns to the saved URL unless it is a login page', () => {
    expect(afterLoginTarget('/anagrafiche/anaBanca?x=1')).toBe('/anagrafiche/anaBanca?x=1');
    expect(afterLoginTarget('/login/banca')).toBe('/');
    expect(afterLoginTarget('/login')).toBe('/');
    expect(afterLoginTarget(null)).toBe('/');
    expect(afterLoginTarget('//evil.example/x')).toBe('/');
  });

  it('lands each kind of user on its home', () => {
    const none = () => false;
    const { shells, routes } = MANIFEST;
    const [bank, business] = shells;
    expect(homeLanding({ isMerchant: true, isAssistenza: false }, none, business, routes)).toBe('/wpbusiness/home');
    // The pending-requests pages are placeholders still: assistance stays on the work queue, nobody lands there.
    expect(homeLanding({ isMerchant: false, isAssistenza: true }, none, bank, routes)).toBe('/home');
    expect(homeLanding({ isMerchant: false, isAssistenza: false }, (p) => p === 'RIC_SOSPESI_BANCHE:VISUALIZZAZIONE', bank, routes)).toBe('/esercente/ricercaEsercente');
    expect(homeLanding({ isMerchant: false, isAssistenza: false }, none, bank, routes)).toBe('/esercente/ricercaEsercente');
    // A shell declares no landing for a kind of user it is not for.
    expect(homeLanding({ isMerchant: true, isAssistenza: false }, none, bank, routes)).toBeUndefined();
  });

  it('applies the missing e-mail rules', () => {
    expect(missingEmailRule({ isMerchant: false, email: null, parentGroup: '15000' }, MANIFEST.emailWarningGroups)).toBe('warning');
    expect(missingEmailRule({ isMerchant: false, email: '', parentGroup: '11000' }, MANIFEST.emailWarningGroups)).toBe('ask');
    expect(missingEmailRule({ isMerchant: false, email: 'a@b.it', parentGroup: '11000' }, MANIFEST.emailWarningGroups)).toBe('none');
    expect(missingEmailRule({ isMerchant: true, email: null, parentGroup: '30480' }, MANIFEST.emailWarningGroups)).toBe('none');
  });

  it('shows only the menu items the grants and GET menuitems allow', () => {
    const menu = [
      { label: 'Anagrafiche', items: [{ label: 'Banche', route: '/anagrafiche/anaBanca', permission: 'ANAG_BANCHE:VISUALIZZAZIONE' }] },
      { label: 'POS', items: [{ label: 'POS fisici', route: '/anagrafiche/posFisici', permission: 'ANAG_POSFISICI:VISUALIZZAZIONE' }] },
      { label: 'Aiuto', items: [{ label: 'Informazioni', route: '/about' }] },
    ];
    const can = (p?: string) => holdsAll(grants, [p]);
    const [bank, business] = MANIFEST.shells;
    const { routes } = MANIFEST;
    expect(visibleMenu(menu, can, null, bank, routes).map((g) => g.label)).toEqual(['Anagrafiche', 'Aiuto']);
    expect(visibleMenu(menu, can, new Set(['/about']), bank, routes).map((g) => g.label)).toEqual(['Aiuto']);
    // Another shell's routes are not in this shell's menu; a shell with `menu: none` has none.
    expect(visibleMenu(menu, can, null, { ...bank, name: 'altro' }, routes)).toEqual([]);
    expect(visibleMenu(menu, can, null, { ...business, menu: 'spec' }, routes)).toEqual([]);
    expect(visibleMenu(menu, can, null, { ...bank, menu: 'none' }, routes)).toEqual([]);
  });
});

describe('API paths with parent values', () => {
  it('fills braces from the key or the parent and does not repeat the key field', () => {
    expect(entityPath('gruppi/{groupName}/ruoli', ['groupName', 'roleName'], { groupName: '30480', roleName: 'R_1' })).toBe('/gruppi/30480/ruoli/R_1');
    expect(entityPath('gruppi/{groupName}/ruoli', ['groupName', 'roleName'], undefined, { groupName: '30480' })).toBe('/gruppi/30480/ruoli');
    expect(() => entityPath('gruppi/{groupName}/ruoli', ['groupName', 'roleName'])).toThrow();
  });
});

describe('401 handling', () => {
  const answer401 = () => Promise.resolve(new Response(JSON.stringify({ errorMessage: 'x', code: 'UNAUTHENTICATED' }), { status: 401 }));

  it('reports a lost session on an ordinary call, not on a credential call', async () => {
    let lost = 0;
    const p = createDataProvider('/api', answer401, { onUnauthorized: () => { lost++; } });
    await p.api.GET('/users/me').catch(() => undefined);
    expect(lost).toBe(1);
    await p.api.POST('/authorization/auth', { params: { query: { userType: 'banca' } }, body: { username: 'u', password: 'x' }, credentialCall: true }).catch(() => undefined);
    expect(lost).toBe(1);
    await p.requestPath('GET', 'indicatori/sospesiBanca').catch(() => undefined);
    expect(lost).toBe(2);
  });

  it('builds the query of a typed request (spaces as %20, empty values left out)', async () => {
    const urls: string[] = [];
    const p = createDataProvider('/api', (r) => { urls.push(seen(r).url); return Promise.resolve(new Response('{"message":"ok"}', { status: 200 })); }, {});
    await createAuthApi(p).resetPassword('u', 'a b@c.it', 'banca');
    await p.api.GET('/notifiche/storico', { params: { query: { dataDa: '', currentPage: 2 } } });
    expect(urls).toEqual(['/api/authorization/resetPassword?mail=a%20b%40c.it&username=u&userType=banca', '/api/notifiche/storico?currentPage=2']);
  });
});

describe('grant picker catalogue', () => {
  it('uses the manifest catalogue when present, else what the caller holds; * first; keeps existing grants', () => {
    const declared = buildCatalogue({ functions: { ANAG_BANCHE: 'Anagrafica banche' }, actions: { VISUALIZZAZIONE: 'Visualizzazione' } }, grants);
    expect(declared.functions.map((f) => f.value)).toEqual(['*', 'ANAG_BANCHE']);
    expect(declared.functions[1].label).toBe('Anagrafica banche');
    const held = buildCatalogue({}, grants, [{ funzione: 'GES_RUOLI', azione: 'CANCELLAZIONE' }]);
    expect(held.functions.map((f) => f.value)).toEqual(['*', 'ANAG_BANCHE', 'GES_UTENTI', 'GES_RUOLI']);
    expect(held.actions.map((a) => a.value)).toEqual(['*', 'VISUALIZZAZIONE', 'AGGIORNAMENTO', 'CANCELLAZIONE']);
  });

  it('groups functions by the menu area that opens them and offers only the actions the spec checks', () => {
    const catalogue = buildCatalogue({
      functions: { ANAG_BANCHE: 'Anagrafica banche', GES_RUOLI: 'Gestione ruoli', RISCHIO_FRODI: 'Rischio frodi' },
      actions: { VISUALIZZAZIONE: 'Visualizzazione', CREAZIONE: 'Creazione', VARIAZIONE: 'Variazione' },
      functionActions: { ANAG_BANCHE: ['CREAZIONE', 'VISUALIZZAZIONE'], GES_RUOLI: ['VISUALIZZAZIONE'] },
      menu: [
        { label: 'Anagrafiche', items: [{ permission: 'ANAG_BANCHE:VISUALIZZAZIONE' }, { permission: 'ANAG_BANCHE:VISUALIZZAZIONE' }, {}] },
        { label: 'Sicurezza', items: [{ permission: 'GES_RUOLI:VISUALIZZAZIONE' }, { permission: 'ANAG_BANCHE:CREAZIONE' }] },
      ],
    }, grants, [{ funzione: 'GES_RUOLI', azione: 'VARIAZIONE' }]);
    expect(catalogue.areas.map((a) => [a.label, a.functions.map((f) => `${f.value}=${f.actions.join('|')}`)])).toEqual([
      ['Tutte le funzioni', ['*=*|VISUALIZZAZIONE|CREAZIONE|VARIAZIONE']],
      ['Anagrafiche', ['ANAG_BANCHE=*|VISUALIZZAZIONE|CREAZIONE']],
      // A grant the role holds stays offered though nothing checks it; a function first seen in an earlier area is not repeated.
      ['Sicurezza', ['GES_RUOLI=*|VISUALIZZAZIONE|VARIAZIONE']],
      // Nothing in the spec checks RISCHIO_FRODI yet: every action stays possible.
      ['Altre funzioni', ['RISCHIO_FRODI=*|VISUALIZZAZIONE|CREAZIONE|VARIAZIONE']],
    ]);
  });
});
