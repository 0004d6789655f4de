/**
 * Changes -> Knex statements for `up`, their inverses for `down`, and one line of prose each for the
 * migration's header. Knex rebuilds SQLite tables for what SQLite cannot ALTER; server/db/migrate.ts
 * makes that safe with foreign keys (see there).
 */
import { foldCaseSql } from '../../common/fold-case.js';
import type { Change } from './diff.js';
import { describeColumnType, type SnapshotColumn, type SnapshotForeignKey, type SnapshotIndex, type SnapshotTable } from './snapshot.js';

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const alter = (table: string, body: string) => `await knex.schema.alterTable(${q(table)}, (t) => { ${body} });`;

export function columnCall(c: SnapshotColumn, options: { forceNullable?: boolean } = {}): string {
  let call: string;
  switch (c.type) {
    case 'integer': call = `t.integer(${q(c.name)})`; break;
    case 'decimal': call = `t.decimal(${q(c.name)}, ${c.precision}, ${c.scale})`; break;
    case 'boolean': call = `t.boolean(${q(c.name)})`; break;
    case 'date': call = `t.date(${q(c.name)})`; break;
    case 'datetime': call = `t.timestamp(${q(c.name)}, { useTz: true })`; break;
    case 'binary': call = `t.binary(${q(c.name)})`; break; // BLOB on SQLite, bytea on PostgreSQL
    default: call = `t.string(${q(c.name)}, ${c.length})`;
  }
  call += c.nullable || options.forceNullable ? '.nullable()' : '.notNullable()';
  if (c.default !== undefined) call += `.defaultTo(${JSON.stringify(c.default)})`;
  return call;
}

export function tableBody(table: SnapshotTable): string[] {
  return [
    ...table.columns.map((c) => `${columnCall(c)};`),
    `t.primary([${table.primary.map(q).join(', ')}]);`,
    ...table.foreignKeys.map((fk) => `${foreignCall(fk)};`),
    ...table.indexes.filter((ix) => !ix.kind).map((ix) => `${indexCall(ix)};`),
  ];
}

const foreignCall = (fk: SnapshotForeignKey) => `t.foreign(${q(fk.column)}).references(${q(fk.references)}).inTable(${q(fk.table)})`;
/**
 * A partial unique index's condition as literal SQL both databases read alike (double-quoted columns, TRUE/FALSE):
 * knex drops the bindings of a DDL predicate, so the values are written into the frozen migration.
 */
const predicateSql = (where: Record<string, string | number | boolean>) =>
  Object.entries(where).map(([column, value]) => `"${column}" = ${typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value)}`).join(' and ');
const indexCall = (ix: SnapshotIndex) => (ix.where
  ? `t.unique([${ix.columns.map(q).join(', ')}], { indexName: ${q(ix.name)}, predicate: knex.whereRaw(${q(predicateSql(ix.where))}) })`
  : `t.${ix.unique ? 'unique' : 'index'}([${ix.columns.map(q).join(', ')}], ${q(ix.name)})`);
// A partial unique index is an index, not a constraint, on PostgreSQL too: DROP INDEX.
const dropIndexCall = (ix: SnapshotIndex) => `t.${ix.unique && !ix.where ? 'dropUnique' : 'dropIndex'}([${ix.columns.map(q).join(', ')}], ${q(ix.name)})`;

/**
 * A trigram index (docs/spec-language.md#text-search-indexes), through the migration's own helpers: knex has no
 * call for either database's kind. PostgreSQL indexes the folded text the list's filter compares (common/fold-case.ts),
 * written here so the frozen migration keeps the expression it was built with.
 */
const addTrigram = (table: string, ix: SnapshotIndex) =>
  `await trigramIndex(knex, ${q(table)}, ${q(ix.columns[0])}, ${q(ix.name)}, ${q(foldCaseSql(`"${ix.columns[0]}"`))});`;
const dropTrigram = (ix: SnapshotIndex) => `await dropTrigramIndex(knex, ${q(ix.name)});`;
/** A partial unique index added to a table that may hold rows: those that break it first fail the migration, named. */
const guardDuplicates = (table: string, ix: SnapshotIndex) => (ix.where
  ? [`await refuseDuplicates(knex, ${q(table)}, [${ix.columns.map(q).join(', ')}], ${q(predicateSql(ix.where))}, ${q(ix.name)});`] : []);
const addIndex = (table: string, ix: SnapshotIndex) => (ix.kind === 'trigram' ? addTrigram(table, ix) : [...guardDuplicates(table, ix), alter(table, `${indexCall(ix)};`)].join('\n'));
const dropIndex = (table: string, ix: SnapshotIndex) => (ix.kind === 'trigram' ? dropTrigram(ix) : alter(table, `${dropIndexCall(ix)};`));

/** PostgreSQL only (a no-op on SQLite): the text columns sort by code point, see SchemaSnapshot. */
const collate = (table: string, columns: SnapshotColumn[], collation: 'C' | 'default' = 'C') => {
  const text = columns.filter((c) => c.type === 'string');
  return text.length ? [`await textByCodePoint(knex, ${q(table)}, [${text.map((c) => `[${q(c.name)}, ${c.length}]`).join(', ')}]${collation === 'C' ? '' : ", 'default'"});`] : [];
};

const createTable = (table: SnapshotTable) =>
  [
    `await knex.schema.createTable(${q(table.name)}, (t) => {`, ...tableBody(table).map((l) => `  ${l}`), '});', ...collate(table.name, table.columns),
    ...table.indexes.filter((ix) => ix.kind === 'trigram').map((ix) => addTrigram(table.name, ix)),
  ].join('\n');

/** knex's PostgreSQL ALTER also rewrites NULL/NOT NULL, which a key column refuses; only when it changes. */
const alterCall = (c: SnapshotColumn, nullableChanges: boolean) => `${columnCall(c)}.alter(${nullableChanges ? '' : '{ alterNullable: false }'});`;

/** Fills existing rows that have no value, so a NOT NULL constraint can be added. */
const fillNulls = (table: string, column: string, value: unknown) =>
  `await knex(${q(table)}).whereNull(${q(column)}).update({ ${q(column)}: ${JSON.stringify(value)} });`;

/** Refuses to narrow a text column that holds longer values (SQLite would keep them silently). */
const guardLength = (table: string, column: SnapshotColumn) =>
  `await refuseLongerValues(knex, ${q(table)}, ${q(column.name)}, ${column.length});`;

/** Changes SQLite makes by copying the table into a new one (knex's SQLite DDL): triggers and rowids do not follow. */
const REBUILDS_ON_SQLITE: ReadonlySet<Change['kind']> = new Set<Change['kind']>(['renameColumn', 'dropForeignKey', 'alterColumn', 'addForeignKey', 'dropColumn']);

/**
 * The trigram indexes to build again at the end of a migration: those of the tables (as `tables` has them
 * after it) that a change rebuilt on SQLite, whose FTS5 table would otherwise keep the old rowids and lose its
 * triggers. A no-op on PostgreSQL, where the index follows the table.
 */
export function trigramRefresh(changes: readonly Change[], tables: readonly SnapshotTable[]): string[] {
  const rebuilt = new Set(changes.flatMap((c) => (REBUILDS_ON_SQLITE.has(c.kind) && 'table' in c && typeof c.table === 'string' ? [c.table] : [])));
  return tables.filter((t) => rebuilt.has(t.name)).flatMap((t) => t.indexes.filter((ix) => ix.kind === 'trigram').map((ix) => addTrigram(t.name, ix)));
}

export function up(change: Change): string {
  switch (change.kind) {
    case 'collateText': return change.tables.flatMap((t) => collate(t.table, t.columns)).join('\n');
    case 'renameTable': return `await knex.schema.renameTable(${q(change.from)}, ${q(change.to)});`;
    case 'renameColumn': return alter(change.table, `t.renameColumn(${q(change.from)}, ${q(change.to)});`);
    case 'dropForeignKey': return alter(change.table, `t.dropForeign([${q(change.foreignKey.column)}]);`);
    case 'dropIndex': return dropIndex(change.table, change.index);
    case 'createTable': return createTable(change.table);
    case 'addColumn':
      if (change.backfill === undefined) return [alter(change.table, `${columnCall(change.column)};`), ...collate(change.table, [change.column])].join('\n');
      return [
        alter(change.table, `${columnCall(change.column, { forceNullable: true })};`),
        fillNulls(change.table, change.column.name, change.backfill),
        alter(change.table, alterCall(change.column, true)),
        ...collate(change.table, [change.column]),
      ].join('\n');
    case 'alterColumn': return [
      ...(change.backfill !== undefined ? [fillNulls(change.table, change.after.name, change.backfill)] : []),
      ...(change.narrowing && change.after.type === 'string' && change.before.type === 'string' ? [guardLength(change.table, change.after)] : []),
      alter(change.table, alterCall(change.after, change.before.nullable !== change.after.nullable)),
      ...collate(change.table, [change.after]),
    ].join('\n');
    case 'addForeignKey': return alter(change.table, `${foreignCall(change.foreignKey)};`);
    case 'addIndex': return addIndex(change.table, change.index);
    case 'dropColumn': return alter(change.table, `t.dropColumn(${q(change.column.name)});`);
    case 'dropTable': return [...change.table.indexes.filter((ix) => ix.kind === 'trigram').map(dropTrigram), `await knex.schema.dropTable(${q(change.table.name)});`].join('\n');
  }
}

/** The inverse of a change. Dropped data cannot come back: down recreates the structure, empty. */
export function down(change: Change): string {
  switch (change.kind) {
    case 'collateText': return change.tables.flatMap((t) => collate(t.table, t.columns, 'default')).join('\n');
    case 'renameTable': return `await knex.schema.renameTable(${q(change.to)}, ${q(change.from)});`;
    case 'renameColumn': return alter(change.table, `t.renameColumn(${q(change.to)}, ${q(change.from)});`);
    case 'dropForeignKey': return alter(change.table, `${foreignCall(change.foreignKey)};`);
    case 'dropIndex': return addIndex(change.table, change.index);
    case 'createTable': return [...change.table.indexes.filter((ix) => ix.kind === 'trigram').map(dropTrigram), `await knex.schema.dropTable(${q(change.table.name)});`].join('\n');
    case 'addColumn': return alter(change.table, `t.dropColumn(${q(change.column.name)});`);
    case 'alterColumn': return [
      ...(!change.narrowing && change.after.type === 'string' && change.before.type === 'string' && (change.before.length ?? 0) < (change.after.length ?? 0)
        ? [guardLength(change.table, change.before)] : []),
      alter(change.table, alterCall(change.before, change.before.nullable !== change.after.nullable)),
      ...collate(change.table, [change.before]),
    ].join('\n');
    case 'addForeignKey': return alter(change.table, `t.dropForeign([${q(change.foreignKey.column)}]);`);
    case 'addIndex': return dropIndex(change.table, change.index);
    // A NOT NULL column without default cannot be added to a table with rows; it comes back nullable.
    case 'dropColumn': return [alter(change.table, `${columnCall(change.column, { forceNullable: change.column.default === undefined })};`), ...collate(change.table, [change.column])].join('\n');
    case 'dropTable': return createTable(change.table);
  }
}

export function describe(change: Change): string {
  switch (change.kind) {
    case 'collateText': return `on PostgreSQL, text columns of ${change.tables.map((t) => t.table).join(', ')} sort by code point (COLLATE "C"), as on SQLite`;
    case 'renameTable': return `renames table ${change.from} to ${change.to} (rows kept)`;
    case 'renameColumn': return `renames column ${change.table}.${change.from} to ${change.to} (values kept)`;
    case 'dropForeignKey': return `drops the foreign key ${change.table}.${change.foreignKey.column} -> ${change.foreignKey.table}`;
    case 'dropIndex': return `drops index ${change.index.name}`;
    case 'createTable': return `creates table ${change.table.name} (${change.table.entity})`;
    case 'addColumn': return `adds column ${change.table}.${change.column.name} (${change.column.field})`
      + (change.backfill !== undefined ? `, existing rows get ${JSON.stringify(change.backfill)}` : change.column.default !== undefined ? `, existing rows get the default ${JSON.stringify(change.column.default)}` : '');
    case 'alterColumn': return `${change.narrowing ? 'NARROWS (declared)' : 'changes'} column ${change.table}.${change.after.name}: ${summarizeAlter(change.before, change.after)}`
      + (change.backfill !== undefined ? `; rows with no value get ${JSON.stringify(change.backfill)}` : '');
    case 'addForeignKey': return `adds the foreign key ${change.table}.${change.foreignKey.column} -> ${change.foreignKey.table}`;
    case 'addIndex': return `adds ${change.index.kind === 'trigram' ? 'trigram index' : change.index.where ? `partial unique index (where ${predicateSql(change.index.where)})` : change.index.unique ? 'unique constraint' : 'index'} ${change.index.name}`;
    case 'dropColumn': return `DROPS column ${change.table}.${change.column.name} and its data (declared: migrate.dropFields of ${change.entity})`;
    case 'dropTable': return `DROPS table ${change.table.name} and all its rows (declared: dropEntities ${change.table.entity})`;
  }
}

function summarizeAlter(before: SnapshotColumn, after: SnapshotColumn): string {
  const parts: string[] = [];
  if (describeColumnType(before) !== describeColumnType(after)) parts.push(`${describeColumnType(before)} -> ${describeColumnType(after)}`);
  if (before.nullable !== after.nullable) parts.push(after.nullable ? 'now optional' : 'now required');
  if (before.default !== after.default) parts.push(`default ${JSON.stringify(before.default ?? null)} -> ${JSON.stringify(after.default ?? null)}`);
  return parts.join(', ');
}
