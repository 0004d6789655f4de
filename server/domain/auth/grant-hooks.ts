/**
 * Nobody hands out more than they hold (ASVS 8.2.1): a user may assign a role, or give a role a grant,
 * only when every FUNCTION:ACTION it carries is one of their own grants. Without this a bank manager
 * with user management could make anyone, themselves included, an administrator.
 * A role is given only where it exists (issue 12 item 13): defined in the user's group or one of its
 * ancestors, where the grants are looked up (caller.ts); and a role users hold is not deleted (issue 12).
 */
import type { Knex } from 'knex';
import { entityByName, type EntityModel } from '../../../common/model.js';
import type { RuntimeModel } from '../../artifacts.js';
import { ApiError } from '../../http/api-error.js';
import { named } from '../../lookup.js';
import { expectRecords } from '../../records.js';
import type { EntityHooks } from '../hooks.js';
import { holds, roleGrants } from './caller.js';

function refuseBeyond(grants: string[], holdsGrant: (g: string) => boolean, field: string, message: string): void {
  const beyond = grants.filter((g) => !holdsGrant(g));
  if (beyond.length) throw new ApiError('FORBIDDEN', [{ field, message: `${message}: ${beyond.join(', ')}` }]);
}

/** Utente: the roles in `authorities` must exist for the user's group and may not carry grants the caller lacks. */
export const userHooks: EntityHooks = {
  async beforeSave({ trx, model, entity, caller, row, body, pathOf }) {
    const sent = body.authorities;
    if (!caller || !Array.isArray(sent)) return;
    const roles = expectRecords(sent, `${entity.name}.authorities`);
    const names = roles.map((r) => String(r.roleName));
    const chain = (await groupChains(trx, model)).chainOf(String(row.group));
    const defined = new Set((await roleDefinitions(trx, model, names)).filter((d) => chain.includes(d.group)).map((d) => d.role));
    const child = named(entity.children, 'authorities', `${entity.name} children`);
    const where = (i: number) => (pathOf ? pathOf(child, i) : `${child.name}.${i}.`);
    const missing = names.map((name, i) => ({ name, i })).filter(({ name }) => !defined.has(name));
    // The message is the spec's (UtenteRuolo.roleName messages.reference), with the role's name.
    const given = entityByName(model, child.entity);
    const unknown = named(given.fields, 'roleName', `${given.name} fields`).messages.reference;
    if (missing.length) throw new ApiError('VALIDATION_ERROR', missing.map(({ name, i }) => ({ field: `${where(i)}roleName`, message: `${unknown}: ${name}` })));
    if (caller.isAssistenza) return;
    // A role the user already holds is kept, not given: forms send whole rows, and a save that changes a
    // user's name must not be refused for a role someone else gave (its grants are not handed out again).
    const heldColumn = named(given.fields, 'roleName', `${given.name} fields`).column;
    const userColumn = named(given.fields, 'username', `${given.name} fields`).column;
    // Only in the same group: the same name may carry other grants in another group's chain.
    const groupColumn = named(entity.fields, 'group', `${entity.name} fields`).column;
    const keyColumn = named(entity.fields, 'username', `${entity.name} fields`).column;
    const stored: { group?: unknown } | undefined = await trx(entity.table).where(keyColumn, String(row.username)).first({ group: groupColumn });
    const sameGroup = stored !== undefined && String(stored.group) === String(row.group);
    const held = new Set(sameGroup ? (await trx(given.table).where(userColumn, String(row.username)).pluck(heldColumn)).map(String) : []);
    const grants = await roleGrants(trx, String(row.group), names.filter((n) => !held.has(n)));
    refuseBeyond(grants, (g) => holds(caller, g), 'authorities', 'Ruolo con permessi che non si possiedono');
  },
};

/** Ruolo: the grants in `permessi` may not exceed the caller's own; a role users hold is not deleted. */
export const roleHooks: EntityHooks = {
  beforeSave({ entity, caller, body }) {
    const sent = body.permessi;
    if (!caller || caller.isAssistenza || !Array.isArray(sent)) return Promise.resolve();
    refuseBeyond(expectRecords(sent, `${entity.name}.permessi`).map((p) => `${String(p.funzione)}:${String(p.azione)}`), (g) => holds(caller, g), 'permessi', 'Permessi che non si possiedono');
    return Promise.resolve();
  },

  /**
   * The users whose role this definition is: they hold the name and this group is the nearest of their chain
   * defining it (a bank's own definition hides its parent's). Deleting it would change their access silently.
   */
  async beforeDelete({ trx, model, row }) {
    const role = String(row.roleName);
    const group = String(row.groupName);
    const chains = await groupChains(trx, model);
    const definers = new Set((await roleDefinitions(trx, model, [role])).map((d) => d.group));
    const user = entityByName(model, 'Utente');
    const held = entityByName(model, 'UtenteRuolo');
    const holders: { group: string }[] = await trx(`${user.table} as u`)
      .join(`${held.table} as r`, `r.${column(held, 'username')}`, `u.${column(user, 'username')}`)
      .where(`r.${column(held, 'roleName')}`, role)
      .select({ group: `u.${column(user, 'group')}` });
    const count = holders.filter((h) => chains.chainOf(h.group).find((g) => definers.has(g)) === group).length;
    if (count === 0) return;
    const message = count === 1 ? "Ruolo assegnato a 1 utente: toglierlo prima all'utente" : `Ruolo assegnato a ${count} utenti: toglierlo prima agli utenti`;
    throw new ApiError('REFERENCED', [{ field: 'roleName', message }]);
  },
};

function column(entity: EntityModel, field: string): string {
  return named(entity.fields, field, `${entity.name} fields`).column;
}

/** Every group with its parent, read once: `chainOf(g)` is g and its ancestors, nearest first. */
async function groupChains(trx: Knex.Transaction, model: RuntimeModel): Promise<{ chainOf(group: string): string[] }> {
  const gruppo = entityByName(model, 'Gruppo');
  const rows: { name: string; parent: string | null }[] = await trx(gruppo.table).select({ name: column(gruppo, 'groupName'), parent: column(gruppo, 'parentGroup') });
  const parent = new Map(rows.map((r) => [r.name, r.parent ?? undefined]));
  return {
    chainOf(group) {
      const chain: string[] = [];
      for (let g: string | undefined = group; g !== undefined && parent.has(g) && !chain.includes(g); g = parent.get(g)) chain.push(g);
      return chain;
    },
  };
}

/** The groups that define each of `roles` (rows of Ruolo). */
async function roleDefinitions(trx: Knex.Transaction, model: RuntimeModel, roles: string[]): Promise<{ group: string; role: string }[]> {
  if (!roles.length) return [];
  const ruolo = entityByName(model, 'Ruolo');
  // Both columns are varchar: SQLite and PostgreSQL answer them as strings.
  const rows: { group: string; role: string }[] = await trx(ruolo.table).whereIn(column(ruolo, 'roleName'), roles)
    .select({ group: column(ruolo, 'groupName'), role: column(ruolo, 'roleName') });
  return rows;
}
