/**
 * What an analyst reads when the spec is wrong: every mistake named in plain words, with a suggestion
 * where one is plausible, at the file:line:column of the offending text.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../support/present.js';
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

  it('a form route whose parameters are not the key says how to end it', () => {
    const d = loadSpecWithError(banca('/banche/edit/:codAbi?', '/banche/edit/:abi?'), 'Form route parameters (abi)');
    expect(d.message).toContain('end the route with /:codAbi?');
    expect(d).toMatchObject({ file: BANCA, line: 20, column: 10 });
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

describe('shell landing rules (spec/ui/pages.yaml)', () => {
  const PAGES = 'spec/ui/pages.yaml';
  const pages = (bank: string) => `landing:
  merchant: /wpbusiness/home
  assistance: /banche
  bank: [${bank}]
emailWarningGroups: ['15000']
pages:
  - { route: /about, component: InfoPage, public: true }
`;

  it('accepts landing routes that entities or pages declare, and carries them into the model', () => {
    const { model, diagnostics } = loadSpec({ [BANCA]: BANCA_YAML, [PAGES]: pages('/about, /banche') });
    expect(diagnostics).toEqual([]);
    expect(model?.shell).toEqual({
      landing: { merchant: '/wpbusiness/home', assistance: '/banche', bank: ['/about', '/banche'] },
      emailWarningGroups: ['15000'],
    });
  });

  it('refuses a landing route nothing declares, at its line', () => {
    const d = loadSpecWithError({ [BANCA]: BANCA_YAML, [PAGES]: pages('/richieste/sospesi/nessuna') }, "Landing route '/richieste/sospesi/nessuna' is not a route");
    expect(d).toMatchObject({ file: PAGES, line: 4 });
  });
});
