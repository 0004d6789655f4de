/**
 * Where an entity's `menu:` entry leads (docs/spec-language.md#menu), for the manifest's menu and GET menuitems
 * alike: its list; or, for an entity without a list or create whose form opens the caller's own row (a merchant's
 * profile, seed 000 §2 /wpbusiness/profilo/datiPersonali), its form without a key (every parameter optional).
 */
import type { EntityModel } from './model.js';

export function entityMenuRoute(entity: EntityModel): { route: string; permission: string } | undefined {
  if (!entity.menu) return undefined;
  if (entity.list) return { route: entity.list.route, permission: entity.list.permission };
  const form = entity.form;
  if (!form || entity.api.operations.includes('create') || !/^[^:]*(\/:[^/]+\?)*$/.test(form.route)) return undefined;
  return { route: form.route.replace(/\/:[^/]+\?/g, ''), permission: form.permission };
}
