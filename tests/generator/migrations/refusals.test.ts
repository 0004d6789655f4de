/**
 * A spec change that would lose data is refused with file:line:col, what would be lost and how to
 * declare it; declared, it goes through. Also the checks on the declarations themselves.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationProject, type MigrationProject } from '../../support/migration-project.js';
import { format, loadSpec } from '../../support/spec-helpers.js';

const NEGOZIO = `entity: Negozio
table: negozio
key: id
fields:
  id: { type: integer, label: Id, required: true }
  insegna: { type: string, label: Insegna, required: true, maxLength: 40 }
  note: { type: string, label: Note, maxLength: 20 }
`;
const ZONA = 'entity: Zona\ntable: zona\nkey: codice\nfields:\n  codice: { type: string, label: Codice, required: true, maxLength: 3 }\n';

let project: MigrationProject;
beforeEach(async () => {
  project = migrationProject();
  expect(await project.gen({ 'spec/negozio.yaml': NEGOZIO, 'spec/zona.yaml': ZONA })).toMatchObject({ diagnostics: [] });
});
afterEach(() => project.close());

const refused = async (files: Record<string, string>) => {
  const result = await project.gen({ 'spec/zona.yaml': ZONA, ...files });
  expect(result.created, 'no migration may be written when a change is refused').toEqual([]);
  return result.diagnostics;
};
const accepted = async (files: Record<string, string>) => {
  const result = await project.gen({ 'spec/zona.yaml': ZONA, ...files });
  expect(result.diagnostics).toEqual([]);
  expect(result.created).toHaveLength(1);
  return project.migration(result.created[0]);
};

describe('refused without a declaration', () => {
  it('dropping a column', async () => {
    expect(await refused({ 'spec/negozio.yaml': NEGOZIO.replace(/ {2}note:.*\n/, '') })).toEqual([
      "spec/negozio.yaml:5:3: Field Negozio.note is no longer in the spec: the migration would drop column negozio.note and the data in it. To drop it on purpose, add it to 'migrate: { dropFields: [note] }' on the entity; if it was renamed, add 'renamedFrom: note' to the new field.",
    ]);
  });

  it('dropping a table', async () => {
    const result = await project.gen({ 'spec/negozio.yaml': NEGOZIO });
    expect(result.diagnostics).toEqual([
      "spec/zona.yaml:1:1: Entity Zona is no longer in the spec: the migration would drop table zona with all its rows. To drop it on purpose, list Zona under 'dropEntities:' in spec/platform/dropped-entities.yaml; if it was renamed, add 'renamedFrom: Zona' to the entity that replaces it.",
    ]);
  });

  it('narrowing a length', async () => {
    expect(await refused({ 'spec/negozio.yaml': NEGOZIO.replace('maxLength: 40', 'maxLength: 10') })).toEqual([
      "spec/negozio.yaml:6:71: Field Negozio.insegna: column negozio.insegna would change from varchar(40) to varchar(10); existing values that do not fit would be cut or make the migration fail. To do it on purpose, add insegna to 'migrate: { narrow: [...] }' on the entity.",
    ]);
  });

  it('changing a type', async () => {
    const [message] = await refused({ 'spec/negozio.yaml': NEGOZIO.replace('note: { type: string, label: Note, maxLength: 20 }', 'note: { type: integer, label: Note }') });
    expect(message).toBe("spec/negozio.yaml:7:17: Field Negozio.note: column negozio.note would change from varchar(20) to integer; existing values that do not fit would be cut or make the migration fail. To do it on purpose, add note to 'migrate: { narrow: [...] }' on the entity.");
  });

  it('making a column required without a default', async () => {
    expect(await refused({ 'spec/negozio.yaml': NEGOZIO.replace('maxLength: 20 }', 'maxLength: 20, required: true }') })).toEqual([
      "spec/negozio.yaml:7:63: Field Negozio.note becomes required without a default: rows of negozio with no value would break the migration. Give it a 'default:', or declare the value for those rows with 'migrate: { backfill: { note: <value> } }' on the entity.",
    ]);
  });

  it('adding a required column without a default', async () => {
    expect(await refused({ 'spec/negozio.yaml': `${NEGOZIO}  codice: { type: string, label: Codice, required: true, maxLength: 5 }\n` })).toEqual([
      "spec/negozio.yaml:8:52: New field Negozio.codice is required and has no default: rows already in table negozio would have no value. Give it a 'default:', or declare the value for existing rows with 'migrate: { backfill: { codice: <value> } }' on the entity.",
    ]);
  });

  it('changing the key', async () => {
    const [message] = await refused({ 'spec/negozio.yaml': NEGOZIO.replace('key: id', 'key: [id, insegna]') });
    expect(message).toBe('spec/negozio.yaml:3:6: The key of Negozio changed from (id) to (id, insegna): incremental migrations cannot rekey a table that holds rows. Create a new entity with the new key, move the data, and drop the old one with dropEntities.');
  });
});

describe('accepted when declared or harmless', () => {
  it('a drop declared with migrate.dropFields says so in the header', async () => {
    const text = await accepted({ 'spec/negozio.yaml': `${NEGOZIO.replace(/ {2}note:.*\n/, '')}migrate:\n  dropFields: [note]\n` });
    expect(text).toContain('//   - DROPS column negozio.note and its data (declared: migrate.dropFields of Negozio)');
  });

  it('a table drop declared with dropEntities', async () => {
    const result = await project.gen({ 'spec/negozio.yaml': NEGOZIO, 'spec/platform/dropped-entities.yaml': 'dropEntities: [Zona]\n' });
    expect(result.diagnostics).toEqual([]);
    expect(project.migration(result.created[0])).toContain('DROPS table zona and all its rows (declared: dropEntities Zona)');
  });

  it('a required field with a default fills the empty rows with the default', async () => {
    const text = await accepted({ 'spec/negozio.yaml': NEGOZIO.replace('maxLength: 20 }', "maxLength: 20, required: true, default: '-' }") });
    expect(text).toContain('now required, default null -> "-"; rows with no value get "-"');
  });

  it('a reference to a view with fewer fields is one to its entity\'s table, which keeps every column', async () => {
    // The view and the entity referring to it sort before the view's entity: the table is still the entity's.
    const view = 'entity: ANegozioBreve\nviewOf: Negozio\ntable: negozio\nkey: id\npermission: ANAG_BANCHE\napi: { path: negozi-brevi, operations: [list] }\nfields:\n  id: { type: integer, label: Id, required: true }\n  insegna: { type: string, label: Insegna, required: true, maxLength: 40 }\n';
    const vetrina = 'entity: AVetrina\ntable: a_vetrina\nkey: codice\nfields:\n  codice: { type: string, label: Codice, required: true, maxLength: 3 }\n  negozio: { type: reference, entity: ANegozioBreve, label: Negozio }\n';
    const text = await accepted({ 'spec/a-negozio-breve.yaml': view, 'spec/a-vetrina.yaml': vetrina, 'spec/negozio.yaml': NEGOZIO });
    expect(text).toContain("createTable('a_vetrina'");
    expect(text).not.toContain('negozio.note');
    expect(text).not.toContain('DROPS');
  });

  it('a label, a message or an enum label changes no table', async () => {
    const result = await project.gen({ 'spec/zona.yaml': ZONA, 'spec/negozio.yaml': NEGOZIO.replace('label: Note', 'label: Annotazioni') });
    expect(result).toEqual({ created: [], diagnostics: [] });
  });
});

describe('declarations that cannot be right', () => {
  it('dropFields naming a field that is still there', () => {
    const { diagnostics } = loadSpec({ 'spec/negozio.yaml': `${NEGOZIO}migrate:\n  dropFields: [note]\n` });
    expect(diagnostics.map(format)).toEqual([
      "spec/negozio.yaml:9:16: 'note' is still a field of Negozio: remove it from 'fields' to drop its column, or from 'dropFields' to keep it.",
    ]);
  });

  it('narrow naming an unknown field', () => {
    const { diagnostics } = loadSpec({ 'spec/negozio.yaml': `${NEGOZIO}migrate:\n  narrow: [nota]\n` });
    expect(diagnostics.map(format)).toEqual(["spec/negozio.yaml:9:12: Narrowed field 'nota' is not a field of Negozio. Did you mean 'note'?"]);
  });

  it('renamedFrom naming a field that still exists', () => {
    const { diagnostics } = loadSpec({ 'spec/negozio.yaml': NEGOZIO.replace('note: { type: string,', 'nota: { type: string, renamedFrom: insegna,') });
    expect(diagnostics.map(format)).toEqual(["spec/negozio.yaml:7:38: Field 'nota' is renamed from 'insegna', which is still a field of Negozio: a column cannot be renamed into two."]);
  });

  it('dropEntities naming an entity that is still in the spec', () => {
    const { diagnostics } = loadSpec({ 'spec/negozio.yaml': NEGOZIO, 'spec/platform/dropped-entities.yaml': 'dropEntities: [Negozio]\n' });
    expect(diagnostics.map(format)).toEqual(["spec/platform/dropped-entities.yaml:1:16: Entity Negozio is still in the spec: remove its file to drop its table, or remove it from 'dropEntities' to keep it."]);
  });
});
