/**
 * The fields a caller cannot choose (seed 000 §6, seed 002 §6): a single-bank user has its bank preselected
 * and locked, a branch user its cab. users/me says which data-scope dimension the caller is fixed to and to
 * what (`fixedBank`, `fixedBranch`, ...: common/data-scope.ts fixedScopeOf), the manifest which field of an
 * entity holds each dimension (`scope`). Forms prefill and lock those fields, list filters likewise; the
 * server refuses any other value on its own (data scope).
 */
import type { ScopeDimension } from '../../../common/data-scope';
import type { CurrentUser } from './authApi';
import type { EntityMeta, FilterDef } from './types';

export type FixedAnswer = Pick<CurrentUser, 'fixedBank' | 'fixedGroup' | 'fixedBranch' | 'fixedMerchant' | 'fixedStore'>;

function fixedValueOf(user: FixedAnswer, dimension: ScopeDimension): string | null | undefined {
  switch (dimension) {
    case 'bank': return user.fixedBank;
    case 'group': return user.fixedGroup;
    case 'branch': return user.fixedBranch;
    case 'merchant': return user.fixedMerchant;
    case 'store': return user.fixedStore;
  }
}

const DIMENSIONS: readonly ScopeDimension[] = ['bank', 'group', 'branch', 'merchant', 'store'];

/** Field -> the value the caller is fixed to, for the entity's scope fields (empty when nothing is fixed). */
export function fixedFieldValues(scope: Partial<Record<string, string>> | undefined, user: FixedAnswer | undefined): Record<string, string> {
  if (!scope || !user) return {};
  const fixed: Record<string, string> = {};
  for (const dimension of DIMENSIONS) {
    const field = scope[dimension];
    const value = fixedValueOf(user, dimension);
    if (field !== undefined && value) fixed[field] = value;
  }
  return fixed;
}

/** Filter parameter -> the fixed value, for the filters on a fixed field that take one value (not a range). */
export function fixedFilterValues(filters: readonly FilterDef[], fields: Record<string, string>): Record<string, string> {
  const byField: Partial<Record<string, string>> = fields;
  const fixed: Record<string, string> = {};
  for (const filter of filters) {
    const value = filter.search === 'range' ? undefined : byField[filter.field];
    if (value !== undefined) fixed[filter.param] = value;
  }
  return fixed;
}

/** A list's filters the caller cannot change: its fixed bank, branch... on the entity's single-value filters. */
export function fixedListFilters(entity: Pick<EntityMeta, 'filters' | 'scope'>, user: FixedAnswer | undefined): Record<string, string> {
  return fixedFilterValues(entity.filters, fixedFieldValues(entity.scope, user));
}
