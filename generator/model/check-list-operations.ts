/**
 * A list's operation buttons (spec `list.operations`, docs/spec-language.md#list-operations) run a custom
 * operation with what the list holds: the selected rows' keys in a text field of its body (`selection`), or
 * the list's filter values as its query parameters (`filters`). The operation must exist and need a
 * permission; the fields it is given must be its own; it must need nothing the list cannot give it.
 */
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { Located, LocatedEntity } from './check-cross-references.js';
import type { CustomOperationModel, EntityModel, ListOperationModel } from '../../common/model.js';

type At = Pick<Diagnostic, 'file' | 'line' | 'column'>;

export function checkListOperations(entities: LocatedEntity[], operations: Located<CustomOperationModel>[], diagnostics: Diagnostic[]): void {
  const byName = new Map(operations.map((o) => [o.value.name, o.value]));
  for (const { value: entity, source } of entities) {
    (entity.list?.operations ?? []).forEach((button, i) => {
      const at = (...path: (string | number)[]) => source.positionOf(['list', 'operations', i, ...path]);
      const op = byName.get(button.operation);
      if (!op) {
        diagnostics.push({ ...at('operation'), message: `List operation '${button.operation}' is not an operation of the spec.${didYouMean(button.operation, byName.keys())}` });
        return;
      }
      if (op.access !== 'permission') diagnostics.push({ ...at('operation'), message: `List operation '${op.name}' needs no permission: a list's button runs an operation some grant allows.` });
      if (op.params.length) diagnostics.push({ ...at('operation'), message: `List operation '${op.name}' has path parameters (${op.params.map((p) => p.name).join(', ')}): a list has no single row to fill them from.` });
      if (button.selection !== undefined) checkSelection(entity, op, button.selection, at('selection'), diagnostics);
      checkFilters(entity, op, button, at, diagnostics);
    });
  }
}

function checkSelection(entity: EntityModel, op: CustomOperationModel, field: string, at: At, diagnostics: Diagnostic[]): void {
  if (op.method !== 'post' && op.method !== 'put') {
    diagnostics.push({ ...at, message: `List operation '${op.name}' is a ${op.method.toUpperCase()}: the selected rows go in a body, so it must be a post or a put.` });
    return;
  }
  const target = (op.body ?? []).find((f) => f.name === field);
  if (!target) {
    diagnostics.push({ ...at, message: `selection names '${field}', which is not a field of ${op.name}'s body.${didYouMean(field, (op.body ?? []).map((f) => f.name))}` });
  } else if (target.type !== 'string') {
    diagnostics.push({ ...at, message: `selection '${field}' of ${op.name} is of type ${target.type}: the selected keys are sent as text separated by commas.` });
  }
  if (entity.key.length !== 1) diagnostics.push({ ...at, message: `${entity.name} has a key of ${entity.key.length} fields (${entity.key.join(', ')}): a selection is sent as one value per row.` });
}

function checkFilters(entity: EntityModel, op: CustomOperationModel, button: ListOperationModel, at: (...path: (string | number)[]) => At, diagnostics: Diagnostic[]): void {
  const listFilters = entity.list?.filters ?? [];
  const query = op.query.map((q) => q.name);
  (button.filters ?? []).forEach((name, j) => {
    if (!listFilters.includes(name)) diagnostics.push({ ...at('filters', j), message: `'${name}' is not a filter of the list of ${entity.name} (${listFilters.join(', ')}).${didYouMean(name, listFilters)}` });
    if (!query.includes(name)) diagnostics.push({ ...at('filters', j), message: `'${name}' is not a query parameter of ${op.name} (${query.join(', ') || 'none'}).${didYouMean(name, query)}` });
  });
  const given = new Set(button.filters ?? []);
  const missing = op.query.filter((q) => q.required && !given.has(q.name)).map((q) => q.name);
  if (missing.length) diagnostics.push({ ...at('operation'), message: `List operation '${op.name}' requires the query parameters ${missing.join(', ')}, which its filters do not give.` });
  const bodyRequired = (op.body ?? []).filter((f) => f.required && f.name !== button.selection).map((f) => f.name);
  if (bodyRequired.length) diagnostics.push({ ...at('operation'), message: `List operation '${op.name}' requires the body fields ${bodyRequired.join(', ')}, which a list's button cannot fill.` });
}
