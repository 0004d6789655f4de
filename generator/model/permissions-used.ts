/**
 * Which actions of each function the spec actually checks somewhere (entity operations, screens, field edit
 * permissions, transitions, custom operations, pages). The role editor offers only these checkboxes: a grant
 * nothing checks (ANAG_BANCHE:VARIAZIONE) does nothing, and a 43 x 7 grid of mostly meaningless boxes hides the
 * few that matter.
 */
import { permissionsOf, transitionsOf, type Model } from '../../common/model.js';

export function permissionsUsed(model: Pick<Model, 'entities' | 'operations' | 'pages'>): Record<string, string[]> {
  const used = new Map<string, Set<string>>();
  const add = (permission: string | undefined) => {
    if (!permission) return;
    const [fn, action] = permission.split(':');
    if (!fn || !action) return;
    used.set(fn, (used.get(fn) ?? new Set()).add(action));
  };
  for (const entity of model.entities) {
    if (entity.api.path) {
      const { operations } = entity.api;
      // Every permission of an operation that takes any of several (`permissions: { update: [A, B] }`).
      const addAll = (op: Parameters<typeof permissionsOf>[1]) => { permissionsOf(entity.api, op).forEach(add); };
      operations.forEach(addAll);
      if (entity.children.length) { addAll('childList'); addAll('childReplace'); }
    }
    add(entity.list?.permission);
    add(entity.form?.permission);
    for (const field of entity.fields) add(field.editPermission);
    for (const transition of transitionsOf(entity)) add(transition.permission);
  }
  for (const op of model.operations) add(op.permission);
  for (const page of model.pages) add(page.permission);
  return Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)).map(([fn, actions]) => [fn, [...actions].sort()]));
}
