/**
 * `list.selectSingle` (docs/spec-language.md#a-filter-chosen-when-there-is-one): a reference filter that opens
 * chosen when the caller may see exactly one row of its entity (seed 002 §6: acquiring contracts "lists shops,
 * auto-selects if only one"). The list waits for the answer, so it is asked once, already filtered.
 */
import { useEffect, useState } from 'react';
import { textOf } from '../../../../common/text';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import { useSession } from '../../core/session';
import type { EntityMeta } from '../../core/types';
import { arrived } from '../../core/arrival';

/**
 * The filters to add (`param -> key`) once known; undefined while the API is asked. Filters the address already
 * sets, or the caller's fixed scope, are left alone; a target the caller may not list is skipped.
 */
export function useSingleChoices(entity: EntityMeta, filters: Record<string, string>): Record<string, string> | undefined {
  const provider = useDataProvider();
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  const { can } = useSession();
  const asked = (entity.selectSingle ?? []).flatMap((field) => {
    const filter = entity.filters.find((f) => f.field === field);
    const target = filter?.reference ? entities[filter.reference] : undefined;
    if (!filter || !target || target.key.length !== 1 || filters[filter.param] || !can(target.permissions.list)) return [];
    return [{ param: filter.param, target }];
  });
  const wanted = asked.map((a) => a.param).join(',');
  const [answer, setAnswer] = useState<{ for: string; choices: Record<string, string> }>();
  useEffect(() => {
    if (!wanted || answer) return undefined;
    const controller = new AbortController();
    Promise.all(asked.map(async ({ param, target }) => {
      const page = await provider.list(target, { page: 0, size: 2, ...(target.compact?.length ? { format: 'compact' as const } : {}) }, controller.signal);
      const only = page.totalCount === 1 ? page.results.at(0)?.[target.key[0]] : undefined;
      return only === undefined || only === null ? [] : [[param, textOf(only)] as const];
    }))
      .then((found) => { arrived(() => { setAnswer({ for: wanted, choices: Object.fromEntries(found.flat()) }); }); })
      // Not knowing is no reason to hide the list: it opens without the choice.
      .catch(() => { if (!controller.signal.aborted) setAnswer({ for: wanted, choices: {} }); });
    return () => controller.abort();
    // `asked` is derived from `wanted` and the manifest: asking again for the same filters is not needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, answer, provider]);
  if (!wanted) return {};
  return answer ? answer.choices : undefined;
}
