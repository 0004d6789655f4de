/**
 * What an analyst reads when the spec is wrong: every mistake named in plain words, with a suggestion
 * where one is plausible, at the file:line:column of the offending text.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../support/present.js';
import { menuIconNames } from '../../generator/emitters/menu-icons.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const FILIALE = 'spec/anagrafiche/filiale.yaml';

/** BANCA_YAML with one piece of text replaced (a function replacement, so `$` stays literal). */
const banca = (from: string, to: string) => {
  expect(BANCA_YAML).toContain(from);
  return { [BANCA]: BANCA_YAML.replace(from, () => to) };
};

const filiale = (body: string) => `entity: Filiale
table: filiale
key: [codAbi, cab]
permission: ANAG_BANCHE
fields:
${body}`;

describe('a valid spec', () => {
  it('produces no diagnostics and a model with the entity', () => {
    const { model, diagnostics } = loadSpec({ [BANCA]: BANCA_YAML });
    expect(diagnostics).toEqual([]);
    expect(model?.entities.map((e) => e.name)).toEqual(['Banca']);
    const entity = present(model, 'the model').entities[0];
    expect(entity).toMatchObject({ table: 'banca', key: ['codAbi'], api: { path: 'banche' } });
    expect(entity.fields.map((f) => f.name)).toEqual(['codAbi', 'nomeBcc']);
    expect(entity.fields[0]).toMatchObject({ required: true, pattern: '^[0-9]{5}$', column: 'cod_abi' });
  });
});

describe('spec mistakes', () => {
  it("an unknown key in a field names it and suggests the right one", () => {
    const d = loadSpecWithError(banca('    label: Denominazione', '    lable: Denominazione'), "Unknown key 'lable'");
    expect(d.message).toContain("Did you mean 'label'?");
    expect(d).toMatchObject({ file: BANCA, line: 15, column: 5 });
  });

  it('a reference to a missing entity names it and suggests Banca', () => {
    const d = loadSpecWithError({
      [BANCA]: BANCA_YAML,
      [FILIALE]: filiale(`  codAbi:
    type: reference
    entity: Bnca
  cab: { type: string }
`),
    }, "unknown entity 'Bnca'");
    expect(d.message).toBe("Field 'codAbi' references the unknown entity 'Bnca'. Did you mean 'Banca'?");
    expect(d).toMatchObject({ file: FILIALE, line: 8, column: 13 });
  });

  it('a list column naming a missing field says so and suggests the field', () => {
    const d = loadSpecWithError(banca('columns: [codAbi, nomeBcc]', 'columns: [codAbi, nomeBc]'), "Column 'nomeBc'");
    expect(d.message).toBe("Column 'nomeBc' is not a field of Banca. Did you mean 'nomeBcc'?");
    expect(d).toMatchObject({ file: BANCA, line: 18, column: 21 });
  });

  it('the same route in two entities is reported at the second, naming the first', () => {
    const d = loadSpecWithError({
      [BANCA]: BANCA_YAML,
      [FILIALE]: filiale(`  codAbi: { type: string }
  cab: { type: string }
list:
  route: /banche
`),
    }, "Duplicate route '/banche'");
    expect(d.message).toContain(`already declared in ${BANCA}:17`);
    expect(d).toMatchObject({ file: FILIALE, line: 9, column: 10 });
  });

  it.each([['^[0-9{5}$'], ['(']])("an invalid regular expression %s is refused at the pattern", (pattern) => {
    const d = loadSpecWithError(banca("'^[0-9]{5}$'", `'${pattern}'`), 'not a valid regular expression');
    expect(d.message).toMatch(/^Field 'codAbi': pattern is not a valid regular expression/);
    expect(d).toMatchObject({ file: BANCA, line: 12, column: 14 });
  });

  it('a permission with an undeclared function names it and suggests the declared one', () => {
    const d = loadSpecWithError(banca('permission: ANAG_BANCHE', 'permission: ANAG_BANKE'), "Function 'ANAG_BANKE' is not declared");
    expect(d.message).toContain("Did you mean 'ANAG_BANCHE'?");
    expect(d).toMatchObject({ file: BANCA, line: 4, column: 13 });
  });

  it('reports an undeclared function once, at the line that names it, however many operations and screens use it', () => {
    const { diagnostics } = loadSpec(banca('permission: ANAG_BANCHE', 'permission: ANAG_BANKE'));
    expect(diagnostics.map((x) => `${x.line}:${x.column} ${x.message}`)).toEqual([
      "4:13 Function 'ANAG_BANKE' is not declared: add it under 'functions' in spec/platform/functions.yaml. Did you mean 'ANAG_BANCHE'?",
    ]);
  });

  it('an any-of permission list reports an undeclared action and function at the entry that names it', () => {
    const { diagnostics } = loadSpec(banca('  path: banche\n', '  path: banche\n  permissions: { update: [ANAG_BANCHE:AGGIORNAMENTO, ANAG_BANCHE:VARIAZONE, ANAG_BANKE:CREAZIONE] }\n'));
    expect(diagnostics.map((x) => `${x.file}:${x.line}:${x.column} ${x.message}`)).toEqual([
      `${BANCA}:7:54 Permission 'ANAG_BANCHE:VARIAZONE' names the undeclared action 'VARIAZONE'. Valid values: VISUALIZZAZIONE, CREAZIONE, AGGIORNAMENTO, CANCELLAZIONE.`,
      `${BANCA}:7:77 Function 'ANAG_BANKE' is not declared: add it under 'functions' in spec/platform/functions.yaml. Did you mean 'ANAG_BANCHE'?`,
    ]);
  });

  it('an any-of permission list of one entry, or of the same entry twice, is refused', () => {
    expect(loadSpec(banca('  path: banche\n', '  path: banche\n  permissions: { update: [ANAG_BANCHE:AGGIORNAMENTO] }\n')).diagnostics).not.toEqual([]);
    expect(loadSpec(banca('  path: banche\n', '  path: banche\n  permissions: { update: [ANAG_BANCHE:CREAZIONE, ANAG_BANCHE:CREAZIONE] }\n')).diagnostics).not.toEqual([]);
    // Reading stays one permission.
    expect(loadSpec(banca('  path: banche\n', '  path: banche\n  permissions: { get: [ANAG_BANCHE:VISUALIZZAZIONE, ANAG_BANCHE:CREAZIONE] }\n')).diagnostics).not.toEqual([]);
  });

  it('a form route whose parameters are not the key says how to end it', () => {
    const d = loadSpecWithError(banca('/banche/edit/:codAbi?', '/banche/edit/:abi?'), 'Form route parameters (abi)');
    expect(d.message).toContain('end the route with /:codAbi?');
    expect(d).toMatchObject({ file: BANCA, line: 20, column: 10 });
  });

  it('a trigram index on a field without a wildcard search says what it serves', () => {
    const d = loadSpecWithError(banca('list:\n', 'indexes:\n  - { fields: [nomeBcc], kind: trigram }\nlist:\n'), 'A trigram index serves');
    expect(d.message).toBe("A trigram index serves a text field's wildcard search: give nomeBcc 'type: string' and 'search: wildcard', or drop 'kind: trigram'.");
    expect(d).toMatchObject({ file: BANCA, line: 17, column: 5 });
  });

  it('a trigram index of two fields is refused', () => {
    const d = loadSpecWithError(banca('list:\n', 'indexes:\n  - { fields: [nomeBcc, codAbi], kind: trigram }\nlist:\n'), 'A trigram index has one field');
    expect(d).toMatchObject({ file: BANCA, line: 17 });
  });

  it('a composite-key form route must list the key fields in key order', () => {
    const d = loadSpecWithError({
      [BANCA]: BANCA_YAML,
      [FILIALE]: filiale(`  codAbi: { type: reference, entity: Banca }
  cab: { type: string }
form:
  route: /filiali/:cab?/:codAbi?
`),
    }, 'Form route parameters (cab, codAbi)');
    expect(d.message).toContain('end the route with /:codAbi?/:cab?');
    expect(d).toMatchObject({ file: FILIALE, line: 9, column: 10 });
  });

  it('a YAML syntax error is reported with its line', () => {
    const d = loadSpecWithError(banca('  nomeBcc:\n', '  nomeBcc: : x\n'), 'YAML syntax error');
    expect(d).toMatchObject({ file: BANCA, line: 13, column: 12 });
  });

  it('a duplicated key is a YAML error at the second occurrence', () => {
    const d = loadSpecWithError(banca('    label: Denominazione', '    label: Denominazione\n    label: Nome'), 'YAML syntax error: Map keys must be unique');
    expect(d).toMatchObject({ file: BANCA, line: 16, column: 5 });
  });

  it('reports the mistakes of several files in one run', () => {
    const { diagnostics } = loadSpec({
      ...banca('    label: Denominazione', '    lable: Denominazione'),
      [FILIALE]: filiale('  cab: { type: string, lenght: 5 }\n  codAbi: { type: string }\n'),
    });
    expect(diagnostics.map((d) => d.file)).toEqual(expect.arrayContaining([BANCA, FILIALE]));
  });
});

describe('shells (spec/ui/pages.yaml)', () => {
  const PAGES = 'spec/ui/pages.yaml';
  interface Options { bankEntities?: string; businessEntities?: string; bankLanding?: string; layout?: string; businessPrefix?: string; bankPages?: string; businessPages?: string; businessUsers?: string; extraPage?: string }
  const pages = (o: Options = {}) => `shells:
  bank:
    prefix: /
    title: WebPOS
    login: { realm: bank, title: Accesso banche }
    layout: ${o.layout ?? 'sidebar'}
    menu: spec
    home: /home
    publicHome: true
    users: [bank, assistance]
    landing:
      assistance: /home
      bank: [${o.bankLanding ?? '/about, /banche'}]
    entities: ${o.bankEntities ?? 'all'}
    pages: ${o.bankPages ?? 'all'}
  business:
    prefix: ${o.businessPrefix ?? '/wpbusiness'}
    title: WebPOS Business
    login: { realm: merchant, title: Accesso esercenti }
    layout: topbar
    menu: none
    home: /wpbusiness/home
    users: [${o.businessUsers ?? 'merchant'}]
    landing: { merchant: /wpbusiness/home }
    entities: ${o.businessEntities ?? '[]'}
    pages: ${o.businessPages ?? '[]'}
emailWarningGroups: ['15000']
pages:
  - { route: /about, component: InfoPage, public: true }
${o.extraPage ?? ''}`;

  it('accepts shells whose routes, prefixes and landings agree, and carries them into the model', () => {
    const { model, diagnostics } = loadSpec({ [BANCA]: BANCA_YAML, [PAGES]: pages({ extraPage: '  - { route: /wpbusiness/fatture, component: InfoPage }\n', businessPages: '[/wpbusiness/fatture]' }) });
    expect(diagnostics).toEqual([]);
    const shells = present(model, 'the model').shell.shells;
    expect(shells.map((s) => [s.name, s.prefix, s.layout, s.menu, s.home, s.publicHome, s.users, s.landing, s.routes])).toEqual([
      ['bank', '/', 'sidebar', 'spec', '/home', true, ['bank', 'assistance'], { assistance: ['/home'], bank: ['/about', '/banche'] }, expect.arrayContaining(['/banche', '/about'])],
      ['business', '/wpbusiness', 'topbar', 'none', '/wpbusiness/home', false, ['merchant'], { merchant: ['/wpbusiness/home'] }, ['/wpbusiness/fatture']],
    ]);
    expect(shells[0].routes).not.toContain('/wpbusiness/fatture');
  });

  it('gives a spec without shells one shell at / for every kind of user and every route', () => {
    const { model, diagnostics } = loadSpec({ [BANCA]: BANCA_YAML });
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').shell.shells).toMatchObject([{ name: 'main', prefix: '/', users: ['bank', 'assistance', 'merchant'], routes: expect.arrayContaining(['/banche']) }]);
  });

  it('refuses a landing route that is not a route of the shell, at its line', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ bankLanding: '/richieste/sospesi/nessuna' }) }, "Landing route '/richieste/sospesi/nessuna' is not a route of shell 'bank'");
    expect(d).toMatchObject({ file: PAGES, line: 13, column: 14 });
  });

  it("refuses a landing route of another shell (the business home is not the bank shell's)", () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ bankLanding: '/wpbusiness/home' }) }, "Landing route '/wpbusiness/home' is not a route of shell 'bank'");
    expect(d).toMatchObject({ file: PAGES, line: 13 });
  });

  it('refuses an unknown layout, naming the known ones', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ layout: 'sidbar' }) }, "Value 'sidbar' is not allowed");
    expect(d).toMatchObject({ file: PAGES, line: 6, column: 13 });
    expect(d.message).toContain("Did you mean 'sidebar'?");
  });

  it('refuses a page in no shell, at the page', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ bankPages: '[]' }) }, "Page '/about' belongs to no shell");
    expect(d).toMatchObject({ file: PAGES, line: 29, column: 14 });
  });

  it('refuses a page listed in two shells, and a listed page the spec lacks', () => {
    const { diagnostics } = loadSpec({ [BANCA]: BANCA_YAML, [PAGES]: pages({ bankPages: '[/about]', businessPages: '[/about, /nessuna]' }) });
    expect(diagnostics.map((d) => `${d.line}: ${d.message}`)).toEqual(expect.arrayContaining([
      "26: Page '/about' already belongs to shell 'bank'.",
      "26: Page '/nessuna' of shell 'business' is not in the spec.",
    ]));
  });

  it('refuses two shells on the same prefix', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ businessPrefix: '/' }) }, "Shells 'bank' and 'business' have the same prefix '/'");
    expect(d).toMatchObject({ file: PAGES, line: 17, column: 13 });
  });

  it("refuses a route of one shell under another shell's prefix", () => {
    const d = loadSpecWithError(
      { [BANCA]: BANCA_YAML, [PAGES]: pages({ extraPage: '  - { route: /wpbusiness/fatture, component: InfoPage }\n' }) },
      "Page '/wpbusiness/fatture': route '/wpbusiness/fatture' of shell 'bank' lies under the prefix '/wpbusiness' of shell 'business'",
    );
    expect(d).toMatchObject({ file: PAGES, line: 30, column: 14 });
  });

  it("refuses a shell's page outside its prefix", () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ bankPages: '[]', businessPages: '[/about]' }) }, "Page '/about': route '/about' of shell 'business' is not under its prefix '/wpbusiness'");
    expect(d).toMatchObject({ file: PAGES, line: 29 });
  });

  it('refuses an entity in no shell, at its file, and an entity whose routes are outside its shell', () => {
    const none = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ bankEntities: '[]', bankLanding: '/about' }) }, 'Entity Banca belongs to no shell');
    expect(none).toMatchObject({ file: BANCA, line: 1 });
    const outside = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages({ businessEntities: '[Banca]', bankLanding: '/about' }) }, "Entity Banca: route '/banche' of shell 'business' is not under its prefix '/wpbusiness'");
    expect(outside).toMatchObject({ file: BANCA, line: 1 });
  });

  it('refuses a kind of user in two shells, and one in none', () => {
    const { diagnostics } = loadSpec({ [BANCA]: BANCA_YAML, [PAGES]: pages({ businessUsers: 'bank' }) });
    expect(diagnostics.map((d) => `${d.line}: ${d.message}`)).toEqual(expect.arrayContaining([
      "23: Users of kind 'bank' already belong to shell 'bank'.",
      "1: No shell is for users of kind 'merchant': add it to the 'users' of one shell.",
      "24: Shell 'business' lands users of kind 'merchant' but is not for them (its users: bank).",
    ]));
  });
});

describe('menu icons (an entry\'s menu.icon, spec/ui/pages.yaml menuGroups)', () => {
  const PAGES = 'spec/ui/pages.yaml';
  const pagesWith = (icon: string, groups = '') => `${groups}pages:
  - { route: /about, component: InfoPage, public: true, menu: { group: Aiuto, label: Informazioni, icon: ${icon} } }
`;

  it('takes a Tabler icon by its name and imports its component alone for the menu', () => {
    const { model, diagnostics } = loadSpec({ [BANCA]: BANCA_YAML, [PAGES]: pagesWith('info-circle', 'menuGroups:\n  Aiuto: { icon: help }\n') });
    expect(diagnostics).toEqual([]);
    const built = present(model, 'the model');
    expect(built.pages[0].menu).toEqual({ group: 'Aiuto', label: 'Informazioni', order: 100, icon: 'info-circle' });
    expect(menuIconNames(built)).toEqual(['IconHelp', 'IconInfoCircle']);
  });

  it('refuses an icon @tabler/icons-react does not have, at its line, with the nearest name', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pagesWith('info-circel') }, "Icon 'info-circel' is not an icon of @tabler/icons-react (tabler.io/icons). Did you mean 'info-circle'?");
    expect(d).toMatchObject({ file: PAGES, line: 2 });
  });

  it('refuses a group icon for a group no entry has', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pagesWith('info-circle', 'menuGroups:\n  Aiutto: { icon: help }\n') }, "Menu group 'Aiutto' is the group of no menu entry. Did you mean 'Aiuto'?");
    expect(d).toMatchObject({ file: PAGES, line: 2 });
  });
});
