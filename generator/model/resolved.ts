/**
 * What the model's checks have already resolved, for the emitters: the field an entity names elsewhere (a
 * key, a list column, a reference's target) and the target of a reference field. The checks refused every
 * name that is not a field and every reference they could not resolve, so a miss here is a bug of the
 * generator, thrown like `entityByName`'s rather than asserted away.
 */
import type { EntityModel, FieldModel } from '../../common/model.js';

export type ResolvedReference = NonNullable<FieldModel['reference']>;

export function fieldByName(entity: Pick<EntityModel, 'name' | 'fields'>, name: string): FieldModel {
  const found = entity.fields.find((f) => f.name === name);
  if (!found) throw new Error(`Generator bug: ${entity.name} has no field ${name}.`);
  return found;
}

export function referenceOf(field: FieldModel): ResolvedReference {
  if (!field.reference) throw new Error(`Generator bug: the reference field ${field.name} is not resolved.`);
  return field.reference;
}
