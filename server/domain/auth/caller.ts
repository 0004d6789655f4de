/**
 * Who is calling: the user, their grants (FUNCTION:ACTION from the roles of their group and its
 * ancestors) and their data scope (seed 000 §1, §6). Built once per request from the database, so a
 * role change or a lock takes effect on the next call.
 */
import type { Knex } from 'knex';

export interface Caller {
  username: string;
  userType: string;
  group: string;
  groupType?: string;
  parentGroup?: string;
  cab?: string;
  authorities: string[];
  /** 'FN:ACTION' grants; '*' parts are kept as written and matched by `holds`. */
  grants: string[];
  /** Every bank and group whose rows the caller may see; 'all' for assistance users. */
  scope: 'all' | string[];
  banks: string[];
  isAssistenza: boolean;
  isMerchant: boolean;
  isMerchantOp: boolean;
}

export function holds(caller: Caller, permission: string): boolean {
  const [fn, action] = permission.split(':');
  return caller.grants.some((g) => {
    const [gf, ga] = g.split(':');
    return (gf === '*' || gf === fn) && (ga === '*' || ga === action);
  });
}

export function inScope(caller: Caller, value: unknown): boolean {
  return caller.scope === 'all' || caller.scope.includes(String(value));
}

export async function loadCaller(db: Knex, username: string, userType: string): Promise<Caller | undefined> {
  const user = await db('utente').where({ username }).first();
  if (!user || !truthy(user.enabled) || truthy(user.locked)) return undefined;
  const groups: GroupRow[] = await db('gruppo').select('group_name', 'group_type', 'parent_group');
  const own = groups.find((g) => g.group_name === user.group);

  const authorities: string[] = (await db('utente_ruolo').where({ username }).pluck('role_name')).sort();
  const grants = await roleGrants(db, user.group, authorities, groups);

  const isMerchant = own?.group_type === 'M';
  const isAssistenza = own?.group_type === 'S' && authorities.includes('ROLE_ADMIN');
  const descendants = descendantGroups(user.group, groups as { group_name: string; parent_group?: string }[]);
  const bankCodes: string[] = await db('banca').pluck('cod_abi');
  const banks = isAssistenza
    ? bankCodes
    : isMerchant
      ? [String(user.group).slice(0, 5)]
      : bankCodes.filter((abi) => descendants.includes(abi));
  return {
    username,
    userType,
    group: user.group,
    ...(own?.group_type ? { groupType: own.group_type } : {}),
    ...(own?.parent_group ? { parentGroup: own.parent_group } : {}),
    ...(user.cab ? { cab: user.cab } : {}),
    authorities,
    grants,
    scope: isAssistenza ? 'all' : [...new Set([...descendants, ...banks])].sort(),
    banks: banks.sort(),
    isAssistenza,
    isMerchant,
    isMerchantOp: authorities.includes('MERCHANT_OP'),
  };
}

type GroupRow = { group_name: string; group_type?: string; parent_group?: string };

/**
 * The FUNCTION:ACTION grants that `roles` give to a user of `group`: each role is looked up in the
 * group and then up its parents, and the nearest group that defines it wins (a bank can override
 * its parent's definition).
 */
export async function roleGrants(db: Knex, group: string, roles: string[], groups?: GroupRow[]): Promise<string[]> {
  if (!roles.length) return [];
  const all: GroupRow[] = groups ?? (await db('gruppo').select('group_name', 'group_type', 'parent_group'));
  const byName = new Map(all.map((g) => [g.group_name, g]));
  const chain: string[] = [];
  for (let g: string | undefined = group; g && !chain.includes(g); g = byName.get(g)?.parent_group) chain.push(g);
  const rows: { group_name: string; role_name: string; funzione: string; azione: string }[] =
    await db('ruolo_permesso').whereIn('group_name', chain).whereIn('role_name', roles).select('group_name', 'role_name', 'funzione', 'azione');
  const definingGroup = new Map<string, string>();
  for (const role of roles) {
    const found = chain.find((g) => rows.some((r) => r.group_name === g && r.role_name === role));
    if (found) definingGroup.set(role, found);
  }
  return [...new Set(rows.filter((r) => definingGroup.get(r.role_name) === r.group_name).map((r) => `${r.funzione}:${r.azione}`))].sort();
}

/** The group itself and every group below it. */
function descendantGroups(root: string, groups: { group_name: string; parent_group?: string }[]): string[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    for (const g of groups) if (g.parent_group === out[i] && !out.includes(g.group_name)) out.push(g.group_name);
  }
  return out;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
