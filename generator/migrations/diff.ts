/**
 * What changed between the schema the last migration produced and the one the spec wants, as an
 * ordered list of changes a migration can apply, plus the changes that would lose data and were not
 * declared on purpose (refusals). Pure: snapshots and declarations in, a plan out.
 */
import { describeColumnType, type SnapshotColumn, type SnapshotForeignKey, type SnapshotIndex, type SnapshotTable } from './snapshot.js';

/** What the spec says on purpose about renames and data loss (renamedFrom, migrate:, dropEntities). */
export interface Declarations {
  /** entity -> the entity name it had before */
  entityRenamedFrom: Record<string, string>;
  /** entity -> field -> the field name it had before */
  fieldRenamedFrom: Partial<Record<string, Record<string, string>>>;
  /** entity -> fields (by their old name) whose column is dropped on purpose */
  dropFields: Record<string, string[]>;
  /** entity -> fields whose column may be narrowed (shorter, or another type) on purpose */
  narrow: Record<string, string[]>;
  /** entity -> field -> value written into existing rows that have none, when the field becomes required */
  backfill: Record<string, Record<string, unknown>>;
  /** entities whose table is dropped on purpose */
  dropEntities: string[];
}

export type Change =
  | { kind: 'renameTable'; from: string; to: string }
  | { kind: 'renameColumn'; table: string; from: string; to: string; field: string }
  | { kind: 'collateText'; tables: { table: string; columns: SnapshotColumn[] }[] }
  | { kind: 'dropForeignKey'; table: string; foreignKey: SnapshotForeignKey }
  | { kind: 'dropIndex'; table: string; index: SnapshotIndex }
  | { kind: 'createTable'; table: SnapshotTable }
  | { kind: 'addColumn'; table: string; column: SnapshotColumn; backfill?: unknown }
  | { kind: 'alterColumn'; table: string; before: SnapshotColumn; after: SnapshotColumn; backfill?: unknown; narrowing: boolean }
  | { kind: 'addForeignKey'; table: string; foreignKey: SnapshotForeignKey }
  | { kind: 'addIndex'; table: string; index: SnapshotIndex }
  | { kind: 'dropColumn'; table: string; column: SnapshotColumn; entity: string }
  | { kind: 'dropTable'; table: SnapshotTable };

/** A change that would lose data; `at` says where in the spec to point the analyst. */
export interface Refusal {
  at: { source: string; path: (string | number)[] };
  message: string;
}

/** Apply order: renames first (later steps use new names), drops of data last, after everything they feed. */
const ORDER: Change['kind'][] = [
  'renameTable', 'renameColumn', 'collateText', 'dropForeignKey', 'dropIndex', 'createTable', 'addColumn', 'alterColumn',
  'addForeignKey', 'addIndex', 'dropColumn', 'dropTable',
];

export function diffSchemas(
  previous: SnapshotTable[], current: SnapshotTable[], declared: Declarations, options: { collateExistingText?: boolean } = {},
): { changes: Change[]; refusals: Refusal[] } {
  const changes: Change[] = [];
  const refusals: Refusal[] = [];
  const unmatched = new Set(previous);

  const matchTable = (table: SnapshotTable): SnapshotTable | undefined => {
    const oldEntity = declared.entityRenamedFrom[table.entity];
    const found = [...unmatched].find((p) => p.entity === table.entity)
      ?? (oldEntity ? [...unmatched].find((p) => p.entity === oldEntity) : undefined)
      // Same table under another entity name: the entity was renamed, its rows stay where they are.
      ?? [...unmatched].find((p) => p.name === table.name);
    if (found) unmatched.delete(found);
    return found;
  };

  const pairs = current.map((table) => ({ table, before: matchTable(table) }));
  if (options.collateExistingText) {
    // Columns as they are once renamed: the conversion runs right after the renames.
    const tables = pairs.flatMap(({ table, before }) => (before ? [{
      table: table.name,
      columns: before.columns.filter((c) => c.type === 'string').map((c) => ({ ...c, name: table.columns.find((n) => n.field === c.field || declared.fieldRenamedFrom[table.entity]?.[n.field] === c.field)?.name ?? c.name })),
    }] : [])).filter((t) => t.columns.length);
    if (tables.length) changes.push({ kind: 'collateText', tables });
  }
  // A foreign key to a renamed table is still the same key: both databases follow the rename.
  const renamedTables = new Map(pairs.flatMap(({ table, before }) => (before && before.name !== table.name ? [[before.name, table.name]] : [])));
  for (const { table, before } of pairs) {
    if (!before) {
      changes.push({ kind: 'createTable', table });
      continue;
    }
    if (before.name !== table.name) changes.push({ kind: 'renameTable', from: before.name, to: table.name });
    const followed = { ...before, foreignKeys: before.foreignKeys.map((fk) => ({ ...fk, table: renamedTables.get(fk.table) ?? fk.table })) };
    diffColumns(followed, table, declared, changes, refusals);
  }

  // Dropped tables go children first, the reverse of creation order.
  for (const gone of [...unmatched].reverse()) {
    if (declared.dropEntities.includes(gone.entity)) {
      changes.push({ kind: 'dropTable', table: gone });
    } else {
      refusals.push({
        at: { source: gone.source, path: [] },
        message: `Entity ${gone.entity} is no longer in the spec: the migration would drop table ${gone.name} with all its rows. `
          + `To drop it on purpose, list ${gone.entity} under 'dropEntities:' in spec/platform/dropped-entities.yaml; `
          + `if it was renamed, add 'renamedFrom: ${gone.entity}' to the entity that replaces it.`,
      });
    }
  }
  return { changes: changes.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind)), refusals };
}

function diffColumns(before: SnapshotTable, after: SnapshotTable, declared: Declarations, changes: Change[], refusals: Refusal[]): void {
  const entity = after.entity;
  const renamedFrom = declared.fieldRenamedFrom[entity] ?? {};
  const backfills = declared.backfill[entity] ?? {};
  const narrowOk = new Set(declared.narrow[entity] ?? []);
  const dropOk = new Set([...(declared.dropFields[entity] ?? []), ...(declared.dropFields[before.entity] ?? [])]);
  const left = new Set(before.columns);
  const fieldPath = (field: string, key?: string) => ({ source: after.source, path: key ? ['fields', field, key] : ['fields', field] });
  const take = (c: SnapshotColumn | undefined) => { if (c) left.delete(c); return c; };

  for (const column of after.columns) {
    const old = take([...left].find((c) => c.field === column.field)
      ?? (renamedFrom[column.field] ? [...left].find((c) => c.field === renamedFrom[column.field]) : undefined)
      ?? [...left].find((c) => c.name === column.name));
    const backfill = column.field in backfills ? backfills[column.field] : undefined;
    if (!old) {
      if (!column.nullable && column.default === undefined && backfill === undefined) {
        refusals.push({
          at: fieldPath(column.field, 'required'),
          message: `New field ${entity}.${column.field} is required and has no default: rows already in table ${after.name} would have no value. `
            + `Give it a 'default:', or declare the value for existing rows with 'migrate: { backfill: { ${column.field}: <value> } }' on the entity.`,
        });
        continue;
      }
      changes.push({ kind: 'addColumn', table: after.name, column, ...(backfill !== undefined ? { backfill } : {}) });
      continue;
    }
    if (old.name !== column.name) changes.push({ kind: 'renameColumn', table: after.name, from: old.name, to: column.name, field: column.field });
    const comparable = { ...old, field: column.field, name: column.name };
    if (sameDefinition(comparable, column)) continue;

    const narrowing = isNarrowing(old, column);
    if (narrowing && !narrowOk.has(column.field)) {
      refusals.push({
        at: fieldPath(column.field, old.type !== column.type ? 'type' : column.type === 'string' ? 'maxLength' : undefined),
        message: `Field ${entity}.${column.field}: column ${after.name}.${column.name} would change from ${describeColumnType(old)} to ${describeColumnType(column)}; `
          + `existing values that do not fit would be cut or make the migration fail. To do it on purpose, add ${column.field} to 'migrate: { narrow: [...] }' on the entity.`,
      });
      continue;
    }
    const becomesRequired = old.nullable && !column.nullable;
    const fill = becomesRequired ? backfill ?? column.default : undefined;
    if (becomesRequired && fill === undefined) {
      refusals.push({
        at: fieldPath(column.field, 'required'),
        message: `Field ${entity}.${column.field} becomes required without a default: rows of ${after.name} with no value would break the migration. `
          + `Give it a 'default:', or declare the value for those rows with 'migrate: { backfill: { ${column.field}: <value> } }' on the entity.`,
      });
      continue;
    }
    changes.push({ kind: 'alterColumn', table: after.name, before: comparable, after: column, narrowing, ...(fill !== undefined ? { backfill: fill } : {}) });
  }

  for (const gone of left) {
    if (dropOk.has(gone.field)) {
      changes.push({ kind: 'dropColumn', table: after.name, column: gone, entity });
    } else {
      refusals.push({
        at: { source: after.source, path: ['fields'] },
        message: `Field ${entity}.${gone.field} is no longer in the spec: the migration would drop column ${after.name}.${gone.name} and the data in it. `
          + `To drop it on purpose, add it to 'migrate: { dropFields: [${gone.field}] }' on the entity; if it was renamed, add 'renamedFrom: ${gone.field}' to the new field.`,
      });
    }
  }

  const renamedColumn = (name: string) => {
    const c = before.columns.find((col) => col.name === name);
    const now = c && after.columns.find((col) => col.field === c.field || renamedFrom[col.field] === c.field);
    return now?.name ?? name;
  };
  if (before.primary.map(renamedColumn).join() !== after.primary.join()) {
    refusals.push({
      at: { source: after.source, path: ['key'] },
      message: `The key of ${entity} changed from (${before.primary.join(', ')}) to (${after.primary.join(', ')}): incremental migrations cannot rekey a table that holds rows. `
        + 'Create a new entity with the new key, move the data, and drop the old one with dropEntities.',
    });
  }

  const fkId = (fk: SnapshotForeignKey) => `${fk.column}>${fk.table}.${fk.references}`;
  const oldFks = new Set(before.foreignKeys.map((fk) => fkId({ ...fk, column: renamedColumn(fk.column) })));
  const newFks = new Set(after.foreignKeys.map(fkId));
  for (const fk of before.foreignKeys) {
    const moved = { ...fk, column: renamedColumn(fk.column) };
    if (!newFks.has(fkId(moved)) && after.columns.some((c) => c.name === moved.column)) changes.push({ kind: 'dropForeignKey', table: after.name, foreignKey: moved });
  }
  for (const fk of after.foreignKeys) if (!oldFks.has(fkId(fk))) changes.push({ kind: 'addForeignKey', table: after.name, foreignKey: fk });

  const ixId = (ix: SnapshotIndex) => `${ix.name}:${ix.unique}:${ix.kind ?? 'btree'}:${ix.columns.join(',')}${ix.where ? `:${JSON.stringify(ix.where)}` : ''}`;
  const renamedWhere = (ix: SnapshotIndex) => (ix.where ? { where: Object.fromEntries(Object.entries(ix.where).map(([c, v]) => [renamedColumn(c), v])) } : {});
  const oldIx = new Map(before.indexes.map((ix) => [ixId({ ...ix, columns: ix.columns.map(renamedColumn), ...renamedWhere(ix) }), ix]));
  const newIx = new Set(after.indexes.map(ixId));
  for (const [id, ix] of oldIx) if (!newIx.has(id)) changes.push({ kind: 'dropIndex', table: after.name, index: { ...ix, columns: ix.columns.map(renamedColumn), ...renamedWhere(ix) } });
  for (const ix of after.indexes) if (!oldIx.has(ixId(ix))) changes.push({ kind: 'addIndex', table: after.name, index: ix });
}

function sameDefinition(a: SnapshotColumn, b: SnapshotColumn): boolean {
  return a.type === b.type && a.length === b.length && a.precision === b.precision && a.scale === b.scale
    && a.nullable === b.nullable && a.default === b.default;
}

/** Shorter, less precise, or another type: values that exist may not fit the new column. */
function isNarrowing(before: SnapshotColumn, after: SnapshotColumn): boolean {
  if (before.type !== after.type) return !(before.type === 'integer' && after.type === 'decimal');
  if (after.type === 'string') return (after.length ?? 0) < (before.length ?? 0);
  if (after.type === 'decimal') {
    const intDigits = (c: SnapshotColumn) => (c.precision ?? 0) - (c.scale ?? 0);
    return intDigits(after) < intDigits(before) || (after.scale ?? 0) < (before.scale ?? 0);
  }
  return false;
}
