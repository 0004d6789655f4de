/**
 * A `many` child shown as a transfer list (`widget: transferList`) moves rows of one other entity in and out
 * of the parent: the child must have exactly one field the parent does not fill (link, fixed), and it must
 * be a reference to an entity with a list API, whose rows the caller may see are the "available" list.
 */
import type { ChildModel, EntityModel, FieldModel } from '../../common/model.js';
import { referenceOf, type ResolvedReference } from './resolved.js';

export function transferFieldOf(child: ChildModel, target: EntityModel): FieldModel | string {
  if (child.kind !== 'many') return `Child '${child.name}' shows as a transferList: it must be kind many.`;
  const own = target.fields.filter((f) => !(f.name in child.link) && !(f.name in child.fixed));
  if (own.length !== 1 || own[0].type !== 'reference') {
    return `Child '${child.name}' shows as a transferList: ${target.name} must have exactly one field besides link and fixed, a reference (it has ${own.map((f) => f.name).join(', ') || 'none'}).`;
  }
  return own[0];
}

/**
 * The moved field of a transfer list and the row it references, for emitters: the model's checks already
 * refused a transfer list without one, so its absence here is a bug of the generator.
 */
export function transferReferenceOf(child: ChildModel, target: EntityModel): { field: FieldModel; reference: ResolvedReference } {
  const field = transferFieldOf(child, target);
  if (typeof field === 'string') throw new Error(`Generator bug, not caught by the model checks: ${field}`);
  return { field, reference: referenceOf(field) };
}
