/**
 * Every kind of spec change becomes a migration that keeps the rows: start from a database at
 * migration N with data, change the spec, generate, migrate up, check every original value, migrate
 * down and check again, then up to continue. Runs on SQLite and, with TEST_DATABASE=postgres, on
 * PostgreSQL (tests/run-postgres-suite.ts), through the same server/db/migrate.ts the server uses.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateLatest, migrationStatus } from '../../server/db/migrate.js';
import { migrationProject, type MigrationProject } from '../support/migration-project.js';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from '../support/test-database.js';
import { closeOpened } from '../support/close-opened.js';

const CITTA = `entity: Citta
table: citta
key: codice
fields:
  codice: { type: string, label: Codice, required: true, maxLength: 5 }
  nome: { type: string, label: Nome, required: true, maxLength: 30 }
  provincia: { type: string, label: Provincia, maxLength: 2 }
`;

const NEGOZIO = `entity: Negozio
table: negozio
key: id
fields:
  id: { type: integer, label: Id, required: true }
  insegna: { type: string, label: Insegna, required: true, maxLength: 40 }
  citta: { type: reference, entity: Citta, label: Citta }
  note: { type: string, label: Note, maxLength: 20 }
  tipo: { type: enum, label: Tipo, values: { A: Alfa, B: Beta }, default: A }
#EXTRA_FIELDS
#ENTITY_EXTRA
`;

/** The spec of each step, as edits of the base files; every step keeps the previous steps' edits. */
interface Spec { citta: string; negozio: string; others: Record<string, string> }
const base = (): Spec => ({ citta: CITTA, negozio: NEGOZIO, others: {} });
const files = (s: Spec) => ({ 'spec/citta.yaml': s.citta, 'spec/negozio.yaml': s.negozio, ...s.others });
const addField = (s: Spec, line: string): Spec => ({ ...s, negozio: s.negozio.replace('#EXTRA_FIELDS', `  ${line}\n#EXTRA_FIELDS`) });
const entityExtra = (s: Spec, text: string): Spec => ({ ...s, negozio: s.negozio.replace('#ENTITY_EXTRA', `${text}\n#ENTITY_EXTRA`) });


const CITIES = [
  { codice: 'MI001', nome: 'Milano', provincia: 'MI' },
  { codice: 'TN001', nome: 'Trento', provincia: null },
];
const SHOPS = [
  { id: 1, insegna: 'Bar Centrale', citta: 'MI001', note: 'angolo', tipo: 'A' },
  { id: 2, insegna: 'Edicola Duomo', citta: 'MI001', note: null, tipo: 'B' },
  { id: 3, insegna: 'Ferramenta Rossi', citta: 'TN001', note: 'chiuso lun', tipo: 'A' },
];

let project: MigrationProject;
let database: TestDatabase;
let db: Knex;
let spec: Spec;

beforeAll(async () => {
  project = migrationProject();
  database = await openTestDatabase();
  db = database.db;
  spec = base();
  const first = await project.gen(files(spec));
  expect(first.diagnostics).toEqual([]);
  expect(first.created).toHaveLength(1);
  await migrateLatest(db, project.migrationsDir);
  await db('citta').insert(CITIES);
  await db('negozio').insert(SHOPS);
});

afterAll(async () => {
  await closeOpened(database, project);
});

const rows = (table: string, order = 'id') => db(table).select('*').orderBy(order);
const columns = async (table: string) => Object.keys(await db(table).columnInfo()).sort();

/** Generates the next spec, expects exactly one new migration, applies it; returns its text. */
async function step(next: Spec): Promise<string> {
  const result = await project.gen(files(next));
  expect(result.diagnostics).toEqual([]);
  expect(result.created).toHaveLength(1);
  await migrateLatest(db, project.migrationsDir);
  spec = next;
  return project.migration(result.created[0]);
}

/** Down then up again: the down must work and leave the data it could keep. */
async function downAndUp(checkAfterDown: () => Promise<void>): Promise<void> {
  expect(await migrateDown(db, project.migrationsDir)).toHaveLength(1);
  await checkAfterDown();
  expect(await migrateLatest(db, project.migrationsDir)).toHaveLength(1);
}

/** Where the shops' values live now: the name column is renamed and the note column dropped along the way. */
const layout = { name: 'insegna', note: true };
const shopsAre = async (at: { name: string; note: boolean } = layout) =>
  expect(await rows('negozio')).toEqual(SHOPS.map(({ insegna, note, ...rest }) =>
    expect.objectContaining({ ...rest, [at.name]: insegna, ...(at.note ? { note } : {}) })));
const shopsAsInserted = () => shopsAre();

describe('spec changes keep the data (migrate up, down, up)', () => {
  it('no spec change writes no migration', async () => {
    const again = await project.gen(files(spec));
    expect(again).toEqual({ created: [], diagnostics: [] });
  });

  it('a new entity becomes a new table; the others keep their rows', async () => {
    const text = await step({ ...spec, others: { 'spec/zona.yaml': 'entity: Zona\ntable: zona\nkey: codice\nfields:\n  codice: { type: string, label: Codice, required: true, maxLength: 3 }\n' } });
    expect(text).toContain('creates table zona (Zona)');
    await db('zona').insert({ codice: 'N' });
    await shopsAsInserted();
    await downAndUp(async () => {
      expect(await db.schema.hasTable('zona')).toBe(false);
      await shopsAsInserted();
    });
  });

  it('a new field with a default fills existing rows with it', async () => {
    const text = await step(addField(spec, "canale: { type: string, label: Canale, maxLength: 10, required: true, default: 'POS' }"));
    expect(text).toContain('existing rows get the default "POS"');
    expect((await rows('negozio')).map((r) => r.canale)).toEqual(['POS', 'POS', 'POS']);
    await shopsAsInserted();
    await downAndUp(async () => {
      expect(await columns('negozio')).not.toContain('canale');
      await shopsAsInserted();
    });
  });

  it('a new index and a new unique constraint', async () => {
    const text = await step(entityExtra(addField(spec, 'piva: { type: string, label: Partita IVA, maxLength: 11, unique: true }'), 'indexes:\n  - { fields: [citta, insegna] }'));
    expect(text).toContain('adds unique constraint negozio_piva_uq');
    expect(text).toContain('adds index negozio_citta_insegna_idx');
    await db('negozio').where({ id: 1 }).update({ piva: '01234567890' });
    await expect(db('negozio').where({ id: 2 }).update({ piva: '01234567890' })).rejects.toThrow(/unique|UNIQUE/);
    await downAndUp(async () => {
      expect(await columns('negozio')).not.toContain('piva');
      await shopsAsInserted();
    });
  });

  it('a widened length keeps every value and accepts longer ones', async () => {
    const text = await step({ ...spec, negozio: spec.negozio.replace('note: { type: string, label: Note, maxLength: 20 }', 'note: { type: string, label: Note, maxLength: 200 }') });
    expect(text).toContain('changes column negozio.note: varchar(20) -> varchar(200)');
    await shopsAsInserted();
    await downAndUp(shopsAsInserted);
  });

  it('a new enum value needs no schema change; a longer code widens the column', async () => {
    const same = await project.gen(files({ ...spec, negozio: spec.negozio.replace('values: { A: Alfa, B: Beta }', 'values: { A: Alfa, B: Beta, C: Gamma }') }));
    expect(same).toEqual({ created: [], diagnostics: [] });
    spec = { ...spec, negozio: spec.negozio.replace('values: { A: Alfa, B: Beta }', 'values: { A: Alfa, B: Beta, C: Gamma }') };
    const text = await step({ ...spec, negozio: spec.negozio.replace('C: Gamma }', 'C: Gamma, DD: Delta }') });
    expect(text).toContain('varchar(1) -> varchar(2)');
    await db('negozio').where({ id: 3 }).update({ tipo: 'DD' });
    expect((await rows('negozio')).map((r) => r.tipo)).toEqual(['A', 'B', 'DD']);
    await db('negozio').where({ id: 3 }).update({ tipo: 'A' });
    await downAndUp(shopsAsInserted);
  });

  it('a changed default applies to new rows and leaves existing ones alone', async () => {
    const text = await step({ ...spec, negozio: spec.negozio.replace('default: A }', 'default: B }') });
    expect(text).toContain('default "A" -> "B"');
    await db('negozio').insert({ id: 4, insegna: 'Nuovo' });
    expect((await db('negozio').where({ id: 4 }).first()).tipo).toBe('B');
    await db('negozio').where({ id: 4 }).delete();
    await shopsAsInserted();
    await downAndUp(shopsAsInserted);
  });

  it('a field renamed with renamedFrom keeps its values', async () => {
    const text = await step({
      ...spec,
      negozio: spec.negozio
        .replace('insegna: { type: string, label: Insegna,', 'ragioneSociale: { type: string, label: Ragione sociale, renamedFrom: insegna,')
        .replace('[citta, insegna]', '[citta, ragioneSociale]'),
    });
    expect(text).toContain('renames column negozio.insegna to ragione_sociale (values kept)');
    layout.name = 'ragione_sociale';
    await shopsAsInserted();
    await downAndUp(() => shopsAre({ name: 'insegna', note: true }));
  });

  it('an entity renamed with renamedFrom keeps its rows, and references to it still hold', async () => {
    const renamed = spec.citta.replace('entity: Citta\ntable: citta', 'entity: Comune\ntable: comune\nrenamedFrom: Citta');
    const text = await step({ ...spec, citta: renamed, negozio: spec.negozio.replace('entity: Citta', 'entity: Comune') });
    expect(text).toContain('renames table citta to comune (rows kept)');
    expect(await rows('comune', 'codice')).toEqual(CITIES);
    await expect(db('negozio').insert({ id: 9, ragione_sociale: 'X', citta: 'XX999' })).rejects.toThrow(/foreign|FOREIGN/);
    await downAndUp(async () => {
      expect(await rows('citta', 'codice')).toEqual(CITIES);
    });
  });

  it('a field made required with a declared backfill fills only the empty rows', async () => {
    const text = await step({ ...spec, citta: spec.citta.replace('provincia: { type: string, label: Provincia, maxLength: 2 }', 'provincia: { type: string, label: Provincia, maxLength: 2, required: true }\nmigrate:\n  backfill: { provincia: ND }') });
    expect(text).toContain('now required; rows with no value get "ND"');
    expect(await rows('comune', 'codice')).toEqual([CITIES[0], { ...CITIES[1], provincia: 'ND' }]);
    await expect(db('comune').insert({ codice: 'X0001', nome: 'X' })).rejects.toThrow(/null|NULL/);
    await downAndUp(async () => {
      await db('comune').insert({ codice: 'X0001', nome: 'Senza provincia' });
      await db('comune').where({ codice: 'X0001' }).delete();
    });
  });

  it('a declared narrowing is applied when every value fits', async () => {
    const text = await step({ ...spec, negozio: spec.negozio.replace('maxLength: 200 }', 'maxLength: 15 }') + 'migrate:\n  narrow: [note]\n' });
    expect(text).toContain('NARROWS (declared) column negozio.note: varchar(200) -> varchar(15)');
    await shopsAsInserted();
    await downAndUp(shopsAsInserted);
  });

  it('a declared drop removes the column and keeps every other value; down brings the column back empty', async () => {
    const text = await step({ ...spec, negozio: spec.negozio.replace(/ {2}note: \{[^\n]*\n/, '').replace('  narrow: [note]', '  dropFields: [note]') });
    expect(text).toContain('DROPS column negozio.note and its data (declared: migrate.dropFields of Negozio)');
    expect(await columns('negozio')).not.toContain('note');
    layout.note = false;
    await shopsAsInserted();
    await downAndUp(async () => {
      expect((await rows('negozio')).map((r) => r.note)).toEqual([null, null, null]);
    });
  });

  it('a declared entity drop removes its table and nothing else', async () => {
    const { 'spec/zona.yaml': _zona, ...others } = spec.others;
    const text = await step({ ...spec, others: { ...others, 'spec/dropped.yaml': 'dropEntities: [Zona]\n' } });
    expect(text).toContain('DROPS table zona and all its rows (declared: dropEntities Zona)');
    expect(await db.schema.hasTable('zona')).toBe(false);
    expect(await rows('comune', 'codice')).toHaveLength(2);
    await downAndUp(async () => {
      expect(await db.schema.hasTable('zona')).toBe(true);
    });
  });

  it('the database ends with every migration applied and the original shops intact', async () => {
    const status = await migrationStatus(db, project.migrationsDir);
    expect(status.pending).toEqual([]);
    expect(status.applied).toHaveLength(13);
    expect((await rows('negozio')).map((r) => [r.id, r.ragione_sociale, r.citta, r.tipo])).toEqual(SHOPS.map((s) => [s.id, s.insegna, s.citta, s.tipo]));
  });

  it.runIf(TEST_DIALECT === 'postgres')('on PostgreSQL, text columns stay COLLATE "C" through every create, add, alter and down', async () => {
    const { rows: other } = await db.raw<{ rows: unknown[] }>(
      "select table_name, column_name, collation_name from information_schema.columns where table_schema = 'public' and data_type = 'character varying' and coalesce(collation_name, '') <> 'C' and table_name not like 'knex_%'",
    );
    expect(other).toEqual([]);
  });
});
