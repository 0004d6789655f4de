/**
 * A list that needs one of some filters before it is searched (manifest `requireOneFilter`, from the spec's
 * `api.requireOneFilter`): the message to show while none has a value, the API's own, so the page says it
 * without a call the server would refuse anyway.
 */
import type { FilterValue } from '../../core/dataProvider';
import type { EntityMeta } from '../../core/types';

export function missingRequiredFilter(entity: Pick<EntityMeta, 'requireOneFilter'>, filters: Partial<Record<string, FilterValue>>): string | undefined {
  const rule = entity.requireOneFilter;
  if (!rule) return undefined;
  const filled = rule.params.some((param) => {
    const value = filters[param];
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
  });
  return filled ? undefined : rule.message;
}
