/**
 * Nobody hands out more than they hold (ASVS 8.2.1): a user may assign a role, or give a role a grant,
 * only when every FUNCTION:ACTION it carries is one of their own grants. Without this a bank manager
 * with user management could make anyone, themselves included, an administrator.
 */
import { ApiError } from '../../http/api-error.js';
import type { EntityHooks } from '../hooks.js';
import { holds, roleGrants } from './caller.js';

function refuseBeyond(grants: string[], holdsGrant: (g: string) => boolean, field: string, message: string): void {
  const beyond = grants.filter((g) => !holdsGrant(g));
  if (beyond.length) throw new ApiError('FORBIDDEN', [{ field, message: `${message}: ${beyond.join(', ')}` }]);
}

/** Utente: the roles in `authorities` may not carry grants the caller lacks. */
export const userHooks: EntityHooks = {
  async beforeSave({ trx, caller, row, body }) {
    const roles = body.authorities as { roleName?: unknown }[] | undefined;
    if (!caller || caller.isAssistenza || !Array.isArray(roles)) return;
    const grants = await roleGrants(trx, String(row.group), roles.map((r) => String(r.roleName)));
    refuseBeyond(grants, (g) => holds(caller, g), 'authorities', 'Ruolo con permessi che non si possiedono');
  },
};

/** Ruolo: the grants in `permessi` may not exceed the caller's own. */
export const roleHooks: EntityHooks = {
  async beforeSave({ caller, body }) {
    const permessi = body.permessi as { funzione?: unknown; azione?: unknown }[] | undefined;
    if (!caller || caller.isAssistenza || !Array.isArray(permessi)) return;
    refuseBeyond(permessi.map((p) => `${String(p.funzione)}:${String(p.azione)}`), (g) => holds(caller, g), 'permessi', 'Permessi che non si possiedono');
  },
};
