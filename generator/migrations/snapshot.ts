/**
 * The database schema as the migrations leave it, in a form that can be diffed: what the spec wants
 * now (`snapshotOf(model)`) against what the last migration produced (generated/schema-snapshot.json).
 * Only what reaches the database is here; labels, messages and enum labels change no migration.
 */
import type { EntityModel, FieldModel, Model } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import { fieldByName, referenceOf } from '../model/resolved.js';
import { rollupTables } from './rollup-tables.js';
import { STORED_FILE_COLUMNS, STORED_FILE_NAME_MAX, STORED_FILE_TABLE } from '../../common/stored-files.js';

/** `binary`: only the stored-file table's bytes (common/stored-files.ts); no spec field has that type. */
export type ColumnType = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'binary';

export interface SnapshotColumn {
  /** The spec field the column holds, so renames and messages can speak the analyst's names. */
  field: string;
  name: string;
  type: ColumnType;
  length?: number;
  precision?: number;
  scale?: number;
  nullable: boolean;
  default?: string | number | boolean;
}

/**
 * `kind` only when not a plain B-tree index, and `where` (column -> value) only on a partial unique index, so snapshots
 * written before either existed still compare equal.
 */
export interface SnapshotIndex { name: string; columns: string[]; unique: boolean; kind?: 'trigram'; where?: Record<string, string | number | boolean> }
export interface SnapshotForeignKey { column: string; table: string; references: string }

export interface SnapshotTable {
  entity: string;
  /** The spec file that declared the entity (for messages once the file is gone). */
  source: string;
  name: string;
  columns: SnapshotColumn[];
  primary: string[];
  foreignKeys: SnapshotForeignKey[];
  indexes: SnapshotIndex[];
}

export interface AppliedMigration { file: string; sha256: string }

export interface SchemaSnapshot {
  format: 1;
  /**
   * On PostgreSQL every text column is COLLATE "C": text sorts by code point as on SQLite, so list pages
   * agree on both databases, and the column's own indexes serve that order. Absent in snapshots taken
   * before this rule; the next migration then converts the columns that already exist.
   */
  postgresTextCollation?: 'C';
  /** Every migration so far with the hash of its text: a hand edit of a frozen migration is caught. */
  migrations: AppliedMigration[];
  tables: SnapshotTable[];
}

export const SNAPSHOT_PATH = 'schema-snapshot.json';
export const MIGRATIONS_DIR = 'migrations';

export const emptySnapshot = (): SchemaSnapshot => ({ format: 1, postgresTextCollation: 'C', migrations: [], tables: [] });

/** The tables the model needs, referenced tables first so foreign keys resolve when created in order. */
export function snapshotOf(model: Pick<Model, 'entities'> & Partial<Pick<Model, 'reports'>>): SnapshotTable[] {
  const tables = referencedFirst(model).map((entity) => tableOf(model, entity));
  const hasFiles = model.entities.some((e) => e.fields.some((f) => f.type === 'file'));
  return [...tables, ...(hasFiles ? [storedFileTable()] : []), ...rollupTables(model)];
}

/** The table of uploaded files (common/stored-files.ts), needed once an entity declares a file field. */
function storedFileTable(): SnapshotTable {
  const c = STORED_FILE_COLUMNS;
  const col = (field: string, name: string, type: ColumnType, extra: Partial<SnapshotColumn> = {}): SnapshotColumn => ({ field, name, type, nullable: false, ...extra });
  return {
    entity: '(stored files)',
    source: 'common/stored-files.ts',
    name: STORED_FILE_TABLE,
    columns: [
      col('id', c.id, 'string', { length: 64 }),
      col('name', c.name, 'string', { length: STORED_FILE_NAME_MAX }),
      col('contentType', c.contentType, 'string', { length: 100 }),
      col('size', c.size, 'integer'),
      col('sha256', c.sha256, 'string', { length: 64 }),
      col('content', c.content, 'binary', { nullable: true }),
      col('createdAt', c.createdAt, 'datetime'),
    ],
    primary: [c.id],
    foreignKeys: [],
    indexes: [],
  };
}

function tableOf(model: Pick<Model, 'entities'>, entity: EntityModel): SnapshotTable {
  const columnOf = (field: string) => fieldByName(entity, field).column;
  return {
    entity: entity.name,
    source: entity.source,
    name: entity.table,
    columns: entity.fields.map(columnFor),
    primary: entity.key.map(columnOf),
    foreignKeys: entity.fields.flatMap(({ column, reference }) => {
      if (!reference) return [];
      const target = entityByName(model, reference.entity);
      return [{ column, table: target.table, references: fieldByName(target, reference.field).column }];
    }),
    indexes: entity.indexes.map((ix) => ({
      name: ix.name, columns: ix.fields.map(columnOf), unique: ix.unique, ...(ix.kind ? { kind: ix.kind } : {}),
      ...(ix.where ? { where: Object.fromEntries(Object.entries(ix.where).map(([f, v]) => [columnOf(f), v])) } : {}),
    })),
  };
}

function columnFor(field: FieldModel): SnapshotColumn {
  const type = field.type === 'reference' ? referenceOf(field).type : field.type;
  const column: SnapshotColumn = { field: field.name, name: field.column, type: 'string', nullable: !field.required };
  switch (type) {
    case 'integer': case 'boolean': case 'date': case 'datetime':
      column.type = type;
      break;
    case 'decimal':
      Object.assign(column, { type: 'decimal', precision: field.precision, scale: field.scale });
      break;
    case 'enum':
      // Enums are stored as their code; the column is as wide as the longest code.
      column.length = Math.max(...(field.options ?? []).map((o) => o.value.length), 1);
      break;
    case 'file':
      // The id of the stored file (common/stored-files.ts).
      column.length = 64;
      break;
    default:
      column.length = field.maxLength ?? 255;
  }
  if (isColumnDefault(field.default)) column.default = field.default;
  return column;
}

/** A default the database can hold; the model's checks let through only those (or none, or null). */
function isColumnDefault(value: unknown): value is NonNullable<SnapshotColumn['default']> {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Topological order over references (self-references ignored); ties keep spec order. */
function referencedFirst(model: Pick<Model, 'entities'>): EntityModel[] {
  const done = new Set<string>();
  const out: EntityModel[] = [];
  const visit = (entity: EntityModel, stack: Set<string>) => {
    if (done.has(entity.name) || stack.has(entity.name)) return;
    stack.add(entity.name);
    for (const f of entity.fields) {
      // A reference to a view (viewOf) is one to its entity's table: the view makes none.
      const target = f.reference && f.reference.entity !== entity.name ? entityByName(model, f.reference.entity) : undefined;
      if (target) visit(target.viewOf ? entityByName(model, target.viewOf) : target, stack);
    }
    done.add(entity.name);
    out.push(entity);
  };
  // A view (viewOf) reads and writes its entity's table: the table is that entity's, made once.
  for (const entity of model.entities.filter((e) => !e.viewOf)) visit(entity, new Set());
  return out;
}

export function describeColumnType(c: SnapshotColumn): string {
  if (c.type === 'string') return `varchar(${c.length})`;
  if (c.type === 'decimal') return `decimal(${c.precision},${c.scale})`;
  return c.type;
}
