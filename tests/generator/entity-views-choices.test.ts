/**
 * Entity views (`viewOf`), child choices (`widget: checkboxes`, `choices`) and references within the caller's
 * scope (`withinScope`), docs/spec-language.md#entity-views: a valid spec reaches the model with no table of
 * the view's own; mistakes are reported at file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../generator/migrations/snapshot.js';
import { present } from '../support/present.js';
import { loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const PERSONA = `entity: Persona
table: persona
key: codice
permission: ANAG_BANCHE
api:
  path: persone
fields:
  codice: { type: string, required: true }
  nome: { type: string }
  riservato: { type: string }
children:
  ruoli: { entity: Ruolo, kind: many, link: { persona: codice } }
`;
const RUOLO = `entity: Ruolo
table: ruolo_persona
key: [persona, nome]
fields:
  persona: { type: reference, entity: Persona, required: true }
  nome: { type: string, required: true }
`;
const view = (fields: string, children = '') => `entity: PersonaBreve
viewOf: Persona
table: persona
key: codice
permission: ANAG_BANCHE
api:
  path: persone-brevi
fields:
${fields}${children}`;
const CHOICES = `children:
  ruoli:
    entity: Ruolo
    kind: many
    link: { persona: codice }
    widget: checkboxes
    choices:
      field: nome
      values: { A: Ruolo A, B: Ruolo B }
      labels: { ADMIN: Amministratore }
      onCreate: [BASE]
      message: Ruolo non assegnabile
`;
const files = (v: string) => ({ 'spec/x/persona.yaml': PERSONA, 'spec/x/ruolo.yaml': RUOLO, 'spec/x/breve.yaml': v });

describe('an entity view', () => {
  it('shares its entity table: the model has it, the schema snapshot makes the table once; choices reach the child', () => {
    const { model, diagnostics } = loadSpec(files(view('  codice: { type: string, required: true }\n  nome: { type: string }\n', CHOICES)));
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    expect(resolved.entities.find((e) => e.name === 'PersonaBreve')).toMatchObject({ viewOf: 'Persona', table: 'persona' });
    expect(snapshotOf(resolved).filter((t) => t.name === 'persona')).toHaveLength(1);
    expect(resolved.entities.find((e) => e.name === 'PersonaBreve')?.children[0]).toMatchObject({
      widget: 'checkboxes',
      choices: { field: 'nome', values: [{ value: 'A', label: 'Ruolo A' }, { value: 'B', label: 'Ruolo B' }], labels: { ADMIN: 'Amministratore' }, onCreate: ['BASE'], message: 'Ruolo non assegnabile' },
    });
  });

  it('refuses a field its entity lacks, another type, a required field left out, another table', () => {
    const unknown = loadSpecWithError(files(view('  codice: { type: string, required: true }\n  cognome: { type: string }\n')), "Field 'cognome' is not a field of Persona");
    expect(unknown).toMatchObject({ file: 'spec/x/breve.yaml', line: 10 });
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n  nome: { type: integer }\n')), "Field 'nome' has type integer in PersonaBreve and string in Persona");
    loadSpecWithError(files(view('  nome: { type: string }\n')), 'Persona.codice is required: the view PersonaBreve must have it');
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n').replace('table: persona', 'table: altra')), "its table must be 'persona'");
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n').replace('viewOf: Persona', 'viewOf: Persone')), "viewOf names the unknown entity 'Persone'");
  });

  it('refuses choices without checkboxes, on an unknown field, and withinScope on a field that is not a reference', () => {
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n', CHOICES.replace('    widget: checkboxes\n', ''))), 'widget checkboxes shows the values of');
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n', CHOICES.replace('field: nome', 'field: nomi'))), "Choice field 'nomi' is not a field of Ruolo");
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n  nome: { type: string, withinScope: true }\n')), "Field 'nome' is not a reference: withinScope");
  });

  it('ties a choice to a function (choices.functions: offered to its holders only), refusing an unknown value or function', () => {
    const tied = CHOICES.replace('      message: Ruolo non assegnabile\n', '      message: Ruolo non assegnabile\n      functions: { B: ANAG_BANCHE }\n');
    const { model, diagnostics } = loadSpec(files(view('  codice: { type: string, required: true }\n', tied)));
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').entities.find((e) => e.name === 'PersonaBreve')?.children[0].choices?.functions).toEqual({ B: 'ANAG_BANCHE' });
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n', tied.replace('{ B: ANAG_BANCHE }', '{ C: ANAG_BANCHE }'))), "'C' is not among the values of 'ruoli' choices");
    loadSpecWithError(files(view('  codice: { type: string, required: true }\n', tied.replace('{ B: ANAG_BANCHE }', '{ B: NESSUNA }'))), "Function 'NESSUNA' is not declared");
  });
});

describe('form operations and folding filters', () => {
  const OPS = `operations:
  azzera:
    method: put
    path: persone/azzera/{codice}
    summary: Azzera
    permission: ANAG_BANCHE:AGGIORNAMENTO
    handler: azzera
    params: { codice: { type: string, required: true } }
    response: { fields: { message: { type: string, required: true } } }
  leggi:
    method: get
    path: persone/leggi/{codice}
    summary: Leggi
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    handler: leggi
    params: { codice: { type: string, required: true } }
    response: { fields: { message: { type: string, required: true } } }
`;
  const persona = (operation: string) => `${PERSONA}list: { route: /persone, collapseFilters: true }
form:
  route: /persone/:codice?
  operations:
    - { operation: ${operation}, label: Azzera, confirm: Azzerare? }
`;
  it('reach the model: the button with its operation, the list that folds its filters', () => {
    const { model, diagnostics } = loadSpec({ 'spec/x/persona.yaml': persona('azzera'), 'spec/x/ruolo.yaml': RUOLO, 'spec/x/operazioni.yaml': OPS });
    expect(diagnostics).toEqual([]);
    const entity = present(model, 'the model').entities.find((e) => e.name === 'Persona');
    expect(entity?.form?.operations).toEqual([{ operation: 'azzera', label: 'Azzera', confirm: 'Azzerare?' }]);
    expect(entity?.list?.collapseFilters).toBe(true);
  });

  it("refuse a confirmation naming a row's field the entity lacks, at the line; take one it has", () => {
    const named = (field: string) => persona('azzera').replace('confirm: Azzerare? }', `confirm: "Azzerare {row.${field}}?" }`);
    const { diagnostics } = loadSpec({ 'spec/x/persona.yaml': named('codice'), 'spec/x/ruolo.yaml': RUOLO, 'spec/x/operazioni.yaml': OPS });
    expect(diagnostics).toEqual([]);
    const wrong = loadSpecWithError({ 'spec/x/persona.yaml': named('codici'), 'spec/x/ruolo.yaml': RUOLO, 'spec/x/operazioni.yaml': OPS }, "Form operation 'azzera': the confirmation names {row.codici}, which is not a field of Persona.");
    expect(wrong).toMatchObject({ file: 'spec/x/persona.yaml', line: 17 });
  });

  it('refuse an unknown operation and a GET, at the line', () => {
    const unknown = loadSpecWithError({ 'spec/x/persona.yaml': persona('azzerare'), 'spec/x/ruolo.yaml': RUOLO, 'spec/x/operazioni.yaml': OPS }, "Form operation 'azzerare' is not an operation of the spec");
    expect(unknown).toMatchObject({ file: 'spec/x/persona.yaml', line: 17 });
    loadSpecWithError({ 'spec/x/persona.yaml': persona('leggi'), 'spec/x/ruolo.yaml': RUOLO, 'spec/x/operazioni.yaml': OPS }, "Form operation 'leggi' is a GET");
  });
});

describe("a view's rows (viewRows, docs/spec-language.md#the-rows-of-a-view)", () => {
  const rows = (line: string) => view('  codice: { type: string, required: true }\n  nome: { type: string }\n').replace('fields:\n', `${line}\nfields:\n`);
  it('reaches the model as written', () => {
    const { model, diagnostics } = loadSpec(files(rows('viewRows: { entity: Ruolo, link: { persona: codice }, where: { nome: ADMIN } }')));
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').entities.find((e) => e.name === 'PersonaBreve')?.viewRows).toEqual([{ entity: 'Ruolo', link: { persona: 'codice' }, where: { nome: 'ADMIN' } }]);
  });

  it('refuses an unknown entity, link and where fields either side lacks, and an entity that is not a view, at the line', () => {
    const unknown = loadSpecWithError(files(rows('viewRows: { entity: Ruoli, link: { persona: codice }, where: { nome: ADMIN } }')), "viewRows names the unknown entity 'Ruoli'");
    expect(unknown).toMatchObject({ file: 'spec/x/breve.yaml', line: 8 });
    loadSpecWithError(files(rows('viewRows: { entity: Ruolo, link: { personaa: codice }, where: { nome: ADMIN } }')), "'personaa' is not a field of Ruolo");
    loadSpecWithError(files(rows('viewRows: { entity: Ruolo, link: { persona: codici }, where: { nome: ADMIN } }')), "'codici' is not a field of PersonaBreve");
    loadSpecWithError(files(rows('viewRows: { entity: Ruolo, link: { persona: codice }, where: { cognome: X } }')), "'cognome' is not a field of Ruolo");
    loadSpecWithError(files(rows('viewRows: { entity: Ruolo, link: { persona: codice }, where: { nome: ADMIN } }').replace('viewOf: Persona\n', '').replace('table: persona', 'table: persona_bis')), 'PersonaBreve has no viewOf');
  });
});

describe("rows linked within the caller's scope (viewRows.withinScope, docs/spec-language.md#rows-linked-within-the-callers-scope)", () => {
  // Ruolo with a bank dimension: a view of the people holding a role the caller may read.
  const scoped = RUOLO.replace('key: [persona, nome]\n', 'key: [persona, nome]\nscope: { bank: codAbi }\n').replace('fields:\n', 'fields:\n  codAbi: { type: string, required: true }\n');
  const within = (operations: string, ruolo = scoped) => ({
    'spec/x/persona.yaml': PERSONA, 'spec/x/ruolo.yaml': ruolo,
    'spec/x/breve.yaml': view('  codice: { type: string, required: true }\n  nome: { type: string }\n')
      .replace('fields:\n', 'viewRows: { entity: Ruolo, link: { persona: codice }, where: { nome: ADMIN }, withinScope: true }\nfields:\n')
      .replace('  path: persone-brevi\n', `  path: persone-brevi\n  operations: [${operations}]\n`),
  });

  it('reaches the model on a read-only view of a scoped entity', () => {
    const { model, diagnostics } = loadSpec(within('list, get'));
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').entities.find((e) => e.name === 'PersonaBreve')?.viewRows).toEqual([{ entity: 'Ruolo', link: { persona: 'codice' }, where: { nome: 'ADMIN' }, withinScope: true }]);
  });

  it('refuses a view that writes, and a related entity without scope, at the line', () => {
    const writes = loadSpecWithError(within('list, get, update'), 'viewRows.withinScope narrows what a caller reads: PersonaBreve must be read-only (operations list and get), not update.');
    expect(writes).toMatchObject({ file: 'spec/x/breve.yaml', line: 9 });
    loadSpecWithError(within('list, get', RUOLO), "viewRows.withinScope keeps the rows of Ruolo in the caller's data scope, but Ruolo has no scope.");
  });

  // A list of conditions, all to hold: the ADMIN roles' people, among them those with a role the caller may read (a
  // condition without `where`: any linked row). spec/download/terminali-da-sostituire.yaml: a withdrawn model's
  // terminals of the stores the caller may read.
  const listed = (second: string, operations = 'list, get') => ({
    'spec/x/persona.yaml': PERSONA, 'spec/x/ruolo.yaml': scoped,
    'spec/x/breve.yaml': view('  codice: { type: string, required: true }\n  nome: { type: string }\n')
      .replace('fields:\n', `viewRows:\n  - { entity: Ruolo, link: { persona: codice }, where: { nome: ADMIN } }\n  - ${second}\nfields:\n`)
      .replace('  path: persone-brevi\n', `  path: persone-brevi\n  operations: [${operations}]\n`),
  });

  it('takes a list of conditions, each as one, a condition without where included', () => {
    const { model, diagnostics } = loadSpec(listed('{ entity: Ruolo, link: { persona: codice }, withinScope: true }'));
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').entities.find((e) => e.name === 'PersonaBreve')?.viewRows).toEqual([
      { entity: 'Ruolo', link: { persona: 'codice' }, where: { nome: 'ADMIN' } },
      { entity: 'Ruolo', link: { persona: 'codice' }, where: {}, withinScope: true },
    ]);
  });

  it('refuses a wrong condition of the list at its own line (the second: line 11)', () => {
    const unknown = loadSpecWithError(listed('{ entity: Ruoli, link: { persona: codice }, withinScope: true }'), "viewRows names the unknown entity 'Ruoli'");
    expect(unknown).toMatchObject({ file: 'spec/x/breve.yaml', line: 11 });
    const field = loadSpecWithError(listed('{ entity: Ruolo, link: { persona: codici }, withinScope: true }'), "'codici' is not a field of PersonaBreve");
    expect(field).toMatchObject({ file: 'spec/x/breve.yaml', line: 11 });
    const writes = loadSpecWithError(listed('{ entity: Ruolo, link: { persona: codice }, withinScope: true }', 'list, get, update'), 'viewRows.withinScope narrows what a caller reads');
    expect(writes).toMatchObject({ file: 'spec/x/breve.yaml', line: 11 });
  });
});
