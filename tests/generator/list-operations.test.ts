/**
 * A list's operation buttons (docs/spec-language.md#list-operations): a valid spec reaches the manifest with the
 * call each button makes; every mistake is reported at its file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest.js';
import { present } from '../support/present.js';
import { loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const OPS = `operations:
  stampa:
    method: post
    path: pratiche/stampa
    summary: Stampa le pratiche selezionate
    permission: ANAG_BANCHE:AGGIORNAMENTO
    handler: stampa
    body:
      pratiche: { type: string, label: Pratiche, maxLength: 3800 }
      copie: { type: integer, label: Copie }
    response: { file: text }
  solleciti:
    method: get
    path: pratiche/solleciti
    summary: Solleciti dell'ufficio cercato
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    handler: solleciti
    query:
      ufficio: { type: string, label: Ufficio, required: true }
      stato: { type: string, label: Stato }
    response: { file: text }
  aperta:
    method: get
    path: pratiche/aperta
    summary: Chiunque
    authenticated: true
    handler: aperta
    response: { fields: { message: { type: string, required: true } } }
`;

const pratica = (operations: string) => `entity: Pratica
table: pratica
key: id
permission: ANAG_BANCHE
api:
  path: pratiche
fields:
  id: { type: string, required: true }
  ufficio: { type: string, label: Ufficio, search: exact, filterParam: codUfficio }
  stato: { type: string, label: Stato, search: exact }
  note: { type: string }
list:
  route: /pratiche
  filters: [ufficio, stato]
  operations:
${operations}`;

const files = (operations: string) => ({ 'spec/x/pratica.yaml': pratica(operations), 'spec/x/operazioni.yaml': OPS });

describe('list operations', () => {
  it('reach the manifest: the selection\'s body field, each filter\'s query name and list parameter, a file answer', () => {
    const { model, diagnostics } = loadSpec(files(`    - { operation: stampa, label: Stampa, selection: pratiche, confirm: "Stampare {count} pratiche?" }
    - { operation: solleciti, label: Esporta solleciti, filters: [ufficio, stato] }
`));
    expect(diagnostics).toEqual([]);
    const manifest = buildManifest(present(model, 'the model'));
    expect(manifest.entities.Pratica.listOperations).toEqual([
      { label: 'Stampa', method: 'post', path: 'pratiche/stampa', permission: 'ANAG_BANCHE:AGGIORNAMENTO', confirm: 'Stampare {count} pratiche?', selection: 'pratiche', file: true },
      { label: 'Esporta solleciti', method: 'get', path: 'pratiche/solleciti', permission: 'ANAG_BANCHE:VISUALIZZAZIONE', filters: [{ query: 'ufficio', param: 'codUfficio' }, { query: 'stato', param: 'stato' }], file: true },
    ]);
  });

  it('refuse an unknown operation and one without a permission, at the line', () => {
    expect(loadSpecWithError(files('    - { operation: stamp, label: Stampa, selection: pratiche }\n'), "List operation 'stamp' is not an operation of the spec"))
      .toMatchObject({ file: 'spec/x/pratica.yaml', line: 16 });
    loadSpecWithError(files('    - { operation: aperta, label: Apri }\n'), "List operation 'aperta' needs no permission");
  });

  it('refuse a selection that is not a text field of a post body, and a GET with a selection', () => {
    loadSpecWithError(files('    - { operation: stampa, label: Stampa, selection: pratica }\n'), "selection names 'pratica', which is not a field of stampa's body");
    loadSpecWithError(files('    - { operation: stampa, label: Stampa, selection: copie }\n'), "selection 'copie' of stampa is of type integer");
    loadSpecWithError(files('    - { operation: solleciti, label: Solleciti, selection: ufficio, filters: [ufficio] }\n'), "List operation 'solleciti' is a GET");
  });

  it('refuse a filter the list or the operation lacks, and a required query parameter no filter gives', () => {
    loadSpecWithError(files('    - { operation: solleciti, label: Solleciti, filters: [ufficio, note] }\n'), "'note' is not a filter of the list of Pratica");
    loadSpecWithError(files('    - { operation: stampa, label: Stampa, selection: pratiche, filters: [ufficio] }\n'), "'ufficio' is not a query parameter of stampa");
    loadSpecWithError(files('    - { operation: solleciti, label: Solleciti, filters: [stato] }\n'), "requires the query parameters ufficio, which its filters do not give");
  });
});
