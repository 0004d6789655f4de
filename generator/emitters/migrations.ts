/**
 * Knex migration creating the schema the spec describes. Tables are created referenced-first so
 * foreign keys resolve on both SQLite and PostgreSQL, and dropped in the reverse order.
 */
import type { EntityModel, FieldModel, Model } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import type { Emitter } from './emitter.js';

export const migrationsEmitter: Emitter = {
  name: 'migrations',
  emit: (model, ctx) => {
    const ordered = referencedFirst(model);
    const tables = ordered.map((entity) => ({
      name: entity.table,
      columns: entity.fields.map((f) => columnCall(f)),
      primary: entity.key.map((k) => `'${columnOf(entity, k)}'`).join(', '),
      foreignKeys: entity.fields.filter((f) => f.reference).map((f) => {
        const target = entityByName(model, f.reference!.entity);
        return `t.foreign('${f.column}').references('${columnOf(target, f.reference!.field)}').inTable('${target.table}')`;
      }),
      indexes: entity.indexes.map((ix) => `t.${ix.unique ? 'unique' : 'index'}([${ix.fields.map((n) => `'${columnOf(entity, n)}'`).join(', ')}], '${ix.name}')`),
    }));
    return [{
      path: 'migrations/000001_initial_schema.cjs',
      content: ctx.render('migration.cjs', {
        description: `Creates every table of the spec: ${ordered.map((e) => e.table).join(', ')}.`,
        tables,
        dropOrder: [...ordered].reverse().map((e) => e.table),
      }),
    }];
  },
};

function columnOf(entity: EntityModel, field: string): string {
  return entity.fields.find((f) => f.name === field)!.column;
}

function columnCall(field: FieldModel): string {
  const type = field.type === 'reference' ? field.reference!.type : field.type;
  let call: string;
  switch (type) {
    case 'integer': call = `t.integer('${field.column}')`; break;
    case 'decimal': call = `t.decimal('${field.column}', ${field.precision}, ${field.scale})`; break;
    case 'boolean': call = `t.boolean('${field.column}')`; break;
    case 'date': call = `t.date('${field.column}')`; break;
    case 'datetime': call = `t.timestamp('${field.column}', { useTz: true })`; break;
    case 'enum': call = `t.string('${field.column}', ${Math.max(...(field.options ?? []).map((o) => o.value.length), 1)})`; break;
    default: call = `t.string('${field.column}', ${field.maxLength ?? 255})`;
  }
  call += field.required ? '.notNullable()' : '.nullable()';
  if (field.default !== undefined && field.default !== null) call += `.defaultTo(${JSON.stringify(field.default)})`;
  return call;
}

/** Topological order over reference fields (self-references ignored); ties keep spec order. */
function referencedFirst(model: Model): EntityModel[] {
  const done = new Set<string>();
  const out: EntityModel[] = [];
  const visit = (entity: EntityModel, stack: Set<string>) => {
    if (done.has(entity.name) || stack.has(entity.name)) return;
    stack.add(entity.name);
    for (const f of entity.fields) {
      if (f.reference && f.reference.entity !== entity.name) visit(entityByName(model, f.reference.entity), stack);
    }
    done.add(entity.name);
    out.push(entity);
  };
  for (const entity of model.entities) visit(entity, new Set());
  return out;
}
