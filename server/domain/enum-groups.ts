/**
 * Named subsets of an enum's codes declared in the spec (`groups:` on an enum field): domain code asks
 * for "the suspended statuses of a ticket" by name and never spells the codes itself.
 */
import type { FieldModel } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';

function groupOf(field: FieldModel | undefined, group: string, where: string): string[] {
  const codes = field?.groups?.[group];
  // The spec and this code disagree: a programming error, caught by the first test that runs it.
  if (!codes) throw new Error(`No group '${group}' on ${where}`);
  return codes;
}

/** The codes of group `group` of the enum field `field` of entity `entity`. */
export function entityGroup(model: Pick<RuntimeModel, 'entities'>, entity: string, field: string, group: string): string[] {
  return groupOf(entityByName(model, entity).fields.find((f) => f.name === field), group, `${entity}.${field}`);
}

/** The codes of group `group` of an operation's enum input. */
export function inputGroup(fields: readonly FieldModel[], field: string, group: string): string[] {
  return groupOf(fields.find((f) => f.name === field), group, `input ${field}`);
}
