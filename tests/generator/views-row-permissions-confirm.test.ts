/**
 * Three keys seed 001 needed on the merchant record (docs/spec-language.md): form views (the merchant's web
 * variant, in the shell whose `alsoUnder` holds its route), row permissions (virtual merchants governed by
 * GES_ESER_VIRTUALE) and confirmation fields (the e-mail typed twice, never stored). Each is carried into the
 * model, the manifest and the OpenAPI document, and each mistake is refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest.js';
import { present } from '../support/present.js';
import { FUNCTIONS_FILE, MINIMAL_FUNCTIONS, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const PAGES = 'spec/ui/pages.yaml';
const FUNCTIONS = { [FUNCTIONS_FILE]: `${MINIMAL_FUNCTIONS}  ANAG_BANCHE_ESTERE: Banche estere\n  BANCA_WEB: Banca web\n` };
const pages = (alsoUnder = '[/bancaweb]') => `shells:
  bank:
    prefix: /
    title: WebPOS
    login: { realm: bank, title: Accesso banche }
    layout: sidebar
    menu: spec
    home: /home
    users: [bank, assistance]
    entities: all
    pages: all
  business:
    prefix: /wpbusiness
    alsoUnder: ${alsoUnder}
    title: WebPOS Business
    login: { realm: merchant, title: Accesso esercenti }
    layout: topbar
    menu: none
    home: /wpbusiness/home
    users: [merchant]
    entities: []
    pages: []
pages: []
`;
// Banca with a type (national or foreign), a repeated e-mail and a read-only view (lines numbered from 1).
const banca = (o: { view?: string; rowPermissions?: string; confirm?: string } = {}) => `entity: Banca
table: banca
key: codAbi
permission: ANAG_BANCHE
api:
  path: banche
fields:
  codAbi: { type: string, label: Codice ABI, required: true, pattern: '^[0-9]{5}$' }
  nomeBcc: { type: string, label: Denominazione }
  tipo: { type: enum, label: Tipo, values: { N: Nazionale, E: Estera }, groups: { estere: [E] } }
  email: { type: string, label: E-mail, pattern: '^[^@]+@[^@]+$', messages: { pattern: Mail non valida. } }
rowPermissions:
  - ${o.rowPermissions ?? '{ field: tipo, group: estere, permission: ANAG_BANCHE_ESTERE }'}
confirmFields:
  ${o.confirm ?? "emailConferma: { confirms: email, label: Conferma e-mail, message: 'I campi \"Email\" e \"Conferma Email\" devono coincidere' }"}
list:
  route: /banche
  columns: [codAbi, nomeBcc]
form:
  route: /banche/edit/:codAbi?
  views:
    - ${o.view ?? '{ route: /bancaweb/banca/:codAbi?, permission: BANCA_WEB:VISUALIZZAZIONE, readOnly: true }'}
`;
const files = (o: Parameters<typeof banca>[0] = {}, alsoUnder?: string) => ({ ...FUNCTIONS, [BANCA]: banca(o), [PAGES]: pages(alsoUnder) });

describe('form views (docs/spec-language.md#form-views)', () => {
  it('open the form at a further route, in the shell whose alsoUnder holds it, behind its own permission, read-only', () => {
    const { model, diagnostics } = loadSpec(files());
    expect(diagnostics).toEqual([]);
    const m = present(model, 'the model');
    expect(m.entities[0].form?.views).toEqual([{ route: '/bancaweb/banca/:codAbi?', title: 'Banca', permission: 'BANCA_WEB:VISUALIZZAZIONE', readOnly: true }]);
    const manifest = buildManifest(m);
    expect(manifest.routes.filter((r) => r.kind === 'form')).toEqual([
      { path: '/banche/edit/:codAbi?', kind: 'form', entity: 'Banca', permission: 'ANAG_BANCHE:VISUALIZZAZIONE', shell: 'bank' },
      { path: '/bancaweb/banca/:codAbi?', kind: 'form', entity: 'Banca', permission: 'BANCA_WEB:VISUALIZZAZIONE', shell: 'business', title: 'Banca', readOnly: true },
    ]);
    expect(manifest.shells.map((s) => [s.name, s.alsoUnder])).toEqual([['bank', []], ['business', ['/bancaweb']]]);
  });

  it('without the further prefix the view is the shell at /', () => {
    const { model, diagnostics } = loadSpec(files({}, '[/altro]'));
    expect(diagnostics).toEqual([]);
    expect(buildManifest(present(model, 'the model')).routes.find((r) => r.path === '/bancaweb/banca/:codAbi?')?.shell).toBe('bank');
  });

  it('refuses a view route without the key, a route taken and an undeclared function, at their lines', () => {
    expect(loadSpecWithError(files({ view: '{ route: /bancaweb/banca, permission: BANCA_WEB:VISUALIZZAZIONE }' }), 'Form route parameters (none) must be the key fields in order').line).toBe(22);
    expect(loadSpecWithError(files({ view: '{ route: /banche/edit/:codAbi?, permission: BANCA_WEB:VISUALIZZAZIONE }' }), "Duplicate route '/banche/edit/:codAbi?'").line).toBe(22);
    expect(loadSpecWithError(files({ view: '{ route: /bancaweb/banca/:codAbi?, permission: BANCA_WBE:VISUALIZZAZIONE }' }), "Function 'BANCA_WBE' is not declared").line).toBe(22);
  });

  it('refuses a further prefix that another shell already has', () => {
    expect(loadSpecWithError(files({}, '[/wpbusiness]'), "Prefix '/wpbusiness' of shell 'business' is already the prefix of shell 'business'").line).toBe(14);
  });
});

describe('row permissions (docs/spec-language.md#row-permissions)', () => {
  it("carry the group's codes, and let the other function's holders call every operation but the list", () => {
    const { model, diagnostics } = loadSpec(files());
    expect(diagnostics).toEqual([]);
    const m = present(model, 'the model');
    expect(m.entities[0].rowPermissions).toEqual([{ field: 'tipo', group: 'estere', codes: ['E'], permission: 'ANAG_BANCHE_ESTERE', replaces: 'ANAG_BANCHE' }]);
    const { paths } = openApiJson(m);
    expect(paths['/banche'].get['x-row-permissions']).toBeUndefined();
    expect(paths['/banche'].post['x-row-permissions']).toEqual(['ANAG_BANCHE_ESTERE:CREAZIONE']);
    expect(paths['/banche/{codAbi}'].get['x-row-permissions']).toEqual(['ANAG_BANCHE_ESTERE:VISUALIZZAZIONE']);
    expect(paths['/banche/{codAbi}'].put['x-row-permissions']).toEqual(['ANAG_BANCHE_ESTERE:AGGIORNAMENTO']);
  });

  it('refuse a field that is not an enum, a group the field lacks and an undeclared function, at their lines', () => {
    expect(loadSpecWithError(files({ rowPermissions: '{ field: nomeBcc, group: estere, permission: ANAG_BANCHE_ESTERE }' }), "Row permission field 'nomeBcc' is not an enum field of Banca").line).toBe(13);
    expect(loadSpecWithError(files({ rowPermissions: '{ field: tipo, group: esteri, permission: ANAG_BANCHE_ESTERE }' }), "Field 'tipo' has no group 'esteri' (its groups: estere)").line).toBe(13);
    expect(loadSpecWithError(files({ rowPermissions: '{ field: tipo, group: estere, permission: ANAG_ESTERE }' }), "Function 'ANAG_ESTERE' is not declared").line).toBe(13);
  });
});

describe('confirmation fields (docs/spec-language.md#confirmation-fields)', () => {
  it('are in the input and the form, written like their field, but not in the stored row', () => {
    const { model, diagnostics } = loadSpec(files());
    expect(diagnostics).toEqual([]);
    const m = present(model, 'the model');
    expect(m.entities[0].confirmFields).toEqual([{ name: 'emailConferma', confirms: 'email', label: 'Conferma e-mail', message: 'I campi "Email" e "Conferma Email" devono coincidere' }]);
    const { schemas } = openApiJson(m).components;
    expect(schemas.BancaInput.properties.emailConferma).toMatchObject({ pattern: '^[^@]+@[^@]+$', title: 'Conferma e-mail' });
    expect(schemas.Banca.properties.emailConferma).toBeUndefined();
    expect(m.entities[0].fields.map((f) => f.name)).not.toContain('emailConferma');
  });

  it("refuse a name of a field, a confirmed field the entity lacks, and one that is not a string, at their lines", () => {
    expect(loadSpecWithError(files({ confirm: 'nomeBcc: { confirms: email, label: X, message: Diversi }' }), "Confirmation field 'nomeBcc' has the name of a field of Banca").line).toBe(15);
    expect(loadSpecWithError(files({ confirm: 'mailConferma: { confirms: mail, label: X, message: Diversi }' }), "Confirmed field 'mail' is not a field of Banca").line).toBe(15);
    expect(loadSpecWithError(files({ confirm: 'tipoConferma: { confirms: tipo, label: X, message: Diversi }' }), "repeats 'tipo', which is not a string field").line).toBe(15);
  });
});

describe('list badges (docs/spec-language.md#list-badges) and the create refusal of a form', () => {
  const withList = (badges: string) => banca().replace('  columns: [codAbi, nomeBcc]\n', `  columns: [codAbi, nomeBcc]\n  badges: ${badges}\n`);
  const filesWith = (text: string) => ({ ...FUNCTIONS, [BANCA]: text, [PAGES]: pages() });

  it('put the badges on the column they follow in the manifest, and the refusal on the entity', () => {
    const text = withList("{ column: nomeBcc, items: [{ label: Estera, when: { '==': [{ var: tipo }, E] } }] }")
      .replace('  route: /banche/edit/:codAbi?\n', '  route: /banche/edit/:codAbi?\n  createRefusal: Non si dispone dei permessi necessari\n');
    const { model, diagnostics } = loadSpec(filesWith(text));
    expect(diagnostics).toEqual([]);
    const meta = buildManifest(present(model, 'the model')).entities.Banca;
    expect(meta.columns.find((c) => c.field === 'nomeBcc')?.badges).toEqual([{ label: 'Estera', when: { '==': [{ var: 'tipo' }, 'E'] } }]);
    expect(meta.columns.find((c) => c.field === 'codAbi')?.badges).toBeUndefined();
    expect(meta.createRefusal).toBe('Non si dispone dei permessi necessari');
  });

  it('refuse badges on a column the list does not show and a condition on an unknown field, at their lines', () => {
    expect(loadSpecWithError(filesWith(withList("{ column: tipo, items: [{ label: Estera, when: { var: tipo } }] }")), "Badges follow 'tipo', which is not a column of the list (codAbi, nomeBcc)").line).toBe(19);
    expect(loadSpecWithError(filesWith(withList("{ column: nomeBcc, items: [{ label: Estera, when: { var: tipi } }] }")), "Badge 'Estera' reads 'tipi', which is not a field of Banca. Did you mean 'tipo'?").line).toBe(19);
  });
});
