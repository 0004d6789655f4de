/**
 * File fields (type: file) in the spec language: what a valid one becomes (model, OpenAPI operations,
 * form widget, stored-file table) and each mistake at its file:line:col.
 */
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../generator/migrations/snapshot.js';
import { named, present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const LOGO = `  logo:
    type: file
    label: Logo
    file:
      maxSize: 256000
      accept: [image/png, image/jpeg]
      namePattern: '^[^<>''\\s+"/;\`%]+$'
`;
/** BANCA_YAML with the logo field and, optionally, one piece of text replaced. */
const banca = (...replace: [] | [from: string, to: string]) => {
  const withLogo = BANCA_YAML.replace('list:\n', () => `${LOGO}list:\n`);
  if (replace.length === 0) return { [BANCA]: withLogo };
  const [from, to] = replace;
  expect(withLogo).toContain(from);
  return { [BANCA]: withLogo.replace(from, () => to) };
};

describe('a valid file field', () => {
  it('is in the model with its rule and the platform messages, and adds the stored-file table', () => {
    const { model, diagnostics } = loadSpec(banca());
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const logo = named(resolved.entities[0].fields, 'logo', 'fields');
    expect(logo).toMatchObject({ type: 'file', column: 'logo', file: { maxSize: 256000, accept: ['image/png', 'image/jpeg'], namePattern: '^[^<>\'\\s+"/;`%]+$' } });
    expect(Object.keys(logo.messages)).toEqual(expect.arrayContaining(['fileSize', 'fileName', 'fileType', 'fileContent']));
    const tables = snapshotOf(resolved);
    expect(tables.map((t) => t.name)).toContain('file_archiviato');
    expect(named(tables, 'banca', 'tables').columns.find((c) => c.field === 'logo')).toMatchObject({ type: 'string', length: 64, nullable: true });
  });

  it('gets GET and PUT <item>/logo and POST <item>/logo/check with a multipart body', () => {
    const doc = openApiJson(present(loadSpec(banca()).model, 'the model'));
    const item = doc.paths['/banche/{codAbi}/logo'];
    expect(item.get).toMatchObject({ 'x-operation': 'fileGet', 'x-file': 'logo', 'x-permission': 'ANAG_BANCHE:VISUALIZZAZIONE' });
    expect(item.put).toMatchObject({ 'x-operation': 'fileUpdate', 'x-permission': 'ANAG_BANCHE:AGGIORNAMENTO' });
    expect(Object.keys(item.get.responses[200].content)).toEqual(['image/png', 'image/jpeg']);
    const check = doc.paths['/banche/{codAbi}/logo/check'].post;
    expect(check).toMatchObject({ 'x-operation': 'fileCheck', requestBody: { content: { 'multipart/form-data': { schema: { required: ['file'] } } } } });
  });

  it('a spec without file fields has no stored-file table', () => {
    expect(snapshotOf(present(loadSpec({ [BANCA]: BANCA_YAML }).model, 'the model')).map((t) => t.name)).not.toContain('file_archiviato');
  });
});

describe('file field mistakes', () => {
  it('a file field without its rule', () => {
    const d = loadSpecWithError(banca(`    label: Logo
    file:
      maxSize: 256000
      accept: [image/png, image/jpeg]
      namePattern: '^[^<>''\\s+"/;\`%]+$'
`, '    label: Logo\n'), "declare what it accepts under 'file'");
    expect(d).toMatchObject({ file: BANCA, line: 17, column: 11 });
  });

  it('a rule on a field that is not a file', () => {
    const d = loadSpecWithError(banca('    type: file', '    type: string'), "cannot have 'file'");
    expect(d).toMatchObject({ file: BANCA, line: 20, column: 7 });
  });

  it('an SVG among the accepted types is refused by the schema', () => {
    const d = loadSpecWithError(banca('accept: [image/png, image/jpeg]', 'accept: [image/png, image/svg+xml]'), 'image/svg+xml');
    expect(d).toMatchObject({ file: BANCA, line: 21 });
  });

  it('an invalid name pattern', () => {
    const d = loadSpecWithError(banca(`namePattern: '^[^<>''\\s+"/;\`%]+$'`, "namePattern: '^[a-z'"), 'file.namePattern is not a valid regular expression');
    expect(d).toMatchObject({ file: BANCA, line: 22, column: 20 });
  });

  it('a required file field', () => {
    const d = loadSpecWithError(banca('    type: file\n', '    type: file\n    required: true\n'), 'cannot be required');
    expect(d).toMatchObject({ file: BANCA, line: 18, column: 15 });
  });

  it('a file among the inputs of a custom operation', () => {
    const operations = `operations:
  carica:
    method: post
    path: carica
    summary: Carica
    permission: ANAG_BANCHE:AGGIORNAMENTO
    handler: carica
    body:
      allegato: { type: file, file: { maxSize: 10, accept: [text/plain] } }
`;
    const d = loadSpecWithError({ ...banca(), 'spec/o.yaml': operations }, "Field 'allegato' of operation 'carica' cannot be a file");
    expect(d).toMatchObject({ file: 'spec/o.yaml', line: 9, column: 25 });
  });

  it('a file field as a list filter', () => {
    const d = loadSpecWithError(banca('columns: [codAbi, nomeBcc]', 'columns: [codAbi, nomeBcc]\n  filters: [logo]'), "File field 'logo' cannot be a list filter");
    expect(d).toMatchObject({ file: BANCA, line: 26, column: 13 });
  });
});

describe('a file field as a list column (seed 002 §7: invoices listed and downloaded)', () => {
  it('is a column of type file (the list shows a download button) and stays out of the default export', () => {
    const { model, diagnostics } = loadSpec(banca('columns: [codAbi, nomeBcc]', 'columns: [codAbi, nomeBcc, logo]'));
    expect(diagnostics).toEqual([]);
    const entity = present(model, 'the model').entities[0];
    expect(entity.list?.columns).toEqual(['codAbi', 'nomeBcc', 'logo']);
    expect(entity.api.export?.columns).toEqual(['codAbi', 'nomeBcc']);
  });
});

/** A demo file of Banca whose row gives its logo the file `logo`, beside the YAML. */
const DEMO = 'spec/demo/banche.yaml';
const demoOf = (logo: string) => ({ ...banca(), [DEMO]: `demo: Banca\nrows:\n  - { codAbi: '30480', nomeBcc: Banca Uno, logo: ${logo} }\n` });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('demo files (docs/spec-language.md#demo-files)', () => {
  it('embeds the file a demo row names beside its YAML, and creates the row without the field', () => {
    const { model, diagnostics } = loadSpec(demoOf('files/logo.png'), { 'spec/demo/files/logo.png': PNG });
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').demo).toEqual([{
      entity: 'Banca', rows: [{ codAbi: '30480', nomeBcc: 'Banca Uno' }],
      files: [{ row: 0, field: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') }],
    }]);
  });

  it('refuses a missing file, a path outside the folder, bytes of another type and a type the field refuses', () => {
    expect(loadSpecWithError(demoOf('files/manca.png'), 'no file spec/demo/files/manca.png')).toMatchObject({ file: DEMO, line: 3 });
    loadSpecWithError(demoOf('../segreto.png'), 'a file field takes the path of a file beside the demo YAML');
    expect(loadSpec(demoOf('files/finto.png'), { 'spec/demo/files/finto.png': Buffer.from('<script>') }).diagnostics[0].message)
      .toContain('the bytes are not image/png');
    expect(loadSpec(demoOf('files/nota.txt'), { 'spec/demo/files/nota.txt': Buffer.from('testo') }).diagnostics[0].message)
      .toContain('Demo row 1: logo: spec/demo/files/nota.txt:');
  });
});
