/**
 * A form's operation buttons (spec `form.operations`, docs/spec-language.md#form-operations) run a custom
 * operation on the row the form shows: the operation must exist, write (put or post) or download a file (a get
 * answering one), need a permission, and
 * its path parameters must be exactly the entity's key, which the form fills from the row. Its `prefill` is a GET
 * with the same path parameters and a permission, whose answer starts the inputs of the operation's body. Its
 * `confirm` may name the row's fields as `{row.<field>}` (the contract's number): each must be a field of the entity.
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
      const download = op.method === 'get' && op.response.file !== undefined;
      if (op.method !== 'put' && op.method !== 'post' && !download) diagnostics.push({ ...at, message: `Form operation '${op.name}' is a ${op.method.toUpperCase()}: a button runs a change, put or post, or downloads a file (a GET answering a file).` });
      if (op.access !== 'permission') diagnostics.push({ ...at, message: `Form operation '${op.name}' needs no permission: a form's button runs an operation some grant allows.` });
      for (const [, field] of (button.confirm ?? '').matchAll(/\{row\.(\w+)\}/g)) {
        if (!entity.fields.some((f) => f.name === field)) diagnostics.push({ ...source.positionOf(['form', 'operations', i, 'confirm']), message: `Form operation '${op.name}': the confirmation names {row.${field}}, which is not a field of ${entity.name}.${didYouMean(field, entity.fields.map((f) => f.name))}` });
      }
      const params = pathParams(op.path);
      if (params.join(',') !== entity.key.join(',')) diagnostics.push({ ...at, message: `Form operation '${op.name}' has path parameters {${params.join('}, {')}}: they must be the key of ${entity.name} (${entity.key.join(', ')}), which the form fills from its row.` });
      if (button.prefill === undefined) return;
      const prefillAt = source.positionOf(['form', 'operations', i, 'prefill']);
      const prefill = byName.get(button.prefill);
      if (!prefill) { diagnostics.push({ ...prefillAt, message: `Prefill '${button.prefill}' is not an operation of the spec.${didYouMean(button.prefill, byName.keys())}` }); return; }
      if (prefill.method !== 'get' || prefill.access !== 'permission') diagnostics.push({ ...prefillAt, message: `Prefill '${prefill.name}' must be a GET with a permission: the form reads it before asking the inputs.` });
      if (pathParams(prefill.path).join(',') !== params.join(',')) diagnostics.push({ ...prefillAt, message: `Prefill '${prefill.name}' must have the path parameters of '${op.name}' ({${params.join('}, {')}}).` });
      if (!op.body?.length) diagnostics.push({ ...prefillAt, message: `Form operation '${op.name}' has no body: there is no input for '${prefill.name}' to prefill.` });
    });
  }
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}
