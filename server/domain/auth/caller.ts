/**
 * Who is calling: the user, their grants (FUNCTION:ACTION from the roles of their group and its
 * ancestors) and their data scope (seed 000 §1, §6). The session and the user (enabled, locked) are read
 * on every request; the roles, grants and scope are kept until one of their tables is written
 * (kept-per-version.ts), so a lock, or a role change made through this server, takes effect on the next call.
 */
import type { Knex } from 'knex';
import { expectRecords, isRecord, textOrNull } from '../../records.js';
import { merchantOfGroup, type CallerKind } from '../../../common/data-scope.js';
import { textOf } from '../../../common/text.js';
import { isPostgres } from '../../db/dialect.js';
import { KeptPerVersion } from './kept-per-version.js';

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
  /**
   * Functions a merchant caller holds no grant of because its merchant has their flag off (merchant-flags.ts):
   * `holds` refuses them even to a wildcard grant. Absent for everyone else.
   */
  withheld?: readonly string[];
  /**
   * Every bank and group whose rows the caller may see, merchants' groups aside (inScope() admits those
   * below a bank of the scope); 'all' for assistance users. Kept per group
   * (scopeOfGroup) and shared between callers: read it, never change it. Lists send it to the database as
   * one bound JSON array (whereInScope), never as one placeholder per group.
   */
  scope: 'all' | readonly string[];
  /**
   * The groups above the caller's (its parent, the parent's parent, ...), nearest first: an entity with
   * `readAbove` lets a caller whose groups are restricted to its tree read their rows too (the roles its group
   * inherits), never write them. Absent for assistance, who reads everything.
   */
  ancestors?: readonly string[];
  /** The caller's banks; empty for assistance, whose scope is 'all'. Kept with the scope: read it, never change it. */
  banks: readonly string[];
  isAssistenza: boolean;
  isMerchant: boolean;
  isMerchantOp: boolean;
  /** Which binding of spec/platform/bindings.yaml `dataScope` restricts the caller. */
  kind: CallerKind;
  /** A merchant caller's bank and merchant code, from its group (ABI-code, seed 000 §6). */
  merchant?: { bank: string; code: string };
  /**
   * A merchant operator's assigned stores (seed 002 §3), for checking one row; lists use a subquery
   * (whereInAssignedStores). Read per request like the roles: as many as the operator was given, not as
   * many as the merchant has. Absent for everyone else: nobody else is restricted by store.
   */
  stores?: readonly string[];
  /** The assistance user acting in this merchant's business profile (the session's, users/logToEserWpbProfile). */
  actingBy?: string;
}

export function holds(caller: Caller, permission: string): boolean {
  const [fn, action = ''] = permission.split(':');
  if (caller.withheld?.includes(fn)) return false;
  const index = grantIndexOf(caller.grants);
  const granted = (actions: ReadonlySet<string> | undefined) => actions !== undefined && (actions.has('*') || actions.has(action));
  return granted(index.get(fn)) || granted(index.get('*'));
}

/** Some grant of the function `fn` (any action, a wildcard included), unless the caller's merchant withholds it. */
export function holdsFunction(caller: Caller, fn: string): boolean {
  if (caller.withheld?.includes(fn)) return false;
  const index = grantIndexOf(caller.grants);
  return index.has(fn) || index.has('*');
}

/**
 * A caller's grants as function -> actions, made once per grants array (kept with the caller's roles, so once per
 * role change, not per request): a list's `_actions` asks `holds` a few times a row, and scanning and splitting some
 * fifty grants each time cost a page of stores more than its query (issue 19, merchant list).
 */
const grantIndexes = new WeakMap<readonly string[], ReadonlyMap<string, ReadonlySet<string>>>();
function grantIndexOf(grants: readonly string[]): ReadonlyMap<string, ReadonlySet<string>> {
  let index = grantIndexes.get(grants);
  if (index === undefined) {
    const byFunction = new Map<string, Set<string>>();
    for (const grant of grants) {
      const [fn, action = ''] = grant.split(':');
      let actions = byFunction.get(fn);
      if (actions === undefined) byFunction.set(fn, (actions = new Set()));
      actions.add(action);
    }
    index = byFunction;
    grantIndexes.set(grants, index);
  }
  return index;
}

export function inScope(caller: Caller, value: unknown): boolean {
  if (caller.scope === 'all') return true;
  const scope = setOfScope(caller.scope);
  const text = String(value);
  // The kept scope lists no merchant's group (belowSql): one is in scope when its bank's group is.
  return scope.has(text) || (text.includes('-') && scope.has(merchantOfGroup(text).bank));
}

/** Each kept scope as a set, made once: a federation's 10,000 groups are looked up, not scanned, per row checked. */
const scopeSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function setOfScope(scope: readonly string[]): ReadonlySet<string> {
  let set = scopeSets.get(scope);
  if (set === undefined) {
    set = new Set(scope);
    scopeSets.set(scope, set);
  }
  return set;
}

/** The user's columns the caller is built from (utente as u, joined to the user's gruppo as g). */
export const USER_COLUMNS = ['u.username', 'u.group', 'u.cab', 'u.enabled', 'u.locked', 'g.group_type as own_group_type', 'g.parent_group as own_parent_group'];

export interface UserRow {
  username: string; group: string; cab?: string | null; enabled: unknown; locked: unknown;
  own_group_type?: string | null; own_parent_group?: string | null;
}

export async function loadCaller(db: Knex, username: string, userType: string): Promise<Caller | undefined> {
  const user: UserRow | undefined = await db('utente as u').leftJoin('gruppo as g', 'g.group_name', 'u.group').where('u.username', username).first(USER_COLUMNS);
  return user ? callerFromUser(db, user, userType) : undefined;
}

/**
 * Two more queries, whatever the size of the group tree: the user's roles with every grant those roles
 * have along the group's chain of parents (a recursive query); the groups below the user's, each marked
 * when it is a bank. Reading every group and every bank on each call cost
 * more than the rest of a request (bench/README.md, API suite).
 */
export async function callerFromUser(db: Knex, user: UserRow, userType: string): Promise<Caller | undefined> {
  if (!truthy(user.enabled) || truthy(user.locked)) return undefined;
  const { username } = user;
  const { authorities, grants } = await keptGrants.get(db, `${user.group}\u0000${username}`, async () => {
    const roleRows = rowsOf(await db.raw(ROLE_GRANTS_SQL, [user.group, username])).map(roleGrantRow);
    return { authorities: Object.freeze([...new Set(roleRows.map((r) => r.role_name))].sort()), grants: Object.freeze(nearestGrants(roleRows)) };
  });

  const isMerchant = user.own_group_type === 'M';
  const isAssistenza = user.own_group_type === 'S' && authorities.includes('ROLE_ADMIN');
  // Seed 000 §1: MERCHANT_OP marks an operator. The business portal gives it to every user it creates and never
  // takes it away (spec/sicurezza/utente-esercente.yaml choices onCreate).
  const isMerchantOp = authorities.includes('MERCHANT_OP');
  // Assistance sees everything: neither the groups below nor the banks are listed. Anyone else's scope is
  // kept per group until a group or bank is written, so a request costs the same with 6 banks below the
  // caller's group or 10,000 (tests/server/request-cost.test.ts).
  const below = isAssistenza ? undefined : await scopeOfGroup(db, user.group);
  const merchant = isMerchant ? merchantOfGroup(user.group) : undefined;
  const banks: readonly string[] = !below ? [] : merchant ? [merchant.bank] : below.banks;
  // A merchant's scope is its own group: its bank's rows are not its own (bindings.yaml dataScope).
  const scope: 'all' | readonly string[] = !below ? 'all' : below.groups;
  const stores = isMerchant && isMerchantOp ? await assignedStores(db, username) : undefined;
  return {
    username,
    userType,
    group: user.group,
    ...(user.own_group_type ? { groupType: user.own_group_type } : {}),
    ...(user.own_parent_group ? { parentGroup: user.own_parent_group } : {}),
    ...(user.cab ? { cab: user.cab } : {}),
    authorities: [...authorities],
    grants: [...grants],
    scope,
    ...(below ? { ancestors: below.above } : {}),
    // Shared, not copied: a federation's 10,000 banks would be copied on every request.
    banks,
    isAssistenza,
    isMerchant,
    isMerchantOp,
    kind: isAssistenza ? 'assistance' : isMerchant ? 'merchant' : 'bank',
    ...(merchant ? { merchant: { bank: merchant.bank, code: merchant.merchant } } : {}),
    ...(stores ? { stores } : {}),
  };
}

async function assignedStores(db: Knex, username: string): Promise<readonly string[]> {
  const rows: { pdvid: unknown }[] = await db('utente_negozio').where('username', username).select('pdvid');
  return Object.freeze(rows.map((r) => textOf(r.pdvid)).sort());
}

/** Restricts `qb` to the stores assigned to the operator `caller` (a subquery: the statement's size is fixed). */
export function whereInAssignedStores(qb: Knex.QueryBuilder, column: string, caller: Caller): void {
  qb.whereIn(column, (sub) => { sub.from('utente_negozio').where('username', caller.username).select('pdvid'); });
}

/**
 * Each role of the user, with the grants ruolo_permesso gives it in each group of the chain from the
 * user's group up (depth 0 is the user's group); a role no group defines has one row with nulls.
 */
const ROLE_GRANTS_SQL = `
WITH RECURSIVE chain(group_name, depth) AS (
  SELECT group_name, 0 FROM gruppo WHERE group_name = ?
  UNION ALL
  SELECT g.parent_group, c.depth + 1 FROM chain c JOIN gruppo g ON g.group_name = c.group_name
  WHERE g.parent_group IS NOT NULL AND c.depth < 64
)
SELECT ur.role_name, p.funzione, p.azione, p.depth
FROM utente_ruolo ur
LEFT JOIN (
  SELECT rp.role_name, rp.funzione, rp.azione, c.depth FROM ruolo_permesso rp JOIN chain c ON c.group_name = rp.group_name
) p ON p.role_name = ur.role_name
WHERE ur.username = ?`;

/**
 * A user's roles and the grants they give in the user's group, kept per user and group until a role, a
 * grant or a group (the chain that decides which group's grants apply) is written: resolving them again
 * on every call was a recursive query and a fifth of the JavaScript of a read (issue 19). Whether the user
 * may sign in at all (enabled, locked) and the session are still read on every call.
 */
const keptGrants = new KeptPerVersion<{ authorities: readonly string[]; grants: readonly string[] }>(['utente_ruolo', 'ruolo_permesso', 'gruppo'], 30_000, 5000);

/** A merchant's group (seed 000 §6): a leaf of the tree, below its bank's group. */
const MERCHANT_GROUP_TYPE = 'M';

/**
 * The group and every group below it but merchants' (index gruppo [parent_group, group_type]), as one
 * subquery. A merchant's group is a leaf named after its bank (merchantOfGroup), so the walk stops above
 * them: with a million merchants below a federation's banks it visits the banks' groups only, not a
 * million more (bench/suites/volume.ts).
 *
 * Each step reads the children of a group that are not merchants as three ranges of that index (type
 * before 'M', after 'M', none). `group_type <> 'M'` cannot be a range: both databases read every child
 * of each bank, its merchants included, and dropped them afterwards: 150 ms per list for a federation
 * over 10,000 banks with 100 merchants each on SQLite, 30 ms with the ranges (issue 19). SQLite takes
 * several recursive SELECTs in one CTE; PostgreSQL refers to the CTE once, so there the ranges are a
 * LATERAL subquery of each step.
 */
const belowSql = (postgres: boolean) => (postgres
  ? `WITH RECURSIVE below(group_name) AS (
  SELECT group_name FROM gruppo WHERE group_name = ?
  UNION
  SELECT g.group_name FROM below b CROSS JOIN LATERAL (
    SELECT c.group_name FROM gruppo c WHERE c.parent_group = b.group_name AND c.group_type < '${MERCHANT_GROUP_TYPE}'
    UNION ALL SELECT c.group_name FROM gruppo c WHERE c.parent_group = b.group_name AND c.group_type > '${MERCHANT_GROUP_TYPE}'
    UNION ALL SELECT c.group_name FROM gruppo c WHERE c.parent_group = b.group_name AND c.group_type IS NULL
  ) g
) SELECT group_name FROM below`
  : `WITH RECURSIVE below(group_name) AS (
  SELECT group_name FROM gruppo WHERE group_name = ?
  UNION
  SELECT g.group_name FROM gruppo g JOIN below b ON g.parent_group = b.group_name WHERE g.group_type < '${MERCHANT_GROUP_TYPE}'
  UNION
  SELECT g.group_name FROM gruppo g JOIN below b ON g.parent_group = b.group_name WHERE g.group_type > '${MERCHANT_GROUP_TYPE}'
  UNION
  SELECT g.group_name FROM gruppo g JOIN below b ON g.parent_group = b.group_name WHERE g.group_type IS NULL
) SELECT group_name FROM below`);
const BELOW_SQL = { sqlite: belowSql(false), postgres: belowSql(true) };

/** The group and every group below it, each with whether it is a bank (a bank's group is named by its ABI). */
const groupsBelow = (below: string) => below.replace(
  /SELECT group_name FROM below$/, 'SELECT b.group_name, EXISTS (SELECT 1 FROM banca x WHERE x.cod_abi = b.group_name) AS is_bank FROM below b');
const GROUPS_BELOW_SQL = { sqlite: groupsBelow(BELOW_SQL.sqlite), postgres: groupsBelow(BELOW_SQL.postgres) };

/**
 * The caller's kept scope (scopeOfGroup) as one bound JSON array the database reads as a set: the statement's
 * text stays the same whatever the number of groups, and the group tree is walked once per group and write
 * (KeptPerVersion), not on every list. Walking it in each statement cost a federation over 10,000 banks 33 ms
 * per page on SQLite and 350 ms on PostgreSQL (bench/suites/volume.ts); reading 10,000 bound codes costs about 1.
 */
const SCOPE_SET = {
  sqlite: 'SELECT value FROM json_each(?)',
  postgres: 'SELECT jsonb_array_elements_text(?::jsonb)',
};
const scopeSetOf = (q: { client: { dialect?: string } }) => (isPostgres(q) ? SCOPE_SET.postgres : SCOPE_SET.sqlite);
/** The JSON of each kept scope, written once: the arrays are frozen and shared by every caller of the group. */
const scopeJson = new WeakMap<readonly string[], string>();
function jsonOfScope(scope: readonly string[]): string {
  let json = scopeJson.get(scope);
  if (json === undefined) {
    json = JSON.stringify(scope);
    scopeJson.set(scope, json);
  }
  return json;
}

/**
 * Restricts `qb` to the rows whose `column` (a bank or group) is in the caller's scope (before issue 19 the
 * whole list went into every statement as whereIn(column, scope): one placeholder per group).
 */
export function whereInScope(qb: Knex.QueryBuilder, column: string, caller: Caller, options: { merchantGroups?: boolean } = {}): void {
  if (caller.scope === 'all') return;
  const set = scopeSetOf(qb);
  const json = jsonOfScope(caller.scope);
  if (!options.merchantGroups) {
    qb.whereRaw(`?? IN (${set})`, [column, json]);
    return;
  }
  // A column of groups: the merchants' groups below the caller's are in scope too (their users, roles).
  qb.where((q) => {
    q.whereRaw(`?? IN (${set})`, [column, json])
      .orWhereRaw(`?? IN (SELECT m.group_name FROM gruppo m WHERE m.group_type = '${MERCHANT_GROUP_TYPE}' AND m.parent_group IN (${set}))`, [column, json]);
  });
}

interface GroupScope { groups: readonly string[]; banks: readonly string[]; above: readonly string[] }

/** The groups above a group, nearest first (the chain the roles are looked up along, ROLE_GRANTS_SQL). */
const ABOVE_SQL = `WITH RECURSIVE chain(group_name, depth) AS (
  SELECT parent_group, 1 FROM gruppo WHERE group_name = ? AND parent_group IS NOT NULL
  UNION ALL
  SELECT g.parent_group, c.depth + 1 FROM chain c JOIN gruppo g ON g.group_name = c.group_name
  WHERE g.parent_group IS NOT NULL AND c.depth < 64
) SELECT group_name FROM chain ORDER BY depth`;
/** The tables a group's scope is computed from: a write to either ends every kept scope. */
const keptScopes = new KeptPerVersion<GroupScope>(['gruppo', 'banca'], 30_000, 2000);

/**
 * The groups below `group` (itself included) and the banks among them, sorted, and the groups above it. Kept
 * per group (KeptPerVersion) until gruppo or banca is written.
 */
export async function scopeOfGroup(db: Knex | Knex.Transaction, group: string): Promise<GroupScope> {
  return keptScopes.get(db, group, async () => {
    const below = rowsOf(await db.raw(isPostgres(db) ? GROUPS_BELOW_SQL.postgres : GROUPS_BELOW_SQL.sqlite, [group]));
    return {
      groups: Object.freeze<string[]>(below.map((g) => String(g.group_name)).sort()),
      banks: Object.freeze<string[]>(below.filter((g) => truthy(g.is_bank)).map((g) => String(g.group_name)).sort()),
      above: Object.freeze<string[]>(rowsOf(await db.raw(ABOVE_SQL, [group])).map((g) => String(g.group_name))),
    };
  });
}

type RoleGrantRow = { role_name: string; funzione: string | null; azione: string | null; depth: number | null };

/** As roleGrants: each role's grants come from the nearest group of the chain that defines the role. */
function nearestGrants(rows: RoleGrantRow[]): string[] {
  const nearest = new Map<string, number>();
  for (const r of rows) {
    if (r.depth === null) continue;
    const depth = r.depth;
    const known = nearest.get(r.role_name);
    if (known === undefined || depth < known) nearest.set(r.role_name, depth);
  }
  return [...new Set(rows.filter((r) => r.depth !== null && r.depth === nearest.get(r.role_name)).map((r) => `${r.funzione}:${r.azione}`))].sort();
}

/** Rows of a raw query: SQLite drivers answer the array, PostgreSQL a result object. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return expectRecords(Array.isArray(result) ? result : isRecord(result) ? result.rows : undefined, 'The rows of a raw query');
}

function roleGrantRow(row: Record<string, unknown>): RoleGrantRow {
  return {
    role_name: String(row.role_name), funzione: textOrNull(row.funzione), azione: textOrNull(row.azione),
    depth: row.depth === null || row.depth === undefined ? null : Number(row.depth),
  };
}

/**
 * The FUNCTION:ACTION grants that `roles` give to a user of `group`: each role is looked up in the
 * group and then up its parents, and the nearest group that defines it wins (a bank can override
 * its parent's definition).
 */
export async function roleGrants(db: Knex, group: string, roles: string[]): Promise<string[]> {
  if (!roles.length) return [];
  const all: { group_name: string; parent_group?: string }[] = await db('gruppo').select('group_name', 'parent_group');
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

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
