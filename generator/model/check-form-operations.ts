/**
 * A form's operation buttons (spec `form.operations`, docs/spec-language.md#form-operations) run a custom
 * operation on the row the form shows: the operation must exist, write (put or post), need a permission, and
 * its path parameters must be exactly the entity's key, which the form fills from the row.
 */
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { Located, LocatedEntity } from './check-cross-references.js';
import type { CustomOperationModel } from '../../common/model.js';

export function checkFormOperations(entities: LocatedEntity[], operations: Located<CustomOperationModel>[], diagnostics: Diagnostic[]): void {
  const byName = new Map(operations.map((o) => [o.value.name, o.value]));
  for (const { value: entity, source } of entities) {
    (entity.form?.operations ?? []).forEach((button, i) => {
      const at = source.positionOf(['form', 'operations', i, 'operation']);
      const op = byName.get(button.operation);
      if (!op) { diagnostics.push({ ...at, message: `Form operation '${button.operation}' is not an operation of the spec.${didYouMean(button.operation, byName.keys())}` }); return; }
      if (op.method !== 'put' && op.method !== 'post') diagnostics.push({ ...at, message: `Form operation '${op.name}' is a ${op.method.toUpperCase()}: a button runs a change, put or post.` });
      if (op.access !== 'permission') diagnostics.push({ ...at, message: `Form operation '${op.name}' needs no permission: a form's button runs an operation some grant allows.` });
      const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      if (params.join(',') !== entity.key.join(',')) diagnostics.push({ ...at, message: `Form operation '${op.name}' has path parameters {${params.join('}, {')}}: they must be the key of ${entity.name} (${entity.key.join(', ')}), which the form fills from its row.` });
    });
  }
}
