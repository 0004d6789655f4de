/**
 * Data scope as dimensions (issue 14 item 8). An entity's `scope` maps dimensions to its fields
 * (`scope: { bank: codAbi, merchant: codEser, store: pdvid }`); the platform bindings
 * (spec/platform/bindings.yaml `dataScope`) say, for each kind of caller, which of the caller's values
 * restricts each dimension. The server turns the two into a predicate the database evaluates, so a
 * request costs the same however many banks, merchants or stores there are (issue 19).
 */

/** What a scope field holds. */
export const SCOPE_DIMENSIONS = ['bank', 'group', 'branch', 'merchant', 'store'] as const;
export type ScopeDimension = (typeof SCOPE_DIMENSIONS)[number];

/** An entity's dimensions, each mapped to the field holding it; empty when its rows are shared. */
export type ScopeMap = Partial<Record<ScopeDimension, string>>;

/**
 * A dimension the row does not carry but takes through a reference (`scope: { branch: { through: pdvid } }`):
 * the reference field and the entity it points to, whose own scope maps the dimension. The caller's restriction
 * becomes "the referenced row has it", a subquery the database evaluates (server/crud/data-scope.ts).
 */
export interface ScopeThrough { field: string; entity: string }

/** The kinds of caller (seed 000 §1): assistance, bank-side users (push agents too) and merchants. */
export const CALLER_KINDS = ['assistance', 'bank', 'merchant'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/**
 * The caller's values a dimension can be restricted to:
 * - groupTree: the caller's group and every group below it (a bank user sees its banks, a federation its members);
 * - ownBranch: the caller's cab, when it has one (a branch user); no restriction otherwise;
 * - ownGroup: the caller's own group only (a merchant's group is ABI-merchant code, seed 000 §6);
 * - ownBank: the bank of a merchant's group (its first five characters);
 * - ownMerchant: the merchant code of a merchant's group (after the dash);
 * - assignedStores: the stores assigned to a merchant operator (MERCHANT_OP, seed 002 §3); no restriction
 *   for the merchant's administrator.
 */
export const SCOPE_VALUES = ['groupTree', 'ownBranch', 'ownGroup', 'ownBank', 'ownMerchant', 'assignedStores'] as const;
export type ScopeValue = (typeof SCOPE_VALUES)[number];

/**
 * How one kind of caller is restricted. `needs`: a scoped entity that maps none of these dimensions shows
 * the kind nothing (a merchant sees no entity that says nothing of merchants: not its bank's users, nor its
 * bank's branches); an entity without a scope is shared by all. A dimension the kind does not bind does
 * not restrict it.
 */
export interface KindScope {
  all?: true;
  needs?: ScopeDimension[];
  restrict?: Partial<Record<ScopeDimension, ScopeValue>>;
}

export type DataScopeBindings = Record<CallerKind, KindScope>;

/** Whether a kind of caller may see any row of an entity with `scope`; rows without a scope are everyone's. */
export function kindReaches(kind: KindScope, scope: ScopeMap): boolean {
  if (!kind.needs || !SCOPE_DIMENSIONS.some((d) => scope[d] !== undefined)) return true;
  return kind.needs.some((d) => scope[d] !== undefined);
}

/** The dimensions of `scope` that restrict `kind`, with the caller value each is restricted to. */
export function restrictionsOf(kind: KindScope, scope: ScopeMap): { dimension: ScopeDimension; field: string; value: ScopeValue }[] {
  if (kind.all) return [];
  return SCOPE_DIMENSIONS.flatMap((dimension) => {
    const field = scope[dimension];
    const value = kind.restrict?.[dimension];
    return field !== undefined && value !== undefined ? [{ dimension, field, value }] : [];
  });
}

/** A merchant's group is ABI + '-' + merchant code (seed 000 §6). */
export function merchantOfGroup(group: string): { bank: string; merchant: string } {
  const dash = group.indexOf('-');
  return dash < 0 ? { bank: group.slice(0, 5), merchant: '' } : { bank: group.slice(0, dash), merchant: group.slice(dash + 1) };
}

/** What a caller is bound to, for `fixedScopeOf`: its group, cab, banks, and as a merchant its bank and code, its stores. */
export interface ScopedCaller {
  group: string;
  cab?: string;
  banks: readonly string[];
  merchant?: { bank: string; code: string };
  stores?: readonly string[];
}

/**
 * The dimensions on which a caller can only ever write one value, and that value (seed 000 §6, seed 002 §6:
 * a single-bank user has the bank preselected and locked, a branch user its cab). The forms prefill and lock
 * the fields of these dimensions and the list filters do the same; the server's own check stays the data scope.
 * - groupTree: the bank when the caller has exactly one; on `group`, only when that bank is the caller's own
 *   group (a bank's group is its ABI), so a federation with one member bank still picks its own group too;
 * - ownBranch: the caller's cab; ownGroup, ownBank, ownMerchant: a merchant's own values;
 * - assignedStores: the one store of an operator who was given exactly one.
 */
export function fixedScopeOf(kind: KindScope, caller: ScopedCaller): Partial<Record<ScopeDimension, string>> {
  if (kind.all) return {};
  const fixed: Partial<Record<ScopeDimension, string>> = {};
  const onlyBank = caller.banks.length === 1 ? caller.banks[0] : undefined;
  for (const dimension of SCOPE_DIMENSIONS) {
    const value = kind.restrict?.[dimension];
    if (value === undefined) continue;
    const one = fixedValue(value, dimension, caller, onlyBank);
    if (one !== undefined && one !== '') fixed[dimension] = one;
  }
  return fixed;
}

function fixedValue(value: ScopeValue, dimension: ScopeDimension, caller: ScopedCaller, onlyBank: string | undefined): string | undefined {
  switch (value) {
    case 'groupTree': return dimension === 'group' && onlyBank !== caller.group ? undefined : onlyBank;
    case 'ownBranch': return caller.cab;
    case 'ownGroup': return caller.group;
    case 'ownBank': return caller.merchant?.bank;
    case 'ownMerchant': return caller.merchant?.code;
    case 'assignedStores': return caller.stores?.length === 1 ? caller.stores[0] : undefined;
  }
}
